// The signed-in user for pages and server actions, read from the session cookie.
import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getStore } from "../../../db/client";
import type { Role } from "../../domain/vocabulary";
import { roleAtLeast } from "./pure/principal";
import { getSessionUser, SESSION_COOKIE } from "./sessions";
import type { SessionUser } from "./users";

export type { SessionUser } from "./users";

export async function currentUser(): Promise<SessionUser | null> {
  const jar = await cookies();
  return getSessionUser(getStore(), jar.get(SESSION_COOKIE)?.value);
}

/**
 * For pages: sends strangers to /sign-in and users below `minRole` to /forbidden. Next 16's
 * forbidden() still needs the experimental authInterrupts flag, so a plain page stands in for it.
 */
export async function requireUser(minRole: Role = "viewer"): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  if (!roleAtLeast(user.role, minRole)) redirect(`/forbidden?need=${minRole}`);
  return user;
}
