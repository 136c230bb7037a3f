"use client";
// The "Keys: …" hint of a page with keyboard shortcuts. It appears only once the page is hydrated — after the
// effects that attach the key listeners have run — so the hint never promises keys that do nothing yet, and
// tests (and impatient users) can wait for it before pressing a key.
import { useEffect, useState, type ReactNode } from "react";

export function KeyboardHint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return <span>Keys: {children}</span>;
}
