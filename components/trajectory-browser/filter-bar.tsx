"use client";
// The browser's filters as a form. Submitting (Enter, the Apply button, or changing a select) writes the
// filter into the URL with router.push, so the server renders that view and the link reproduces it.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { BrowserOptions } from "@/db/queries/rollout-browser-options";
import { HOOK_POSITIONS, ROLLOUT_PURPOSES } from "@/lib/domain/vocabulary";
import { OUTCOMES } from "@/lib/domain/outcome";
import { browserHref, flattenSearchParams, parseBrowserParams, type BrowserState } from "@/lib/trajectories/browser-query";
import styles from "./browser.module.css";

interface Props {
  state: BrowserState;
  options: BrowserOptions;
  basePath: string;
}

/** Reads the form into a state through the same parser as the URL, so the form can set nothing the URL cannot. */
function stateFromForm(form: HTMLFormElement, current: BrowserState): BrowserState | string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === "string" && value.trim() !== "") params.set(key, value);
  params.set("sort", current.sort.key);
  params.set("dir", current.sort.dir);
  const flat = flattenSearchParams(params);
  if (!flat.ok) return `${flat.problem.field} ${flat.problem.message}`;
  const parsed = parseBrowserParams(flat.params);
  if (!parsed.ok) return `${parsed.problem.field.replaceAll("_", " ")} ${parsed.problem.message}`;
  const next = parsed.state;
  // A run, version or checkpoint of another experiment cannot match: choosing an experiment clears them.
  if (next.filter.experiment !== current.filter.experiment) {
    delete next.filter.run;
    delete next.filter.harnessVersion;
    delete next.filter.checkpoint;
  }
  return next;
}

function Select({ name, label, value, choices, any = "any" }: { name: string; label: string; value: string | undefined; choices: { id: string; label: string }[]; any?: string }) {
  return (
    <div className="form-field">
      <label htmlFor={`browser-${name}`}>{label}</label>
      <select id={`browser-${name}`} name={name} defaultValue={value ?? ""} key={value ?? ""}>
        <option value="">{any}</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Input({ name, label, value, type = "text", list, step }: { name: string; label: string; value: string | number | undefined; type?: string; list?: string; step?: string }) {
  return (
    <div className="form-field">
      <label htmlFor={`browser-${name}`}>{label}</label>
      <input id={`browser-${name}`} name={name} type={type} list={list} step={step} defaultValue={value ?? ""} key={String(value ?? "")} />
    </div>
  );
}

const plain = (values: readonly string[]) => values.map((v) => ({ id: v, label: v }));

export function FilterBar({ state, options, basePath }: Props) {
  const router = useRouter();
  const [problem, setProblem] = useState("");
  const f = state.filter;
  const submit = (form: HTMLFormElement) => {
    const next = stateFromForm(form, state);
    if (typeof next === "string") return setProblem(`Not applied: ${next}.`);
    setProblem("");
    router.push(browserHref(next, basePath), { scroll: false });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(event.currentTarget);
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLSelectElement) submit(event.currentTarget);
  };
  const more = [f.epoch, f.step, f.task, f.exitStatus, f.rewardMin, f.rewardMax, f.turnsMin, f.turnsMax, f.checkpoint, f.value].some((v) => v !== undefined);
  const scoped = f.experiment !== undefined;

  return (
    <form className={styles.filters} onSubmit={onSubmit} onChange={onChange} role="search" aria-label="Filter rollouts">
      <div className={styles.searchRow}>
        <div className={`form-field ${styles.searchField}`}>
          <label htmlFor="browser-q">Search turns</label>
          <input id="browser-q" name="q" type="search" defaultValue={f.q ?? ""} key={f.q ?? ""} placeholder="words in what was said or seen (press /)" />
        </div>
        <button type="submit" className="button">Apply</button>
        <Link href={basePath} className="button button-secondary">Clear all</Link>
      </div>
      <div className={styles.grid}>
        <Select name="experiment" label="Experiment" value={f.experiment} choices={options.experiments} any="all experiments" />
        <Select name="run" label="Run" value={f.run} choices={options.runs} any={scoped ? "any run" : "choose an experiment first"} />
        <Select name="purpose" label="Purpose" value={f.purpose} choices={plain(ROLLOUT_PURPOSES)} />
        <Select name="harness_version" label="Harness version" value={f.harnessVersion} choices={options.harnessVersions} any={scoped ? "any" : "choose an experiment first"} />
        <Select name="outcome" label="Outcome" value={f.outcome} choices={plain(OUTCOMES)} />
        <Select name="truncated" label="Truncated" value={f.truncated === undefined ? undefined : String(f.truncated)} choices={[{ id: "true", label: "yes" }, { id: "false", label: "no" }]} />
        <Select name="hook" label="Hook fired at" value={f.hook} choices={plain(HOOK_POSITIONS)} any="any or none" />
        <Select name="benchmark" label="Benchmark" value={f.benchmark} choices={plain(options.benchmarks)} />
      </div>
      <details className={styles.more} open={more}>
        <summary>More filters</summary>
        <div className={styles.grid}>
          <Select name="checkpoint" label="Checkpoint" value={f.checkpoint} choices={options.checkpoints} any={scoped ? "any" : "choose an experiment first"} />
          <Input name="epoch" label="Epoch" value={f.epoch} type="number" />
          <Input name="step" label="Step" value={f.step} type="number" />
          <Input name="task" label="Task id" value={f.task} />
          <Input name="exit_status" label="Exit status" value={f.exitStatus} list="browser-exit-statuses" />
          <datalist id="browser-exit-statuses">
            {options.exitStatuses.map((s) => <option key={s} value={s} />)}
          </datalist>
          <Input name="reward_min" label="Reward at least" value={f.rewardMin} type="number" step="any" />
          <Input name="reward_max" label="Reward at most" value={f.rewardMax} type="number" step="any" />
          <Input name="turns_min" label="Turns at least" value={f.turnsMin} type="number" />
          <Input name="turns_max" label="Turns at most" value={f.turnsMax} type="number" />
          <Input name="value" label="Trainer value (key)" value={f.value} />
          <Input name="value_min" label="Value at least" value={f.valueMin} type="number" step="any" />
          <Input name="value_max" label="Value at most" value={f.valueMax} type="number" step="any" />
        </div>
      </details>
      {/* The older success=true|false of the API has no field; keep it when a link carries it. */}
      {f.success !== undefined && <input type="hidden" name="success" value={String(f.success)} />}
      <p className="error small" role="alert">{problem}</p>
    </form>
  );
}
