// An experiment's trajectories: the browser, scoped to the experiment through its URL (one place to link).
import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/current-user";
import { browserHref } from "@/lib/trajectories/browser-query";

export const dynamic = "force-dynamic";

interface Props {
  params: Promise<{ id: string }>;
}

export default async function ExperimentTrajectoriesPage({ params }: Props) {
  await requireUser();
  // Next hands the segment decoded once; browserHref encodes it again for the query string.
  const { id } = await params;
  redirect(browserHref({ filter: { experiment: id }, sort: { key: "created", dir: "desc" } }));
}
