"use client";
// The inbox's filters. Changing a choice writes the filter into the URL (useFilterNavigation), so the server
// renders that view and the address reproduces it; without JavaScript the form still submits as a plain GET. The kind
// starts on teacher proposals (the default, lib/proposals/inbox-filter.ts) and offers "any" as a real value.
import type { InboxOptions } from "@/db/queries/proposal-inbox";
import { PROPOSAL_KINDS, PROPOSAL_STATUSES } from "@/lib/domain/vocabulary";
import { ANY_KIND, inboxHref, parseInboxFilter, type InboxFilter } from "@/lib/proposals/inbox-filter";
import { FilterButtons, FilterChoice } from "@/components/ui/filter-form-parts";
import { useFilterNavigation } from "@/components/ui/use-filter-navigation";
import styles from "./proposals.module.css";

interface Props {
  filter: InboxFilter;
  options: InboxOptions;
}

const KIND_LABELS = { tool_hook: "teacher proposal (tool / hook)", engineer_patch: "engineer patch" } as const;
const DECIDED_LABELS = { rule: "by the rule", human: "by a person", none: "undecided" } as const;

export function InboxFilterForm({ filter, options }: Props) {
  const { onSubmit, onChange } = useFilterNavigation((raw) => inboxHref(parseInboxFilter(raw).filter));
  const numbers = (values: number[]) => values.map((n) => ({ value: String(n), label: String(n) }));

  return (
    <form method="get" action="/proposals" className={styles.filters} aria-label="Filter proposals" onSubmit={onSubmit} onChange={onChange}>
      <FilterChoice idPrefix="inbox" name="experiment" label="Experiment" value={filter.experiment} choices={options.experiments.map((e) => ({ value: e.id, label: e.name }))} />
      <FilterChoice idPrefix="inbox" name="epoch" label="Epoch" value={filter.epoch} choices={numbers(options.epochs)} />
      <FilterChoice idPrefix="inbox" name="round" label="Round" value={filter.round} choices={numbers(options.rounds)} />
      <FilterChoice idPrefix="inbox" name="kind" label="Kind" value={filter.kind} anyValue={ANY_KIND} choices={PROPOSAL_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))} />
      <FilterChoice idPrefix="inbox" name="status" label="Status" value={filter.status} choices={PROPOSAL_STATUSES.map((s) => ({ value: s, label: s }))} />
      <FilterChoice idPrefix="inbox" name="decided" label="Decided" value={filter.decided} choices={(["rule", "human", "none"] as const).map((d) => ({ value: d, label: DECIDED_LABELS[d] }))} />
      <FilterButtons resetHref="/proposals" resetLabel="Reset" />
    </form>
  );
}
