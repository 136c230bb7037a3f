// What the server does once when it starts: open the store (which applies migrations) and, on a fresh
// install, create the first admin and print a one-time sign-in link; then start the writer thread, which
// applies ingested batches and keeps the full-text index following the stored turns in the background, and open
// the direct ingest door for the server's listener (serve-http.mjs); install the reference job templates (when
// missing) and start the job supervisor, which first finds the jobs a previous server process left running.
import "server-only";
import { getStore } from "../../../db/client";
import { catchUpFullTextIndex, startStoreWriter } from "../../../db/writer/store-writer";
import { isPageRenderer } from "../../../db/writer/serving-process-index";
import { DIRECT_INGEST_KEY, directIngest } from "./direct-ingest";
import { ensureFirstAdmin } from "../auth/users";
import { serverBaseUrl } from "./base-url";
import { seedReferenceTemplates } from "../jobs/reference-templates";
import { startJobSupervisor } from "../jobs/supervisor";
import { readableStoreWarnings } from "../../files/private-files";

/** Where serve-http.mjs's page renderer finds how to catch the index up for a search page (page-renderer.mjs). */
const CATCH_UP_INDEX_KEY = Symbol.for("harness-lab.catch-up-full-text-index");

export function startServer(): void {
  const store = getStore();
  // The page renderer (a second process, lib/services/server/page-renderer.mjs) only reads: the serving process that started it
  // opened the store first, and it alone writes ingested data, runs jobs and sets up a fresh install.
  if (isPageRenderer()) return;
  if (store.file !== ":memory:") for (const line of readableStoreWarnings(store.file)) console.warn(line);
  console.info(`Harness Lab: store ${store.file} ready (migrations applied)`);
  ensureFirstAdmin(store, serverBaseUrl());
  // Ingestion's batches and the full-text index are written by a thread of their own (db/writer).
  if (process.env.NEXT_PHASE !== "phase-production-build") {
    startStoreWriter(store);
    // The producers' batches are answered beside Next's router (lib/services/server/direct-ingest.ts); serve-http.mjs finds
    // the door here. HARNESS_LAB_DIRECT_INGEST=0 leaves every batch to Next's route, e.g. to compare the two.
    if (process.env.HARNESS_LAB_DIRECT_INGEST !== "0") (globalThis as Record<symbol, unknown>)[DIRECT_INGEST_KEY] = directIngest;
    (globalThis as Record<symbol, unknown>)[CATCH_UP_INDEX_KEY] = () => catchUpFullTextIndex(store);
  }
  seedReferenceTemplates(store);
  // `next build` loads the server too; only a serving process may start (or adopt) jobs.
  if (process.env.NEXT_PHASE !== "phase-production-build" && process.env.HARNESS_LAB_NO_JOBS !== "1") startJobSupervisor(store);
}
