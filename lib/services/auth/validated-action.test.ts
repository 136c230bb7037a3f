// formFields reads exactly the schema's fields from a form: one value each ("" when missing), every value of an
// array field — what validatedAction parses before an action's body runs.
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

vi.mock("server-only", () => ({}));
vi.mock("./current-user", () => ({ currentUser: async () => null }));
const { formFields, validatedAction } = await import("./validated-action");

const Schema = z.object({
  name: z.string().trim().min(1, "give the token a name"),
  scopes: z.array(z.string()).min(1, "choose at least one scope"),
  days: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().optional()),
});

describe("validatedAction", () => {
  it("reads one value per field, all values of an array field, and \"\" for a missing one", () => {
    const form = new FormData();
    form.append("scopes", "read");
    form.append("scopes", "ingest");
    form.append("other", "ignored");
    expect(formFields(Schema, form)).toEqual({ name: "", scopes: ["read", "ingest"], days: "" });
  });

  it("refuses before the body runs when nobody is signed in", async () => {
    const body = vi.fn(async () => ({ ok: true as const }));
    const action = validatedAction("viewer", Schema, body);
    expect(await action(null, new FormData())).toEqual({ error: "sign in first" });
    expect(body).not.toHaveBeenCalled();
  });
});
