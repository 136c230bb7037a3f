// GET /api/v1/harness-versions/{id}: a harness version with the content of each file.
import { getStore } from "@/db/client";
import { getHarnessVersionWithFiles } from "@/db/queries/harness-version-files";
import { authenticateRequest, authErrorResponse } from "@/lib/auth/request-auth";
import { mayReadRecord } from "@/lib/auth/read-scope";
import { errorResponse, jsonResponse } from "@/lib/http/json-response";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const { id } = await params;
  const store = getStore();
  const version = mayReadRecord(store, auth.principal, "harness_versions", id) ? getHarnessVersionWithFiles(store, id) : null;
  if (!version) return errorResponse(404, `harness version "${id}" not found`);
  return jsonResponse(version);
}
