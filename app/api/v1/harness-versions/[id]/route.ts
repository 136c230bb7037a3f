// GET /api/v1/harness-versions/{id}: a harness version with the content of each file and its name in the one naming.
import { getHarnessVersionWithFiles } from "@/db/queries/harness-version-files";
import { getHarnessNames } from "@/db/queries/harness-naming-rows";
import { recordGet } from "@/lib/services/auth/record-route";
import { jsonResponse } from "@/lib/http/json-response";

export const dynamic = "force-dynamic";

export const GET = recordGet({
  table: "harness_versions",
  load: (store, { id }: { id: string }) => getHarnessVersionWithFiles(store, id),
  notFound: ({ id }) => `harness version "${id}" not found`,
  // Its name in the one naming (lib/domain/harness-naming.ts) and the earliest version holding the same files.
  answer: (version, store, { id }) => {
    const name = getHarnessNames(store, version.experimentId).byId.get(id);
    return jsonResponse({ ...version, name: name?.display ?? version.label, sameFilesAs: name?.sameFilesAs?.id ?? null });
  },
});
