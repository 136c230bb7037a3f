// Hostile sign-in attempts: the JSON route POST /api/v1/session (wrong types, huge fields, wrong
// passwords until the rate limit answers 429, cross-origin), malformed POSTs to the /sign-in page (what
// the page-post guard refuses before Next's action handler), and garbage one-time links.
import { bytesBody, concatBytes, utf8, type HostileCase, type HostileContext } from "./hostile-case";
import { multipart } from "./hostile-import-cases";

const SESSION = "/api/v1/session";

function session(ctx: HostileContext, id: string, category: string, body: string | Uint8Array, status?: number, headers: Record<string, string> = {}): HostileCase {
  return {
    id: `sign_in/${category}/${id}`, target: "sign_in", category, method: "POST", path: SESSION,
    headers: { "content-type": "application/json", ...headers }, body: bytesBody(body), expect: "refuse", ...(status ? { status } : {}),
  };
}

function sessionBodies(ctx: HostileContext): HostileCase[] {
  const u = ctx.signInUser;
  const bodies: Array<[string, string | Uint8Array, number?]> = [
    ["username-number", JSON.stringify({ username: 1, password: "x" }), 400], ["password-number", JSON.stringify({ username: u, password: 1 }), 400],
    ["username-null", JSON.stringify({ username: null, password: "x" }), 400], ["password-array", JSON.stringify({ username: u, password: ["x"] }), 400],
    ["password-object", JSON.stringify({ username: u, password: { $ne: "" } }), 400], ["missing-password", JSON.stringify({ username: u }), 400],
    ["missing-username", JSON.stringify({ password: "x" }), 400], ["empty-object", "{}", 400], ["array", "[]", 400], ["null", "null", 400],
    ["string", '"admin"', 400], ["extra-field", JSON.stringify({ username: u, password: "x", role: "admin" }), 400],
    ["username-huge", JSON.stringify({ username: "u".repeat(10_000), password: "x" }), 400], ["password-huge", JSON.stringify({ username: u, password: "p".repeat(10_000) }), 400],
    ["body-over-limit", JSON.stringify({ username: u, password: "p".repeat(200_000) }), 413], ["invalid-json", "{username:", 400], ["empty", "", 400],
    ["invalid-utf8", concatBytes('{"username":"', Uint8Array.of(0xff), '","password":"x"}'), 400],
    ["deep-nesting", `{"username":${"[".repeat(5_000)}${"]".repeat(5_000)},"password":"x"}`, 400],
    ["nul-in-username", JSON.stringify({ username: `${u}\u0000`, password: "x" }), 401],
    ["lone-surrogate-password", `{"username":"${u}","password":"\\ud800"}`, 401],
    ["sql-in-username", JSON.stringify({ username: "admin' --", password: "x" }), 401],
  ];
  const cases = bodies.map(([id, body, status]) => session(ctx, id, "bad_body", body, status));
  cases.push(session(ctx, "form-content-type", "bad_body", `username=${u}&password=x`, 415, { "content-type": "application/x-www-form-urlencoded" }));
  cases.push(session(ctx, "text-content-type", "bad_body", JSON.stringify({ username: u, password: "x" }), 415, { "content-type": "text/html" }));
  cases.push(session(ctx, "cross-origin", "bad_body", JSON.stringify({ username: u, password: "x" }), 403, { origin: "http://evil.example" }));
  return cases;
}

/** Wrong passwords for one user: 401 each, until the limiter answers 429 with Retry-After. */
function wrongPasswords(ctx: HostileContext, count: number): HostileCase[] {
  return Array.from({ length: count }, (_, i) =>
    session(ctx, `wrong-${i}`, "wrong_password", JSON.stringify({ username: i % 3 === 2 ? `nobody-${i}` : ctx.signInUser, password: `wrong-${i}` })),
  );
}

function pagePost(ctx: HostileContext, id: string, body: Uint8Array | string | undefined, headers: Record<string, string>): HostileCase {
  return {
    id: `sign_in/page_post/${id}`, target: "sign_in", category: "page_post", method: "POST", path: "/sign-in",
    headers, ...(body === undefined ? {} : { body: bytesBody(body) }), expect: "refuse", page: true,
  };
}

