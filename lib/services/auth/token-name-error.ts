// The two forms that create tokens (Settings and Connect a trainer) answer a taken name the same way: as the
// form's error naming the field, not as a failed action.
import "server-only";
import { TokenNameTakenError, type CreatedApiToken } from "./api-tokens";

export function createTokenOrNameError(create: () => CreatedApiToken): CreatedApiToken | { error: string } {
  try {
    return create();
  } catch (error) {
    if (error instanceof TokenNameTakenError) return { error: error.message };
    throw error;
  }
}
