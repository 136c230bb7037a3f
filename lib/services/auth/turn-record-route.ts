// The GET route of one turn of a rollout (/api/v1/rollouts/{id}/turns/{idx}[/raw]): a record route whose idx
// must be a whole number (400 naming it, whoever asks) and whose missing turn answers 404 like a missing rollout.
import "server-only";
import type { Store } from "../../../db/client";
import { refuse } from "../../http/refusal";
import { parseTurnIndex } from "../../trajectory/turn-anchor";
import { recordGet } from "./record-route";

export function turnRecordGet<T>(load: (store: Store, rolloutId: string, idx: number) => T | null) {
  return recordGet({
    table: "rollouts",
    check: ({ idx }: { id: string; idx: string }) =>
      parseTurnIndex(idx) === null ? refuse("invalid", 'path parameter "idx": must be a whole number', { field: "idx" }) : null,
    load: (store, { id, idx }) => load(store, id, parseTurnIndex(idx)!),
    notFound: ({ id, idx }) => `rollout "${id}" has no turn ${parseTurnIndex(idx)}`,
  });
}
