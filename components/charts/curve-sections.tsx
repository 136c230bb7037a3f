// The two chart sections the experiment and run pages both show, written once: the training curves with a link
// to overlay them with other experiments' runs, and the pass@1 curves with a link to the evaluation matrix that
// holds the same cells as a table.
import Link from "next/link";
import { curvesPath, experimentComparePath } from "@/lib/http/page-links";
import { RunCurves, type RunCurvesProps } from "./run-curves";
import { Pass1Curves, type Pass1CurvesProps } from "./pass1-curves";

export function TrainingCurvesSection(props: RunCurvesProps) {
  return (
    <>
      <RunCurves {...props} />
      <p className="small">
        <Link href={curvesPath(props.runIds)}>Overlay with runs of other experiments</Link>
      </p>
    </>
  );
}

export function Pass1CurvesSection({ experimentId, ...props }: Pass1CurvesProps & { experimentId: string }) {
  return (
    <>
      <Pass1Curves {...props} />
      <p className="small">
        <Link href={experimentComparePath(experimentId)}>The evaluation matrix</Link> holds the same cells as a table.
      </p>
    </>
  );
}
