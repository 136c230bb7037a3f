// What the Connect page's mint action answers: the token, once, with the experiment its read is confined to
// and its scopes, so the snippets below it name that experiment and the page says what the token may do.
import type { TokenScope } from "../domain/vocabulary";

export interface MintedConnectToken {
  name: string;
  secret: string;
  prefix: string;
  expiresAt: number;
  experiment: string;
  scopes: TokenScope[];
}
