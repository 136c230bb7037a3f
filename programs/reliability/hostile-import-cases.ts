// Hostile uploads for POST /api/v1/imports: file names that escape the import root, archives that lie
// about their size, files of no known format, invalid UTF-8, broken multipart, missing fields. The file
// content is a VALID trajectory wherever only the name is hostile, so a name that slipped through would
// import (and change the store) instead of passing unnoticed.
import { zipSync } from "fflate";
import { bytesBody, concatBytes, utf8, type HostileCase, type HostileContext } from "./hostile-case";
import { deflatedEntry, deflatedZeros, evalZipBomb, handZip, type HandZipEntry } from "./hostile-zip-bomb";

const BOUNDARY = "----hostile-boundary-7d1f";

interface Part {
  name: string;
  filename?: string | Uint8Array;
  content: string | Uint8Array;
}

/** multipart/form-data by hand, so file names arrive byte for byte as written here. */
export function multipart(parts: Part[], boundary = BOUNDARY): Uint8Array {
  const pieces: Array<string | Uint8Array> = [];
  for (const part of parts) {
    pieces.push(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`);
    if (part.filename !== undefined) pieces.push(`; filename="`, part.filename, `"\r\nContent-Type: application/octet-stream`);
    pieces.push("\r\n\r\n", part.content, "\r\n");
  }
  pieces.push(`--${boundary}--\r\n`);
  return concatBytes(...pieces);
}

/** A small mini-swe-agent trajectory that imports as one rollout. */
export function validTrajectory(tag: string): string {
  return JSON.stringify({
    trajectory_format: "mini-swe-agent-1",
    info: { exit_status: "Submitted", submission: "", instance_id: `hostile__${tag}-1` },
    messages: [
      { role: "system", content: "You are a helpful assistant." },
      { role: "user", content: "Fix the bug." },
      { role: "assistant", content: "THOUGHT: look\n```bash\nls\n```" },
      { role: "user", content: "<returncode>0</returncode>\n<output>\nsrc\n</output>" },
    ],
  });
}

function upload(ctx: HostileContext, id: string, category: string, body: Uint8Array, extra: Record<string, string> = {}, status?: number): HostileCase {
  return {
    id: `import/${category}/${id}`, target: "import", category, method: "POST", path: "/api/v1/imports",
    headers: { authorization: `Bearer ${ctx.adminToken}`, "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...extra },
    body: bytesBody(body), expect: "refuse", ...(status ? { status } : {}),
  };
}

const experiment = (ctx: HostileContext): Part => ({ name: "experiment", content: `${ctx.seedPrefix}-exp` });
const file = (filename: string | Uint8Array, content: string | Uint8Array): Part => ({ name: "files", filename, content });

function traversalNames(ctx: HostileContext): HostileCase[] {
  const names: Array<string | Uint8Array> = [
    "../../etc/passwd", "../x.traj.json", "a/../../b.traj.json", "/etc/passwd", "/tmp/x.traj.json", "..\\..\\windows\\win.ini",
    "C:\\x.traj.json", "c:/x.traj.json", "..", ".", "", "   ", "x\ty.traj.json", "./../x.traj.json", "a/b/../../../x.traj.json",
    concatBytes("x", Uint8Array.of(0), ".traj.json"), concatBytes("x", Uint8Array.of(0x1b), "[31m.traj.json"), "x".repeat(1_200) + ".traj.json",
  ];
  return names.map((name, i) => upload(ctx, `name:${i}`, "path_traversal", multipart([experiment(ctx), file(name, validTrajectory(`traversal-${i}`))])));
}

function malformedFiles(ctx: HostileContext): HostileCase[] {
  const zeros = new Uint8Array(8 * 1024 * 1024);
  const bomb = zipSync({ "samples/1.json": zeros, "header.json": zeros }, { level: 9 });
  // The same archive with its central directory claiming 4 GB per entry: refused before inflating.
  const liar = bomb.slice();
  const view = new DataView(liar.buffer);
  for (let at = liar.length - 22; at >= 0; at--) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    view.setUint32(at + 24, 0xfffffff0, true);
  }
  const files: Array<[string, string, string | Uint8Array]> = [
    ["invalid-json", "x.traj.json", "{not json"], ["empty-file", "x.traj.json", ""], ["binary", "x.traj.json", Uint8Array.from({ length: 4096 }, (_, i) => (i * 131) % 256)],
    ["invalid-utf8", "x.traj.json", concatBytes('{"trajectory_format":"mini-swe-agent-1","messages":[{"role":"user","content":"', Uint8Array.of(0xff, 0xfe), '"}]}')],
    ["lone-surrogate", "x.traj.json", '{"trajectory_format":"mini-swe-agent-1","info":{},"messages":[{"role":"system","content":"\\ud800"}]}'],
    ["deep-nesting", "x.traj.json", `{"trajectory_format":"mini-swe-agent-1","info":{},"messages":${"[".repeat(50_000)}${"]".repeat(50_000)}}`],
    ["deep-nesting-in-message", "x.traj.json", `{"trajectory_format":"mini-swe-agent-1","info":{},"messages":[{"role":"user","content":"x","extra":${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}}]}`],
    ["unknown-shape", "x.json", JSON.stringify({ hello: "world" })], ["markdown", "notes.md", "# not a trajectory"],
    ["yaml-garbage", "exit_statuses_1.yaml", ": : :\n\t- ["], ["wrong-types", "x.traj.json", JSON.stringify({ trajectory_format: "mini-swe-agent-1", messages: { a: 1 } })],
    ["zip-not-zip", "log.eval", "PK\u0003\u0004garbage"], ["zip-of-zeros", "log.eval", bomb], ["zip-lying-sizes", "log.eval", liar],
    ["report-wrong-types", "report.json", JSON.stringify({ resolved_ids: 7, unresolved_ids: "x" })],
    ["openhands-garbage", "output.jsonl", "{\"instance_id\": 1}\n{broken\n"], ["swe-agent-garbage", "x.traj", JSON.stringify({ trajectory: "nope" })],
  ];
  return files.map(([id, name, content]) => upload(ctx, id, "malformed_file", multipart([experiment(ctx), file(name, content)])));
}

/**
 * Zip bombs (~1 MB each, 1 GB inflated): refused by the entry at fault with nothing written, and quickly —
 * the run's other requests (8 at a time) must not wait on them (hostile-bomb-load.ts measures reads).
 */
function zipBombs(ctx: HostileContext): HostileCase[] {
  const bomb = evalZipBomb();
  // The same 250 MB streams, each declaring 1 KB: they must stop at their declaration.
  const liar = handZip([deflatedEntry("header.json", JSON.stringify({ version: 2, status: "success", eval: { task: "bomb", config: {} } })),
    ...[1, 2, 3, 4].map((i): HandZipEntry => ({ name: `samples/${i}_epoch_1.json`, method: 8, data: deflatedZeros(250 * 1024 * 1024), declaredSize: 1024 }))]);
  return [
    upload(ctx, "eval-4x250MB", "zip_bomb", multipart([experiment(ctx), file("bomb.eval", bomb)]), {}, 422),
    upload(ctx, "eval-lying-sizes", "zip_bomb", multipart([experiment(ctx), file("liar.eval", liar)]), {}, 422),
    upload(ctx, "three-in-one-upload", "zip_bomb", multipart([experiment(ctx), ...[1, 2, 3].map((i) => file(`bombs/${i}.eval`, bomb))]), {}, 422),
  ];
}

function badForms(ctx: HostileContext): HostileCase[] {
  const traj = file("t.traj.json", validTrajectory("form"));
  const cases: HostileCase[] = [
    upload(ctx, "no-files", "bad_form", multipart([experiment(ctx)]), {}, 400),
    upload(ctx, "files-as-text", "bad_form", multipart([experiment(ctx), { name: "files", content: validTrajectory("as-text") }]), {}, 400),
    upload(ctx, "no-experiment", "bad_form", multipart([traj]), {}, 400),
    upload(ctx, "blank-experiment", "bad_form", multipart([{ name: "experiment", content: "   " }, traj]), {}, 400),
    upload(ctx, "long-experiment", "bad_form", multipart([{ name: "experiment", content: "e".repeat(1_001) }, traj]), {}, 400),
    upload(ctx, "long-run", "bad_form", multipart([experiment(ctx), { name: "run", content: "r".repeat(1_001) }, traj]), {}, 400),
    upload(ctx, "long-harness", "bad_form", multipart([experiment(ctx), { name: "harness", content: "h".repeat(1_001) }, traj]), {}, 400),
    upload(ctx, "broken-boundary", "bad_form", utf8(`--other\r\nContent-Disposition: form-data; name="files"\r\n\r\nx\r\n`), {}, 400),
    upload(ctx, "truncated", "bad_form", multipart([experiment(ctx), traj]).slice(0, 120), {}, 400),
    upload(ctx, "no-boundary-param", "bad_form", multipart([experiment(ctx), traj]), { "content-type": "multipart/form-data" }),
    upload(ctx, "json-body", "bad_form", utf8(validTrajectory("json")), { "content-type": "application/json" }, 415),
    upload(ctx, "urlencoded", "bad_form", utf8("experiment=x&files=y"), { "content-type": "application/x-www-form-urlencoded" }, 415),
    upload(ctx, "empty-body", "bad_form", new Uint8Array(0), {}, 400),
    upload(ctx, "too-many-files", "bad_form", multipart([experiment(ctx), ...Array.from({ length: 5_001 }, (_, i) => file(`f${i}.md`, "x"))]), {}, 413),
    upload(ctx, "only-junk-files", "bad_form", multipart([experiment(ctx), file(".DS_Store", "x"), file("__MACOSX/._t.traj.json", "x")])),
  ];
  // Declared far over the 128 MB upload limit: refused before the body is read.
  const head = `POST /api/v1/imports HTTP/1.1\r\nHost: ${ctx.host}\r\nAuthorization: Bearer ${ctx.adminToken}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nConnection: close\r\n`;
  cases.push({ ...upload(ctx, "declares-1TB", "bad_form", new Uint8Array(0)), body: { kind: "raw", bytes: utf8(`${head}Content-Length: ${10 ** 12}\r\n\r\n--${BOUNDARY}`) }, status: 413 });
  cases.push({ ...upload(ctx, "streamed-over-limit", "bad_form", new Uint8Array(0)), body: { kind: "stream", chunk: new Uint8Array(1024 * 1024).fill(0x41), repeat: 129 }, status: 413 });
  return cases;
}

function importCredentials(ctx: HostileContext): HostileCase[] {
  const body = multipart([experiment(ctx), file("t.traj.json", validTrajectory("auth"))]);
  const creds: Array<[string, Record<string, string>, number]> = [
    ["none", { authorization: "" }, 401], ["garbage", { authorization: "Bearer nope" }, 401], ["read-scope", { authorization: `Bearer ${ctx.readToken}` }, 403],
    ["expired", { authorization: `Bearer ${ctx.expiredToken}` }, 401], ["viewer-session", { authorization: "", cookie: `harness_lab_session=${ctx.viewerSession}` }, 403],
    ["admin-session-cross-origin", { authorization: "", cookie: `harness_lab_session=${ctx.adminSession}`, origin: "http://evil.example" }, 403],
  ];
  return creds.map(([name, headers, status]) => {
    const c = upload(ctx, name, "bad_credentials", body, headers, status);
    if (c.headers.authorization === "") delete c.headers.authorization;
    return c;
  });
}

export function importCases(ctx: HostileContext): HostileCase[] {
  return [...traversalNames(ctx), ...malformedFiles(ctx), ...zipBombs(ctx), ...badForms(ctx), ...importCredentials(ctx)];
}
