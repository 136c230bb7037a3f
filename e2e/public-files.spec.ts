// The files of public/, served as they are to anyone: a self-hosted lab's dashboard asks search engines to stay
// out (robots.txt), signed in or not.
import { test, expect } from "./fixtures";

test("robots.txt keeps crawlers out of the whole dashboard, without signing in", async ({ anonymousRequest }) => {
  const res = await anonymousRequest.get("/robots.txt");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(await res.text()).toMatch(/^User-agent: \*\nDisallow: \/$/m);
});
