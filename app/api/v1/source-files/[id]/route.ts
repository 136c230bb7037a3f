// GET /api/v1/source-files/{id}: an imported original file, byte for byte, always as a download.
// Its content is whatever the producer sent (model output included), so it is never served as
// something a browser would render: octet-stream, nosniff, attachment, and a sandboxing CSP.
import { getSourceFileBytes } from "@/db/queries/source-file-download";
import { contentDisposition } from "@/lib/trajectory/download-name";
import { recordGet } from "@/lib/services/auth/record-route";

export const dynamic = "force-dynamic";

export const GET = recordGet({
  table: "source_files",
  load: (store, { id }: { id: string }) => getSourceFileBytes(store, id),
  notFound: ({ id }) => `source file "${id}" not found`,
  answer: (file) =>
    new Response(new Uint8Array(file.bytes), {
      status: 200,
      headers: {
        "content-type": "application/octet-stream",
        "content-length": String(file.bytes.length),
        "content-disposition": contentDisposition(file.name),
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
        "cache-control": "private, no-store",
      },
    }),
});
