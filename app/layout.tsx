// The root layout: theme, react-query, and the navigation for signed-in users only.
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { currentUser } from "@/lib/services/auth/current-user";
import { Providers } from "@/components/providers";
import { AppHeader } from "@/components/nav/app-header";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Harness Lab", template: "%s · Harness Lab" },
  description: "Self-hosted dashboard for harness-evolution experiments on LLM agents",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  return (
    <html lang="en">
      <body>
        {/* The first stop of the keyboard: past the navigation, straight to the page. */}
        <a className="skip-link" href="#content">Skip to content</a>
        <Providers>
          {user && <AppHeader user={user} />}
          {/* Pages render their own <main>, so the sign-in page can be a bare card. tabIndex lets the skip link move focus here. */}
          <div id="content" tabIndex={-1} className={user ? "content" : "content content-signed-out"}>{children}</div>
        </Providers>
      </body>
    </html>
  );
}
