// Monaco's theme follows the operating system's light or dark choice, like the rest of the dashboard
// (app/globals.css switches its colours on prefers-color-scheme).
import { useSyncExternalStore } from "react";

const QUERY = "(prefers-color-scheme: dark)";

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

export function useMonacoTheme(): "vs" | "vs-dark" {
  const dark = useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
  return dark ? "vs-dark" : "vs";
}
