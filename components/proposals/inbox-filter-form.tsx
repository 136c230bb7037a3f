"use client";
// The inbox's filters. Changing a choice writes the filter into the URL (router.push), so the server renders
// that view and the address reproduces it; without JavaScript the form still submits as a plain GET. The kind
// starts on teacher proposals (the default, lib/proposals/inbox-filter.ts) and offers "any" as a real value.
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import type { InboxOptions } from "@/db/queries/proposal-inbox";
import { PROPOSAL_KINDS, PROPOSAL_STATUSES } from "@/lib/domain/vocabulary";
import { ANY_KIND, inboxHref, parseInboxFilter, type InboxFilter } from "@/lib/proposals/inbox-filter";
import styles from "./proposals.module.css";

interface Props {
  filter: InboxFilter;
  options: InboxOptions;
}

const KIND_LABELS = { tool_hook: "teacher proposal (tool / hook)", engineer_patch: "engineer patch" } as const;
const DECIDED_LABELS = { rule: "by the rule", human: "by a person", none: "undecided" } as const;

interface ChoiceProps {
  name: string;
  label: string;
  value: string | number | undefined;
  choices: Array<{ value: string; label: string }>;
  /** The value of the "any" option: "" (the parameter is left out) unless the parameter has a default. */
  anyValue?: string;
}

function Choice({ name, label, value, choices, anyValue = "" }: ChoiceProps) {
  return (
    <div className="form-field">
      <label htmlFor={`inbox-${name}`}>{label}</label>
      <select id={`inbox-${name}`} name={name} defaultValue={value === undefined ? anyValue : String(value)} key={String(value ?? anyValue)}>
        <option value={anyValue}>any</option>
        {/* A value from the address that is not among the choices (e.g. an experiment without proposals) stays chosen. */}
        {value !== undefined && !choices.some((c) => c.value === String(value)) && <option value={String(value)}>{String(value)}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function InboxFilterForm({ filter, options }: Props) {
  const router = useRouter();
  const apply = (form: HTMLFormElement) => {
    const raw: Record<string, string> = {};
    for (const [key, value] of new FormData(form)) if (typeof value === "string") raw[key] = value;
    router.push(inboxHref(parseInboxFilter(raw).filter), { scroll: false });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const numbers = (values: number[]) => values.map((n) => ({ value: String(n), label: String(n) }));

  return (
    <form method="get" action="/proposals" className={styles.filters} aria-label="Filter proposals" onSubmit={onSubmit} onChange={(e) => apply(e.currentTarget)}>
      <Choice name="experiment" label="Experiment" value={filter.experiment} choices={options.experiments.map((e) => ({ value: e.id, label: e.name }))} />
      <Choice name="epoch" label="Epoch" value={filter.epoch} choices={numbers(options.epochs)} />
      <Choice name="round" label="Round" value={filter.round} choices={numbers(options.rounds)} />
      <Choice name="kind" label="Kind" value={filter.kind} anyValue={ANY_KIND} choices={PROPOSAL_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))} />
      <Choice name="status" label="Status" value={filter.status} choices={PROPOSAL_STATUSES.map((s) => ({ value: s, label: s }))} />
      <Choice name="decided" label="Decided" value={filter.decided} choices={(["rule", "human", "none"] as const).map((d) => ({ value: d, label: DECIDED_LABELS[d] }))} />
      <div className={styles.filterButtons}>
        <button type="submit" className="button button-small">
          Apply
        </button>
        <Link href="/proposals" className="small">
          Reset
        </Link>
      </div>
    </form>
  );
}
