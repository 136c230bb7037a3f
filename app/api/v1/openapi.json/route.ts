// GET /api/v1/openapi.json: the contract's description. Public: it holds no data, and SDK generators need it.
import { buildOpenApiDocument } from "@/lib/events/openapi";
import { jsonResponse } from "@/lib/http/json-response";

export const dynamic = "force-static";

export function GET(): Response {
  return jsonResponse(buildOpenApiDocument(), 200, { "cache-control": "public, max-age=300" });
}
