// Every server action is built by guardedAction (or, for signing in, publicAction). Both attach a
// marker that test/every-mutation-is-guarded.test.ts checks, so an unguarded action fails the build.
import "server-only";
import type { Role } from "../../domain/vocabulary";
import type { ActionError } from "./action-result";
import { currentUser } from "./current-user";
import { roleAtLeast } from "./pure/principal";
import type { SessionUser } from "./users";

/** Symbol.for, so the marker matches even if this module is loaded twice (test isolation, HMR). */
export const ACTION_GUARD: unique symbol = Symbol.for("harness-lab.action-guard") as never;

export type ActionGuard = { kind: "role"; minRole: Role } | { kind: "public"; reason: string };

export type GuardedAction<Args extends unknown[], R> = ((...args: Args) => Promise<R | ActionError>) & {
  readonly [ACTION_GUARD]: ActionGuard;
};

function mark<F extends (...args: never[]) => unknown>(fn: F, guard: ActionGuard): F & { readonly [ACTION_GUARD]: ActionGuard } {
  Object.defineProperty(fn, ACTION_GUARD, { value: Object.freeze(guard), enumerable: false });
  return fn as F & { readonly [ACTION_GUARD]: ActionGuard };
}

/**
 * Checks the session and the role before the body runs. Refusals are results, not exceptions, so
 * a form shows them like any other message; the body may still redirect() on success.
 */
export function guardedAction<Args extends unknown[], R>(
  minRole: Role,
  body: (user: SessionUser, ...args: Args) => Promise<R>,
): GuardedAction<Args, R> {
  const action = async (...args: Args): Promise<R | ActionError> => {
    const user = await currentUser();
    if (!user) return { error: "sign in first" };
    if (!roleAtLeast(user.role, minRole)) return { error: `needs role ${minRole}` };
    return body(user, ...args);
  };
  return mark(action, { kind: "role", minRole });
}

/** An action anyone may call (only signing in). The reason is recorded with the marker for review. */
export function publicAction<Args extends unknown[], R>(reason: string, body: (...args: Args) => Promise<R>): GuardedAction<Args, R> {
  const action = async (...args: Args): Promise<R | ActionError> => body(...args);
  return mark(action, { kind: "public", reason });
}

export function actionGuardOf(fn: unknown): ActionGuard | undefined {
  if (typeof fn !== "function") return undefined;
  return (fn as { [ACTION_GUARD]?: ActionGuard })[ACTION_GUARD];
}
