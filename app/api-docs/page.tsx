// The API page: the event contract v1 and the read API, generated from the same schemas the server validates with.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { requestBaseUrl } from "@/lib/services/auth/sessions";
import { requireUser } from "@/lib/services/auth/current-user";
import { EVENT_SCHEMAS, EVENT_TYPES, CONTRACT_VERSION } from "@/lib/events/contract";
import { eventJsonSchema, buildOpenApiDocument } from "@/lib/events/openapi";
import { exampleEvents } from "@/lib/events/examples";
import { INGEST_LIMITS } from "@/lib/services/ingest/pure/limits";
import { SchemaFields } from "@/components/api-docs/schema-fields";
import { DataTable, type Column } from "@/components/tables/data-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API" };

const READ_COLUMNS: Column<{ path: string; summary: string }>[] = [
  { id: "endpoint", label: "Endpoint", header: "Endpoint", value: (r) => `GET ${r.path}`, cell: (r) => <code>GET {r.path}</code> },
  { id: "returns", label: "What it returns", header: "What it returns", value: (r) => r.summary },
];

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export default async function ApiDocsPage() {
  await requireUser();
  // The examples name this server as the reader reached it, not a default port it may not listen on.
  const baseUrl = requestBaseUrl(await headers());
  const examples = exampleEvents("my");
  // Every GET of the document (reads); writes are described in their own sections.
  const readPaths = Object.entries(buildOpenApiDocument().paths).flatMap(([path, item]) => {
    const get = (item as { get?: { summary: string } }).get;
    return get ? [{ path, summary: get.summary }] : [];
  });
  return (
    <main className="api-docs">
      <header className="page-header">
        <h1>API</h1>
        <p className="muted">
          Event contract {CONTRACT_VERSION}. Everything enters Harness Lab as events: the HTTP API below, <code>npx harness-lab sync DIR</code> for
          offline event logs, the importers and launched jobs all send the same events. Machine-readable:{" "}
          <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).
        </p>
      </header>

      {/* The page is long (every event type with its fields): a contents list leads to each part. */}
      <nav className="card" aria-label="Contents">
        <h2>Contents</h2>
        <ul>
          <li><a href="#sending-events">Sending events</a></li>
          <li><a href="#importing-files">Importing files</a></li>
          <li><a href="#reading">Reading</a></li>
          <li>
            <a href="#event-types">Event types</a>:{" "}
            {EVENT_TYPES.map((type, i) => (
              <span key={type}>{i > 0 ? ", " : ""}<a href={`#event-${type}`}><code>{type}</code></a></span>
            ))}
          </li>
        </ul>
      </nav>

      <section className="card" id="sending-events">
        <h2>Sending events</h2>
        <p>
          <code>POST /api/v1/events</code> with <code>Authorization: Bearer &lt;token&gt;</code> (a token with scope <code>ingest</code>, created by an
          admin under Settings) and a body that is a JSON array of events or NDJSON, one event per line.
        </p>
        <ul>
          <li>One request is all-or-nothing: if any event is invalid, nothing is written and the 400 response lists the index, field path and reason of each problem.</li>
          <li>Producers supply ids. Sending an event again changes nothing (the response counts it as <code>unchanged</code>); a different record under an existing immutable id is refused with 409.</li>
          <li>Parents may come later in the same request; a reference to something that exists nowhere is a 400 that names it.</li>
          <li>Limits: body {mb(INGEST_LIMITS.maxBodyBytes)} (413 above), one event {mb(INGEST_LIMITS.maxEventBytes)}; bodies over {mb(INGEST_LIMITS.inMemoryBytes)} are validated as they stream and spooled to disk, so memory does not grow with the body.</li>
        </ul>
        <pre className="code-block">{`curl -X POST ${baseUrl}/api/v1/events \\
  -H "Authorization: Bearer $HARNESS_LAB_TOKEN" \\
  -H "Content-Type: application/x-ndjson" \\
  --data-binary @events.jsonl`}</pre>
      </section>

      <section className="card" id="importing-files">
        <h2>Importing files</h2>
        <p>
          <code>POST /api/v1/imports</code> takes trajectories, logs and evaluation reports as <code>multipart/form-data</code>{" "}
          (<code>files</code>, <code>experiment</code>, optional <code>run</code>, <code>harness</code>, <code>benchmark</code>) with scope{" "}
          <code>ingest</code>, and answers a report per file. Larger sets: <code>npx harness-lab import PATH… --experiment NAME</code>.
        </p>
      </section>

      <section className="card" id="reading">
        <h2>Reading</h2>
        <p>Every read needs a token with scope <code>read</code> or a signed-in session.</p>
        <DataTable columns={READ_COLUMNS} rows={readPaths} rowKey={(r) => r.path} rowHeaders={false} />
      </section>

      <section id="event-types">
        <h2>Event types</h2>
        {EVENT_TYPES.map((type) => {
          const example = examples.find((e) => e.type === type);
          return (
            <section key={type} className="card" id={`event-${type}`}>
              <h3><code>{type}</code></h3>
              <p>{EVENT_SCHEMAS[type].description}</p>
              <SchemaFields schema={eventJsonSchema(type)} />
              {example ? (
                <details>
                  <summary>Example</summary>
                  <pre className="code-block">{JSON.stringify(example, null, 2)}</pre>
                </details>
              ) : null}
            </section>
          );
        })}
      </section>
    </main>
  );
}
