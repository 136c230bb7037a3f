// `harness-lab sign-in-link [--user NAME]`: a fresh one-time sign-in link, for when the first one was
// used or lost (the server prints one only on the very first start).
import { parseArgs } from "node:util";
import { defaultDatabaseFile, openStore } from "../../../db/client";
import { createSignInLink, findUserByUsername, FIRST_ADMIN_USERNAME, signInLinkUrl } from "../../../lib/services/auth/users";
import { serverBaseUrl } from "../../../lib/services/server/base-url";

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { user: { type: "string", default: FIRST_ADMIN_USERNAME }, url: { type: "string" } } });
  const store = openStore(defaultDatabaseFile());
  try {
    const user = findUserByUsername(store, values.user!);
    if (!user) {
      process.stderr.write(`harness-lab: no user "${values.user}" in ${store.file}; start the server once to create "admin"\n`);
      return 1;
    }
    const { token, expiresAt } = createSignInLink(store, user.id);
    process.stdout.write(`One-time sign-in link for ${user.username} (valid until ${new Date(expiresAt).toISOString()}):\n    ${signInLinkUrl(values.url ?? serverBaseUrl(), token)}\n`);
    return 0;
  } finally {
    store.sqlite.close();
  }
}
