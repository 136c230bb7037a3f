import { describe, expect, it } from "vitest";
import { validateEvent } from "../../lib/events/contract";
import type { HostileContext } from "./hostile-case";
import { countCases, FULL_MINIMUM, generateHostileCases, QUICK_MINIMUM } from "./hostile-generate";
import { refusedMutations } from "./hostile-mutate";

const ctx: HostileContext = {
  adminToken: "hl_admin", readToken: "hl_read", ingestToken: "hl_ingest", expiredToken: "hl_expired", revokedToken: "hl_revoked",
  viewerSession: "vs", adminSession: "as", signInUser: "hostile-admin", seedPrefix: "hl-seed", maxBodyBytes: 2 * 1024 * 1024,
  host: "127.0.0.1:9", signInActionId: "7f" + "0".repeat(40),
};

const CATEGORIES = [
  "ingest/wrong_type", "ingest/duplicate_id", "ingest/missing_parent", "ingest/huge_string", "ingest/deep_nesting", "ingest/invalid_utf8",
  "ingest/nul_bytes", "ingest/lone_surrogate", "ingest/invalid_json", "ingest/bad_line", "ingest/empty_body", "ingest/wrong_content_type",
  "ingest/oversize_body", "ingest/length_lie", "ingest/bad_credentials", "read/hostile_id", "read/bad_index", "read/bad_query",
  "read/search_syntax", "read/control_in_search", "read/bad_credentials", "import/zip_bomb", "ingest/log_injection", "read/job_write", "import/path_traversal", "import/malformed_file", "import/bad_form",
  "import/bad_credentials", "sign_in/bad_body", "sign_in/wrong_password", "sign_in/page_post", "sign_in/bad_link",
];

const fingerprint = (cases: ReturnType<typeof generateHostileCases>) =>
  cases.map((c) => `${c.id} ${c.path} ${c.body?.kind === "stream" ? c.body.chunk.length * c.body.repeat : (c.body?.bytes.length ?? 0)}`).join("\n");

describe("hostile input generator", () => {
  const full = generateHostileCases(ctx, { seed: 7, quick: false });
  const quick = generateHostileCases(ctx, { seed: 7, quick: true });

  it("is deterministic for a seed, and another seed samples differently", () => {
    expect(fingerprint(generateHostileCases(ctx, { seed: 7, quick: false }))).toBe(fingerprint(full));
    expect(fingerprint(generateHostileCases(ctx, { seed: 7, quick: true }))).toBe(fingerprint(quick));
    expect(fingerprint(generateHostileCases(ctx, { seed: 8, quick: true }))).not.toBe(fingerprint(quick));
  });

  it("makes at least 1,000 inputs in full and 250 in quick form, every category in both, with unique ids", () => {
    expect(full.length).toBeGreaterThanOrEqual(FULL_MINIMUM);
    expect(quick.length).toBeGreaterThanOrEqual(QUICK_MINIMUM);
    expect(quick.length).toBeLessThan(full.length);
    for (const cases of [full, quick]) {
      const { byCategory, byTarget } = countCases(cases);
      expect(Object.keys(byCategory).sort()).toEqual([...CATEGORIES].sort());
      expect(Object.keys(byTarget).sort()).toEqual(["import", "ingest", "read", "sign_in"]);
      expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    }
    // Quick keeps the whole wrong-password series, so the rate limit is reached (10 per user and address).
    expect(countCases(quick).byCategory["sign_in/wrong_password"]).toBeGreaterThan(10);
  });

  it("mutates only into events the contract refuses", () => {
    const rollout = { type: "task", id: "t", key: "k", benchmark: "b", metadata: { a: 1 } };
    const mutations = refusedMutations(rollout);
    expect(mutations.map((m) => m.name)).toEqual(expect.arrayContaining(["id=number", "id=null", "key=missing", "benchmark=array", "x_hostile_unknown=extra-field"]));
    // A free-form metadata value may be anything, so changing it is no hostile input.
    expect(mutations.some((m) => m.name.startsWith("metadata.a="))).toBe(false);
    for (const m of mutations) expect(validateEvent(m.event, 0).ok, m.name).toBe(false);
  });

  it("sends every writable body with new ids, so a wrongful accept would show in the store", () => {
    const decoder = new TextDecoder();
    const written = full.filter((c) => c.category === "wrong_content_type" || c.category === "bad_line");
    expect(written.length).toBeGreaterThan(0);
    for (const c of written) {
      const text = c.body?.kind === "bytes" ? decoder.decode(c.body.bytes) : c.body?.kind === "stream" ? decoder.decode(c.body.chunk) : "";
      expect(text, c.id).toMatch(/"id":"hostile-/);
      expect(text, c.id).not.toMatch(/"id":"hl-seed-/);
    }
  });
});