function pagePosts(ctx: HostileContext): HostileCase[] {
  const action = ctx.signInActionId;
  const form = multipart([{ name: "username", content: ctx.signInUser }, { name: "password", content: "wrong" }], "pb");
  const mp = { "content-type": "multipart/form-data; boundary=pb" };
  return [
    pagePost(ctx, "multipart:broken-boundary", utf8("--zz\r\nContent-Disposition: form-data; name=\"username\"\r\n\r\nx\r\n"), { ...mp, "next-action": action }),
    pagePost(ctx, "multipart:truncated", form.slice(0, 40), { ...mp, "next-action": action }),
    pagePost(ctx, "multipart:no-boundary", form, { "content-type": "multipart/form-data", "next-action": action }),
    pagePost(ctx, "multipart:garbage", utf8("\u0000\u0001garbage"), { ...mp, "next-action": action }),
    pagePost(ctx, "urlencoded:no-action", `username=${ctx.signInUser}&password=wrong`, { "content-type": "application/x-www-form-urlencoded" }),
    pagePost(ctx, "urlencoded:bad-escape", "username=%ZZ&password=%E0%A4%A", { "content-type": "application/x-www-form-urlencoded" }),
    pagePost(ctx, "urlencoded:with-action", `username=${ctx.signInUser}&password=wrong`, { "content-type": "application/x-www-form-urlencoded", "next-action": action }),
    pagePost(ctx, "json", JSON.stringify({ username: ctx.signInUser }), { "content-type": "application/json" }),
    pagePost(ctx, "json:with-action", JSON.stringify([{ username: ctx.signInUser }]), { "content-type": "application/json", "next-action": action }),
    pagePost(ctx, "empty:no-type", undefined, {}),
    pagePost(ctx, "xml", "<x/>", { "content-type": "application/xml" }),
    pagePost(ctx, "action:garbage-id", form, { ...mp, "next-action": "deadbeef" }),
    pagePost(ctx, "action:unknown-id", form, { ...mp, "next-action": "7f0000000000000000000000000000000000000000" }),
    pagePost(ctx, "action:sql-id", form, { ...mp, "next-action": "' OR 1=1 --" }),
    pagePost(ctx, "action:long-id", form, { ...mp, "next-action": "a".repeat(4_000) }),
    pagePost(ctx, "text-plain:garbage-args", "not json", { "content-type": "text/plain;charset=UTF-8", "next-action": action }),
    pagePost(ctx, "text-plain:unknown-id", '["$K1"]', { "content-type": "text/plain;charset=UTF-8", "next-action": "7f0000000000000000000000000000000000000000" }),
    pagePost(ctx, "multipart:no-action", form, mp),
    pagePost(ctx, "multipart:huge-field", multipart([{ name: "username", content: "u".repeat(3 * 1024 * 1024) }, { name: "password", content: "x" }], "pb"), { ...mp, "next-action": action }),
    pagePost(ctx, "text-plain:huge", "x".repeat(3 * 1024 * 1024), { "content-type": "text/plain;charset=UTF-8", "next-action": action }),
    pagePost(ctx, "cross-origin", form, { ...mp, "next-action": action, origin: "http://evil.example" }),
    pagePost(ctx, "other-page:no-action", `a=b`, { "content-type": "application/x-www-form-urlencoded" }),
  ].map((c) => (c.id.endsWith("other-page:no-action") ? { ...c, path: "/experiments" } : c));
}

/** One-time links that are garbage: the route redirects to the sign-in page naming the reason (a designed 303). */
function links(ctx: HostileContext): HostileCase[] {
  const tokens = ["", "garbage", "hl_link_" + "A".repeat(43), "%00", "%E0%A4%A", "'%20OR%201%3D1", "x".repeat(5_000), "hl_link_..%2F..%2F"];
  return tokens.map((token, i) => ({
    id: `sign_in/link/${i}`, target: "sign_in" as const, category: "bad_link", method: "GET" as const,
    path: `/sign-in/link?token=${token}`, headers: {}, expect: "redirect" as const, status: 303,
  }));
}

export function signInCases(ctx: HostileContext, wrongPasswordCount: number): HostileCase[] {
  return [...sessionBodies(ctx), ...wrongPasswords(ctx, wrongPasswordCount), ...pagePosts(ctx), ...links(ctx)];
}
