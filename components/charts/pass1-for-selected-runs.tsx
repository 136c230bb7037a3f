"use client";
// On the overlay page: the pass@1 curves of the runs chosen in the training-curves picker (the address's
// `runs`, which that picker rewrites), each run's checkpoints as one scope — e.g. HarnessAdapt-RL against its
// GRPO baseline. At most the scopes the API takes; the rest are named as left out.
import { useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { parseViewSettings, rawFromParams } from "@/lib/curves/curve-settings";
import { limitPass1Scopes } from "@/lib/curves/pass-at-1-address";
import type { Pass1Curves as Curves } from "@/lib/curves/pass-at-1-types";
import { Pass1Curves } from "./pass1-curves";

interface Props {
  /** Every run the page offers: id → "experiment · run" name. */
  runNames: Record<string, string>;
  initial?: { path: string; data: Curves[] };
}

export function Pass1ForSelectedRuns({ runNames, initial }: Props) {
  const params = useSearchParams();
  const known = useMemo(() => Object.keys(runNames), [runNames]);
  const runs = useMemo(
    () => parseViewSettings(rawFromParams((n) => params.get(n) ?? undefined), { runs: [], keys: [] }, known).settings.runs,
    [params, known],
  );
  const { scopes, leftOut } = useMemo(() => limitPass1Scopes(runs.map((id) => ({ kind: "run" as const, id }))), [runs]);
  const scopeNames = useMemo(() => Object.fromEntries(Object.entries(runNames).map(([id, name]) => [`run:${id}`, name])), [runNames]);
  return (
    <Pass1Curves scopes={scopes} scopeNames={scopeNames} title="pass@1 of the chosen runs' checkpoints" initial={initial}
      emptyText={scopes.length === 0 ? "Choose runs above to draw the pass@1 of their evaluated checkpoints." : "None of the chosen runs produced an evaluated checkpoint or reported pass@1."}
      note={leftOut > 0 ? `pass@1 is drawn for the first ${scopes.length} chosen runs; ${leftOut} more left out.` : undefined} />
  );
}
