"use client";
// Whether recharts has drawn a chart's lines inside an element: the server-drawn stand-in (first-paint-plot.tsx)
// stays until then. recharts draws after hydration, once it has measured its box and its axes have registered,
// so this watches the element's subtree for its line layers rather than guessing a number of frames.
import { useEffect, useState } from "react";

const DRAWN = ".recharts-line";

export function useLinesDrawn(element: HTMLElement | null): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (!element || drawn) return;
    if (element.querySelector(DRAWN)) {
      setDrawn(true);
      return;
    }
    const observer = new MutationObserver(() => {
      if (element.querySelector(DRAWN)) {
        observer.disconnect();
        setDrawn(true);
      }
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [element, drawn]);
  return drawn;
}
