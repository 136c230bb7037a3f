// An experiment's trajectories: the browser, scoped to the experiment through its URL (one place to link).
import { redirect } from "next/navigation";
import { requireUser } from "@/lib/services/auth/current-user";
import { browserHref } from "@/lib/trajectories/browser-query";

export const dynamic = "force-dynamic";

interface Props {
  params: Promise<{ id: string }>;
}

/** Next 16 hands the segment as it was in the URL (still percent-encoded); decode it once. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export default async function ExperimentTrajectoriesPage({ params }: Props) {
  await requireUser();
  const id = decodeSegment((await params).id);
  redirect(browserHref({ filter: { experiment: id }, sort: { key: "created", dir: "desc" } }));
}
