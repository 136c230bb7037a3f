"use client";
// The labels of a chart's harness markers ("H0 → H1") as links, laid over the plot in HTML at the marker's x.
// They live outside the SVG on purpose: the SVG is one image (role="img", named in words), and an image may
// hold no links. Rendered as a child of the recharts chart (for its x scale and plot area) through a portal
// into the overlay element the chart component places over its SVG.
import Link from "next/link";
import { createPortal } from "react-dom";
import { usePlotArea, useXAxisScale } from "recharts";
import styles from "./run-curves.module.css";

export interface MarkerLink {
  x: number;
  label: string;
  href: string;
  title: string;
  color: string;
}

interface Props {
  links: MarkerLink[];
  /** The overlay element; null until it is mounted. */
  target: HTMLElement | null;
  /** The chart's name, for the list's label. */
  chart: string;
}

export function MarkerLinks({ links, target, chart }: Props) {
  const scale = useXAxisScale();
  const area = usePlotArea();
  if (!target || !scale || !area || links.length === 0) return null;
  return createPortal(
    <ul className={styles.markerLinks} aria-label={`Harness changes on ${chart}`}>
      {links.map((l, i) => {
        const px = scale(l.x);
        if (px === undefined || !Number.isFinite(px)) return null;
        return (
          <li key={i} style={{ left: px + 3, top: area.y + 1 }}>
            <Link href={l.href} title={l.title} style={{ borderLeftColor: l.color }}>
              {l.label}
            </Link>
          </li>
        );
      })}
    </ul>,
    target,
  );
}
