// Connect a trainer: mint a token for one experiment in place (admins) and copy a snippet for the trainer in use, with the
// token and this server's address filled in. Linked from the empty experiments list and from Settings.
import { headers } from "next/headers";
import { requireUser } from "@/lib/services/auth/current-user";
import { requestBaseUrl } from "@/lib/services/auth/sessions";
import { ConnectTrainer } from "@/components/connect/connect-trainer";
import { mintTrainerTokenAction } from "./actions";

export const dynamic = "force-dynamic";

export default async function ConnectTrainerPage() {
  const user = await requireUser("viewer");
  const serverUrl = requestBaseUrl(await headers());
  return (
    <main>
      <h1>Connect a trainer</h1>
      <p className="muted">
        Send a training run&rsquo;s metrics and rollouts here from plain Python, verl, TRL, SkyRL, prime-rl or rllm, or
        let a follower read the files your trainer already writes.
      </p>
      <ConnectTrainer serverUrl={serverUrl} action={user.role === "admin" ? mintTrainerTokenAction : null} />
    </main>
  );
}
