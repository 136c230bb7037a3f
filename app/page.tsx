// The home page, where a signed-in researcher lands: what is running now, what waits for review, the latest
// decisions and promotions, and the experiments; on a first visit an orientation, and a prompt to set a
// password for an account that has none. Strangers are sent to sign in.
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { getStore } from "@/db/client";
import { loadHomeData } from "@/db/queries/home";
import { requireUser } from "@/lib/services/auth/current-user";
import { userHasPassword } from "@/lib/services/auth/users";
import { needsPassword, ORIENTATION_COOKIE, reviewCounts, showOrientation } from "@/lib/home/home-view";
import { ExperimentsOverview } from "@/components/home/experiments-overview";
import { LatestChanges } from "@/components/home/latest-changes";
import { Orientation } from "@/components/home/orientation";
import { PasswordPrompt } from "@/components/home/password-prompt";
import { RunningNow } from "@/components/home/running-now";
import { WaitingForReview } from "@/components/home/waiting-for-review";
import styles from "@/components/home/home.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Home" };

export default async function HomePage() {
  const user = await requireUser();
  const store = getStore();
  const home = loadHomeData(store);
  const dismissedBy = (await cookies()).get(ORIENTATION_COOKIE)?.value;
  return (
    <main>
      <header className="page-header">
        <h1>Home</h1>
        <p className="muted">What is going on in the lab now, what waits for you, and what was decided lately.</p>
      </header>
      {needsPassword(userHasPassword(store, user.id)) && <PasswordPrompt />}
      {showOrientation(dismissedBy, user.id) && <Orientation userId={user.id} />}
      <div className={styles.grid}>
        <RunningNow runs={home.runs} jobs={home.jobs} />
        <WaitingForReview counts={reviewCounts(home.pendingByKind)} />
        <LatestChanges decisions={home.decisions} promotions={home.promotions} />
        <ExperimentsOverview experiments={home.experiments} />
      </div>
    </main>
  );
}
