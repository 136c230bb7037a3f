"use client";
// Client-side providers for the whole app: one react-query cache per browser tab.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { config as zodConfig } from "zod";

// The browser parses URL state with zod (lib/trajectories/browser-query.ts, the live pages' answers). zod's first
// object parse probes whether `new Function` is allowed, and the page's Content-Security-Policy (no 'unsafe-eval')
// reports that probe as a violation even though zod catches it. jitless skips the probe and the compiled parser,
// in this browser bundle only: the server keeps zod's fast path for ingest.
zodConfig({ jitless: true });

export function Providers({ children }: { children: ReactNode }) {
  // Created in state, not at module level, so server renders never share a cache between users.
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            // Pages arrive with fresh server data as initialData; do not refetch it the moment they hydrate.
            staleTime: 5_000,
            retry: 1,
          },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
