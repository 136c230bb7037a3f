"use client";
// Choosing the two versions of the diff. Submitting writes base and candidate into the URL (router.push), so
// the server renders that diff and the address reproduces it; without JavaScript the form submits as a
// plain GET. Main-line versions are listed first.
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { historyHref, type HistoryQuery } from "@/lib/harness-history/history-query";
import styles from "./harness-history.module.css";

export interface PickerOption {
  id: string;
  text: string;
  mainline: boolean;
}

interface Props {
  experimentId: string;
  action: string;
  query: HistoryQuery;
  base: string;
  candidate: string;
  options: PickerOption[];
}

export function PairPicker({ experimentId, action, query, base, candidate, options }: Props) {
  const router = useRouter();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const pick = (key: string) => (typeof data.get(key) === "string" ? String(data.get(key)) : undefined);
    router.push(historyHref(experimentId, { ...query, base: pick("base"), candidate: pick("candidate") }, "harness-diff"), { scroll: false });
  };
  return (
    <form method="get" action={action} className={styles.picker} aria-label="Choose two harness versions" onSubmit={onSubmit}>
      <Select name="base" label="Base" value={base} options={options} />
      <Select name="candidate" label="Candidate" value={candidate} options={options} />
      {query.q && <input type="hidden" name="q" value={query.q} />}
      {query.expand && <input type="hidden" name="expand" value={query.expand} />}
      <button type="submit" className="button button-small">Show diff</button>
    </form>
  );
}

function Select({ name, label, value, options }: { name: string; label: string; value: string; options: PickerOption[] }) {
  const groups = [
    { label: "Main line", options: options.filter((o) => o.mainline) },
    { label: "Explored candidates", options: options.filter((o) => !o.mainline) },
  ].filter((g) => g.options.length > 0);
  return (
    <div className={styles.field}>
      <label htmlFor={`pair-${name}`}>{label}</label>
      {/* key: a new pair from the address resets the uncontrolled choice. */}
      <select id={`pair-${name}`} name={name} defaultValue={value} key={value}>
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.text}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
