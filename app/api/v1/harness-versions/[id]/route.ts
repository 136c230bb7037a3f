// GET /api/v1/harness-versions/{id}: a harness version with the content of each file and its name in the one naming.
import { getStore } from "@/db/client";
import { getHarnessVersionWithFiles } from "@/db/queries/harness-version-files";
import { getHarnessNames } from "@/db/queries/harness-naming-rows";
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
  // Its name in the one naming (lib/domain/harness-naming.ts) and the earliest version holding the same files.
  const name = getHarnessNames(store, version.experimentId).byId.get(id);
  return jsonResponse({ ...version, name: name?.display ?? version.label, sameFilesAs: name?.sameFilesAs?.id ?? null });
}
