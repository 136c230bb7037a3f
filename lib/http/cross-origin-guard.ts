// Server actions and page form posts from another origin are refused here with a 403, before Next sees
// them. Next refuses them too, but answers with a 500 and an error in the log; a forged request is the
// sender's fault, so it gets a 4xx that says why. (Route handlers check the same in lib/services/auth/request-auth.)
import { isSameOrigin } from "./same-origin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function refuseCrossOriginPagePost(request: Request): Response | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  if (isSameOrigin(request.headers, request.url)) return null;
  return Response.json({ error: "origin: cross-origin request refused" }, { status: 403, headers: { "cache-control": "no-store" } });
}
