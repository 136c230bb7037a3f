// The one way settings forms show an action's refusal or failure.
import type { ActionState } from "@/lib/services/auth/action-result";

export function FormError({ state }: { state: ActionState<object> }) {
  if (!state || !("error" in state)) return null;
  return (
    <p className="error" role="alert">
      {state.error}
    </p>
  );
}
