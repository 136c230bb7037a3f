// Requests Next would answer with a 500 (or treat as something they are not) are refused here, in the
// proxy, with a 4xx that says why:
// - a path with a malformed percent-escape ("%E0%A4%A", "%ZZ", an overlong or surrogate UTF-8 sequence):
//   Next's router fails to decode it and answers 500, for API routes and pages alike;
// - a POST to a page is a server action or a form posted without JavaScript. Next renders the page for a
//   POST that is neither (200), answers an over-large action body with a 200 carrying an error, and fails
//   on a body it cannot parse with a 500.
import { readLimited } from "./read-limited";

const FORM = "multipart/form-data";
/** React posts an action's arguments as text (encodeReply) unless they hold a FormData. */
const ACTION_TYPES = [FORM, "text/plain"];
/** Next's default serverActions.bodySizeLimit (next.config.js sets none). */
export const MAX_PAGE_POST_BYTES = 1024 * 1024;
/** Route handlers outside /api that take a POST themselves (a plain HTML form posts to them). */
const ROUTE_HANDLER_POSTS = new Set(["/sign-out"]);

const refuse = (status: number, error: string) => Response.json({ error }, { status, headers: { "cache-control": "no-store" } });

/** The raw path (before any URL normalisation) between the authority and the query. */
function rawPath(url: string): string {
  const afterScheme = url.indexOf("//");
  const start = url.indexOf("/", afterScheme >= 0 ? afterScheme + 2 : 0);
  if (start < 0) return "/";
  const end = url.search(/[?#]/);
  return url.slice(start, end > start ? end : undefined);
}

export function refuseMalformedPath(request: Request): Response | null {
  const path = rawPath(request.url);
  if (!path.includes("%")) return null;
  for (const segment of path.split("/")) {
    try {
      decodeURIComponent(segment);
    } catch {
      return refuse(400, `path: "${segment.slice(0, 80)}" is not valid percent-encoded UTF-8`);
    }
  }
  return null;
}

export async function refuseMalformedPagePost(request: Request): Promise<Response | null> {
  if (request.method !== "POST") return null;
  if (ROUTE_HANDLER_POSTS.has(new URL(request.url).pathname)) return null;
  const contentType = request.headers.get("content-type") ?? "";
  const type = contentType.split(";")[0].trim().toLowerCase();
  const isAction = request.headers.has("next-action");
  if (isAction ? !ACTION_TYPES.includes(type) : type !== FORM) {
    return refuse(415, `content-type: a page takes only its own forms (${isAction ? ACTION_TYPES.join(" or ") : FORM}), not "${type || "none"}"`);
  }
  if (Number(request.headers.get("content-length") ?? 0) > MAX_PAGE_POST_BYTES) return refuse(413, `body: at most ${MAX_PAGE_POST_BYTES} bytes`);
  const bytes = await readLimited(request.clone().body, MAX_PAGE_POST_BYTES);
  if (bytes === null) return refuse(413, `body: at most ${MAX_PAGE_POST_BYTES} bytes`);
  if (type !== FORM) {
    // React encodes an action's arguments as JSON text; anything else makes Next's decoder throw (a 500).
    try {
      JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
      return null;
    } catch {
      return refuse(400, "body: the action's arguments are not valid JSON text");
    }
  }
  try {
    await new Response(bytes, { headers: { "content-type": contentType } }).formData();
    return null;
  } catch {
    return refuse(400, `body: not valid ${type}`);
  }
}
