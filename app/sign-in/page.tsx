// The sign-in page. On a fresh install it also creates the first admin, so a server started without
// the CLI still prints its one-time link (ensureFirstAdmin does nothing once any user exists).
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getStore } from "@/db/client";
import { currentUser } from "@/lib/services/auth/current-user";
import { LANDING_PATH } from "@/lib/services/auth/landing";
import { requestBaseUrl } from "@/lib/services/auth/sessions";
import { ensureFirstAdmin, type SignInLinkError } from "@/lib/services/auth/users";
import { signInAction } from "./actions";
import { SignInForm } from "./client";

export const dynamic = "force-dynamic";

const LINK_MESSAGES: Record<SignInLinkError, string> = {
  invalid: "This sign-in link is not valid.",
  used: "This sign-in link has already been used; each link works once.",
  expired: "This sign-in link has expired; links are valid for 24 hours.",
};

interface Props {
  searchParams: Promise<{ error?: string; reason?: string }>;
}

export default async function SignInPage({ searchParams }: Props) {
  if (await currentUser()) redirect(LANDING_PATH);
  const firstStart = ensureFirstAdmin(getStore(), requestBaseUrl(await headers()));
  const { error, reason } = await searchParams;
  const linkMessage = error === "link" ? (LINK_MESSAGES[reason as SignInLinkError] ?? LINK_MESSAGES.invalid) : null;

  return (
    <main className="card">
      <h1>Sign in to Harness Lab</h1>
      {linkMessage && (
        <p className="error" role="alert">
          {linkMessage} Ask an admin for a new one, or run <code>harness-lab sign-in-link</code> on the server.
        </p>
      )}
      {firstStart.created && (
        <p className="muted" role="status">
          This is a fresh install: the user &ldquo;admin&rdquo; was created and a one-time sign-in link was printed to the
          server console.
        </p>
      )}
      <SignInForm action={signInAction} />
    </main>
  );
}
