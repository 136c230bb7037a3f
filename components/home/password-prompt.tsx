// Asks a user who has no password yet (the first admin and invited users sign in by a one-time link) to set
// one under Settings: without it, the next sign-in needs a new link from an admin or the command line.
import Link from "next/link";

export function PasswordPrompt() {
  return (
    <section className="notice" role="note" aria-labelledby="password-prompt-heading">
      <h2 id="password-prompt-heading">Set a password</h2>
      <p>
        You signed in with a one-time link and your account has no password yet. Once this session ends you can only
        come back with a new link.{" "}
        <Link href="/settings#account-heading">Set a password under Settings</Link>.
      </p>
    </section>
  );
}
