// What the server does once when it starts: open the store (which applies migrations) and, on a fresh
// install, create the first admin and print a one-time sign-in link; then keep the full-text index
// following the stored turns in the background.
import "server-only";
import { getStore } from "../../db/client";
import { startFullTextIndexer } from "../../db/full-text-index";
import { ensureFirstAdmin } from "../auth/users";
import { serverBaseUrl } from "./base-url";

export function startServer(): void {
  const store = getStore();
  console.info(`Harness Lab: store ${store.file} ready (migrations applied)`);
  ensureFirstAdmin(store, serverBaseUrl());
  startFullTextIndexer(store);
}
