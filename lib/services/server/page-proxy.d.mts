// Types of page-proxy.mjs (plain JavaScript, so that serve-http.mjs can load it as is).
import type { Agent, IncomingMessage, ServerResponse } from "node:http";

export declare function notAPageBecause(req: IncomingMessage): string | null;
export declare function isPageRequest(req: IncomingMessage): boolean;
export declare function refuseUnlessPage(req: IncomingMessage, res: ServerResponse): boolean;
export declare function forwardedRequestHeaders(req: IncomingMessage): Record<string, string | string[]>;
export declare function answerHeaders(rawHeaders: string[]): string[];
export declare function proxyToRenderer(
  req: IncomingMessage,
  res: ServerResponse,
  target: { socketPath: string; agent: Agent },
  unreachable: (error: Error) => void,
): void;
