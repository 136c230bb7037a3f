// Monaco's theme follows the operating system's light or dark choice, like the rest of the dashboard
// (app/globals.css switches its colours on prefers-color-scheme).
import { useSyncExternalStore } from "react";
import { DARK_THEME, LIGHT_THEME } from "./editor-themes";

const QUERY = "(prefers-color-scheme: dark)";

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

export function useMonacoTheme(): typeof LIGHT_THEME | typeof DARK_THEME {
  const dark = useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
  return dark ? DARK_THEME : LIGHT_THEME;
}
