// Types of page-proxy.mjs (plain JavaScript, so that serve-http.mjs can load it as is).
import type { Agent, IncomingMessage, ServerResponse } from "node:http";

export declare function notAPageBecause(req: IncomingMessage): string | null;
export declare function isPageRequest(req: IncomingMessage): boolean;
export declare function refuseUnlessPage(req: IncomingMessage, res: ServerResponse): boolean;
export declare function forwardedRequestHeaders(req: IncomingMessage): Record<string, string | string[]>;
export declare function answerHeaders(rawHeaders: string[]): string[];
/** Hears the renderer's answer as it is passed on (shared-renders.mjs). */
export interface AnswerTap {
  head(statusCode: number, statusMessage: string | undefined, headers: string[]): void;
  data(chunk: Buffer): void;
  /** The whole answer was passed on. */
  end(): void;
  /** There will be no whole answer: the renderer was unreachable, cut it off, or the browser left. */
  abort(): void;
}
export declare function proxyToRenderer(
  req: IncomingMessage,
  res: ServerResponse,
  target: { socketPath: string; agent: Agent; tap?: AnswerTap | null },
  unreachable: (error: Error) => void,
): void;
