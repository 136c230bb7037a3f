// In the page renderer (the second server process that renders pages, lib/services/server/page-renderer.mjs), the full-text
// index is not this process's to write: the serving process's writer thread is the store's one writer of ingested
// data and of the index. A search page asks it, over the IPC channel the serving process opened, to catch the index
// up first, as the serving process's own routes ask its writer thread (store-writer.ts catchUpFullTextIndex).
import "server-only";

/** Set by the serving process on the renderer it starts (page-renderer.mjs RENDERER_ROLE). */
const RENDERER_ROLE = "page-renderer";
/** A catch-up is a few indexing slices; past this the search is answered with an error, not without the new turns. */
const CATCH_UP_LIMIT_MS = 60_000;

type Pending = { resolve: () => void; reject: (error: Error) => void; timer: NodeJS.Timeout };
const channel = globalThis as unknown as { __harnessLabIndexRequests?: { next: number; pending: Map<number, Pending> } };

/** Whether this process is the page renderer, connected to the serving process that started it. */
export function isPageRenderer(): boolean {
  return process.env.HARNESS_LAB_ROLE === RENDERER_ROLE && typeof process.send === "function";
}

function requests() {
  if (channel.__harnessLabIndexRequests) return channel.__harnessLabIndexRequests;
  const state = { next: 0, pending: new Map<number, Pending>() };
  process.on("message", (message: { kind?: string; id?: number; error?: string | null }) => {
    if (message?.kind !== "indexed" || typeof message.id !== "number") return;
    const waiter = state.pending.get(message.id);
    if (!waiter) return;
    state.pending.delete(message.id);
    clearTimeout(waiter.timer);
    if (message.error) waiter.reject(new Error(`catching the full-text index up failed: ${message.error}`));
    else waiter.resolve();
  });
  return (channel.__harnessLabIndexRequests = state);
}

/** Resolves once the serving process's writer has indexed every turn stored when it was asked. */
export function catchUpIndexInServingProcess(): Promise<void> {
  const state = requests();
  const id = state.next++;
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      state.pending.delete(id);
      reject(new Error(`the serving process did not catch the full-text index up within ${CATCH_UP_LIMIT_MS / 1000} s`));
    }, CATCH_UP_LIMIT_MS);
    state.pending.set(id, { resolve, reject, timer });
    process.send!({ kind: "index", id }, (error: Error | null) => {
      if (!error) return;
      state.pending.delete(id);
      clearTimeout(timer);
      reject(new Error(`the serving process cannot be asked to catch the full-text index up: ${error.message}`));
    });
  });
}
