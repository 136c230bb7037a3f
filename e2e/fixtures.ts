// The `test` every spec uses: Playwright's, plus `server` (what global setup started) and a baseURL
// pointing at it, so page.goto("/experiments") and request.post("/api/v1/events") reach that server.
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { readServerState, type ServerState } from "./state";

export { expect };

/** A storage state with nothing in it: for visits as a stranger in a project that is signed in by default. */
export const SIGNED_OUT = { cookies: [], origins: [] };

export const test = base.extend<{ anonymousRequest: APIRequestContext }, { server: ServerState }>({
  server: [async ({}, use) => use(readServerState()), { scope: "worker" }],
  baseURL: async ({ server }, use) => use(server.baseURL),
  /** An API client with no session cookie and no token (the plain `request` fixture carries the project's storage state). */
  anonymousRequest: async ({ playwright, server }, use) => {
    const context = await playwright.request.newContext({ baseURL: server.baseURL, storageState: SIGNED_OUT });
    await use(context);
    await context.dispose();
  },
});

/** Where signing in lands: the home page, the server's root (lib/services/auth/landing.ts). */
export const LANDING_URL = /^https?:\/\/[^/]+\/$/;

/** The sections of the main navigation a signed-in user sees. */
export const NAV_LINKS = ["Experiments", "Trajectories", "Proposals", "Compare", "Jobs", "Settings"];

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Waits until a page with keyboard shortcuts has attached its keys (its "Keys: …" hint appears only then). */
export async function keysReady(page: Page): Promise<void> {
  await expect(page.getByText(/^Keys: /)).toBeVisible();
}
