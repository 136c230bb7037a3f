// GET /api/v1/source-files/{id}: an imported original file, byte for byte, always as a download.
// Its content is whatever the producer sent (model output included), so it is never served as
// something a browser would render: octet-stream, nosniff, attachment, and a sandboxing CSP.
import { getStore } from "@/db/client";
import { getSourceFileBytes } from "@/db/queries/source-file-download";
import { contentDisposition } from "@/lib/trajectory/download-name";
import { authenticateRequest, authErrorResponse } from "@/lib/auth/request-auth";
import { mayReadRecord } from "@/lib/auth/read-scope";
import { errorResponse } from "@/lib/http/json-response";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const { id } = await params;
  const store = getStore();
  const file = mayReadRecord(store, auth.principal, "source_files", id) ? getSourceFileBytes(store, id) : null;
  if (!file) return errorResponse(404, `source file "${id}" not found`);
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      "content-type": "application/octet-stream",
      "content-length": String(file.bytes.length),
      "content-disposition": contentDisposition(file.name),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-store",
    },
  });
}
