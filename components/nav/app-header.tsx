// The top bar for signed-in users: brand, sections, who is signed in and the way out.
import Link from "next/link";
import type { Role } from "@/lib/domain/vocabulary";
import { Badge } from "@/components/ui/badge";
import { MainNav } from "./main-nav";

interface Props {
  user: { username: string; displayName: string | null; role: Role };
}

export function AppHeader({ user }: Props) {
  return (
    <header className="app-header">
      <Link href="/" className="brand">
        Harness Lab
      </Link>
      <MainNav />
      <div className="user-menu">
        <span title={`Signed in as ${user.username}`}>{user.displayName ?? user.username}</span>
        <Badge tone="outline" title="Your role">
          {user.role}
        </Badge>
        {/* A POST form, because sign-out must not be triggerable by a link or an image. */}
        <form method="post" action="/sign-out">
          <button type="submit" className="button button-secondary button-small">
            Sign out
          </button>
        </form>
      </div>
    </header>
  );
}
