// The "?experiment=ID" filter shared by the list pages: parsing it and saying what is shown.
import Link from "next/link";

/** One experiment id from a page's search params, or undefined (repeated or empty values are ignored). */
export function experimentParam(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && value.length > 0 && value.length <= 256 ? value : undefined;
}

interface Props {
  experimentId: string | undefined;
  experimentName: string | undefined;
  /** The page itself, without the filter, e.g. "/proposals". */
  basePath: string;
}

export function ExperimentFilterNote({ experimentId, experimentName, basePath }: Props) {
  if (!experimentId) return null;
  return (
    <p className="notice small">
      Showing only experiment{" "}
      <Link href={`/experiments/${encodeURIComponent(experimentId)}`}>{experimentName ?? experimentId}</Link>.{" "}
      <Link href={basePath}>Show all experiments</Link>
    </p>
  );
}
