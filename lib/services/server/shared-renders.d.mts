// Types of shared-renders.mjs (plain JavaScript, so that serve-http.mjs can load it as is).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AnswerTap } from "./page-proxy.mjs";

export declare const MAX_SHARED_BYTES: number;
export declare const MAX_KEPT_BYTES: number;
export declare const MAX_KEPT_MS: number;
export declare function sharedRenderKey(req: IncomingMessage): string | null;
export declare function endsKeptRenders(req: Pick<IncomingMessage, "method" | "url">): "arrival" | "answered" | null;
export type Forward = (req: IncomingMessage, res: ServerResponse, tap: AnswerTap | null) => void;
export declare function createRenderSharing(options?: { maxBytes?: number; maxKeptBytes?: number; maxKeptMs?: number; now?: () => number }): {
  offer(req: IncomingMessage, res: ServerResponse, forward: Forward): void;
  watch(req: IncomingMessage, res: ServerResponse): void;
  stats: { rendered: number; joined: number; fromKept: number };
};
