// The session cookie as the real server sets it when signing in with a password (HttpOnly, SameSite=Lax,
// Path=/, Secure only when a TLS proxy says https), the sign-in rate limit (the 11th attempt for one
// user and address is refused even with the right password), the same limit on the current-password check
// under Settings (issue 13, finding 7), and the size of sign-in link tokens.
import type { Browser, Page } from "@playwright/test";
import { test, expect, SIGNED_OUT, LANDING_URL } from "./fixtures";

const PASSWORD = "correct-horse-battery-9";

/** An admin creates `username` under Settings, with a password or (without one) a one-time link. */
async function createUser(admin: Page, username: string, password?: string): Promise<string | null> {
  await admin.goto("/settings");
  const form = admin.getByRole("form", { name: "Create user" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Role").selectOption("viewer");
  if (password) await form.getByLabel("Initial password (optional)").fill(password);
  await form.getByRole("button", { name: "Create user" }).click();
  const created = admin.getByRole("status").filter({ hasText: `User “${username}” created.` });
  await expect(created).toBeVisible();
  return password ? null : ((await created.locator("code").textContent())?.trim() ?? "");
}

/** Submits the sign-in form once and returns the Set-Cookie of the action's answer (null if none). */
async function submitSignIn(page: Page, username: string, password: string): Promise<string | null> {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/sign-in"),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
  const cookie = await response.headerValue("set-cookie");
  // React resets the form once the action's answer is in; typing before that would be wiped.
  if (!cookie) await expect(page.getByLabel("Username")).toHaveValue("");
  return cookie;
}

async function signInPage(browser: Browser, baseURL: string, extraHTTPHeaders: Record<string, string> = {}) {
  const context = await browser.newContext({ baseURL, storageState: SIGNED_OUT, extraHTTPHeaders });
  const page = await context.newPage();
  await page.goto("/sign-in");
  return { context, page };
}

test("a password sign-in sets an HttpOnly, SameSite=Lax, Path=/ session cookie, Secure only behind https", async ({ page, browser, server }) => {
  const username = `e2e-sec-cookie-${Date.now()}`;
  await createUser(page, username, PASSWORD);

  const plain = await signInPage(browser, server.baseURL);
  try {
    const cookie = await submitSignIn(plain.page, username, PASSWORD);
    expect(cookie).toMatch(/^harness_lab_session=hl_sess_[A-Za-z0-9_-]{43};/);
    const attributes = cookie!.split(";").slice(1).map((a) => a.trim().toLowerCase());
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("path=/");
    expect(attributes.some((a) => a.startsWith("expires="))).toBe(true);
    // Over plain http a Secure cookie would never come back, and the lab is often reached that way.
    expect(attributes).not.toContain("secure");
    await expect(plain.page).toHaveURL(LANDING_URL);
    // HttpOnly: the page's own script cannot read it.
    expect(await plain.page.evaluate(() => document.cookie)).not.toContain("harness_lab_session");
  } finally {
    await plain.context.close();
  }

  // Behind a TLS-terminating proxy (which sets X-Forwarded-Proto: https) the cookie is Secure.
  const tls = await signInPage(browser, server.baseURL, { "x-forwarded-proto": "https" });
  try {
    const cookie = await submitSignIn(tls.page, username, PASSWORD);
    expect(cookie!.split(";").map((a) => a.trim().toLowerCase())).toContain("secure");
  } finally {
    await tls.context.close();
  }
});

test("the 11th attempt for one user and address within the window is refused, even with the right password", async ({ page, browser, server }) => {
  test.setTimeout(120_000);
  const username = `e2e-sec-limit-${Date.now()}`;
  await createUser(page, username, PASSWORD);
  const { context, page: signIn } = await signInPage(browser, server.baseURL);
  try {
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect(await submitSignIn(signIn, username, `wrong-password-${attempt}`)).toBeNull();
      await expect(signIn.getByRole("alert").filter({ hasText: "wrong username or password" })).toBeVisible();
    }
    expect(await submitSignIn(signIn, username, PASSWORD)).toBeNull();
    await expect(signIn.getByRole("alert").filter({ hasText: /too many attempts/ })).toBeVisible();
    await expect(signIn).toHaveURL(/\/sign-in$/);
    expect((await context.cookies()).filter((c) => c.name === "harness_lab_session")).toEqual([]);
  } finally {
    await context.close();
  }
});

test("the current password under Settings shares the limit: after 12 wrong guesses the right one is refused, with when to retry", async ({ page, browser, server }) => {
  test.setTimeout(120_000);
  const username = `e2e-sec-settings-limit-${Date.now()}`;
  await createUser(page, username, PASSWORD);
  const { context, page: user } = await signInPage(browser, server.baseURL);
  try {
    expect(await submitSignIn(user, username, PASSWORD)).not.toBeNull();
    await expect(user).toHaveURL(LANDING_URL);
    await user.goto("/settings");
    const form = user.getByRole("form", { name: "Change password" });
    const change = async (current: string) => {
      await form.getByLabel("Current password").fill(current);
      await form.getByLabel("New password", { exact: true }).fill("a-brand-new-password-7");
      await form.getByLabel("Confirm new password").fill("a-brand-new-password-7");
      await form.getByRole("button", { name: "Change password" }).click();
      // React resets the form once the action's answer is in.
      await expect(form.getByLabel("Current password")).toHaveValue("");
    };
    for (let attempt = 1; attempt <= 12; attempt++) {
      await change(`wrong-password-${attempt}`);
      await expect(form.getByRole("alert")).toHaveText(attempt <= 10 ? "currentPassword: wrong password" : /too many wrong passwords/);
    }
    await change(PASSWORD);
    await expect(form.getByRole("alert")).toHaveText(/^currentPassword: too many wrong passwords; try again in \d+ minutes$/);
    await expect(form.getByRole("status")).toHaveCount(0);
    // The password did not change: the sign-in form is locked for this account and address too.
    const again = await signInPage(browser, server.baseURL);
    try {
      expect(await submitSignIn(again.page, username, "a-brand-new-password-7")).toBeNull();
      await expect(again.page.getByRole("alert").filter({ hasText: /too many attempts/ })).toBeVisible();
    } finally {
      await again.context.close();
    }
  } finally {
    await context.close();
  }
});

test("sign-in links carry 256 random bits, work once, and a guessed one signs nobody in", async ({ page, anonymousRequest }) => {
  const link = await createUser(page, `e2e-sec-link-${Date.now()}`);
  // "hl_link_" + 43 base64url characters = 32 random bytes: guessing is out of reach without a rate limit.
  expect(link).toMatch(/\/sign-in\/link\?token=hl_link_[A-Za-z0-9_-]{43}$/);
  const token = new URL(link!).searchParams.get("token")!;
  const guessed = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
  const wrong = await anonymousRequest.get(`/sign-in/link?token=${guessed}`, { maxRedirects: 0 });
  expect(wrong.status()).toBe(303);
  expect(wrong.headers()["location"]).toBe("/sign-in?error=link&reason=invalid");
  expect(wrong.headers()["set-cookie"]).toBeUndefined();
  const right = await anonymousRequest.get(`/sign-in/link?token=${token}`, { maxRedirects: 0 });
  expect(right.headers()["set-cookie"]).toMatch(/^harness_lab_session=/);
  const again = await anonymousRequest.get(`/sign-in/link?token=${token}`, { maxRedirects: 0 });
  expect(again.headers()["location"]).toBe("/sign-in?error=link&reason=used");
});
