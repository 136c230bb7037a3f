// Collects every Content-Security-Policy violation a page reports, across navigations: the
// `securitypolicyviolation` events (an init script, which the policy does not apply to, forwards them
// through an exposed binding) and the browser's console lines ("Refused to …"), which also cover workers.
import type { Page } from "@playwright/test";

export interface CspWatch {
  /** Every violation seen since the watch began (or since the last `take`). */
  take(): string[];
}

export async function watchCsp(page: Page): Promise<CspWatch> {
  let seen: string[] = [];
  await page.exposeBinding("__reportCspViolation", (_source, line: string) => void seen.push(line));
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation;
    document.addEventListener("securitypolicyviolation", (e) =>
      report(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile || "?"}:${e.lineNumber} (${e.sample})`),
    );
  });
  page.on("console", (message) => {
    const text = message.text();
    if (/Refused to|Content Security Policy/i.test(text)) seen.push(`console: ${text}`);
  });
  return {
    take() {
      const all = seen;
      seen = [];
      return all;
    },
  };
}
