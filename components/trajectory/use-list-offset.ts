"use client";
// Where a window-scrolled virtual list starts in the document (the virtualizer's scrollMargin). The
// header above it changes height (a verdict list unfolds, the patch opens), so it is re-measured
// whenever the page's size changes.
import { useLayoutEffect, useState, type RefObject } from "react";

export function useListOffset(ref: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setOffset((previous) => (Math.abs(previous - top) < 0.5 ? previous : top));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}

/** Height of what stays pinned at the top while the page scrolls: the app header and the viewer's toolbar. */
export const STICKY_TOP_PX = 100;
