// What a client hook sees when the server refuses: the server's own words and its status, or the sign-in
// sentence on 401, never a bare "HTTP 404" where the server said why.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, fetchJson, SESSION_ENDED } from "./fetch-json";

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  const fetchStub = vi.fn(async () => new Response(body === null ? "not json" : JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetchStub);
  return fetchStub;
}

describe("fetchJson", () => {
  it("returns the parsed body, asking for JSON without the cache", async () => {
    const fetchStub = answer(200, { experiments: [1] });
    await expect(fetchJson("/api/v1/experiments")).resolves.toEqual({ experiments: [1] });
    expect(fetchStub).toHaveBeenCalledWith("/api/v1/experiments", expect.objectContaining({ cache: "no-store", headers: { accept: "application/json" } }));
  });

  it("a refusal is an ApiError with the status and the server's error text", async () => {
    answer(404, { error: "rollout: \"r-9\" does not exist" });
    const error = await fetchJson("/api/v1/rollouts/r-9").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: "rollout: \"r-9\" does not exist" });
  });

  it("401 says to sign in again; a body without error text falls back to the status", async () => {
    answer(401, { error: "unauthenticated" });
    await expect(fetchJson("/x")).rejects.toMatchObject({ status: 401, message: SESSION_ENDED });
    answer(502, null);
    await expect(fetchJson("/x")).rejects.toMatchObject({ status: 502, message: "HTTP 502" });
  });
});
