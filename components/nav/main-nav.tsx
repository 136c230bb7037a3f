"use client";
// The primary navigation. A client component only to mark the current section (aria-current).
import Link from "next/link";
import { usePathname } from "next/navigation";

export const NAV_ITEMS = [
  { href: "/experiments", label: "Experiments" },
  { href: "/trajectories", label: "Trajectories" },
  { href: "/proposals", label: "Proposals" },
  { href: "/compare", label: "Compare" },
  { href: "/jobs", label: "Jobs" },
  { href: "/settings", label: "Settings" },
  { href: "/api-docs", label: "API" },
] as const;

function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

export function MainNav() {
  const pathname = usePathname() ?? "";
  return (
    <nav className="main-nav" aria-label="Main">
      <ul>
        {NAV_ITEMS.map((item) => (
          <li key={item.href}>
            <Link href={item.href} aria-current={isCurrent(pathname, item.href) ? "page" : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
