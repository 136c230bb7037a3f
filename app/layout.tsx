// The root layout: theme, react-query, and the navigation for signed-in users only.
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { currentUser } from "@/lib/auth/current-user";
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
        <Providers>
          {user && <AppHeader user={user} />}
          {/* Pages render their own <main>, so the sign-in page can be a bare card. */}
          <div className={user ? "content" : "content content-signed-out"}>{children}</div>
        </Providers>
      </body>
    </html>
  );
}
