// The parts every filter form shares (jobs, review inbox, audit log), written once: a choice whose "any" comes
// first and whose value from the address stays chosen even when it is not among the choices (so the form never
// widens the filter by itself), and the Apply / Clear row. No hooks: server and client forms both use them.
import Link from "next/link";
import styles from "./filter-form.module.css";

export type FilterChoices = Array<{ value: string; label: string }>;

interface FilterChoiceProps {
  /** Makes the select's id: `${idPrefix}-${name}`. */
  idPrefix: string;
  name: string;
  label: string;
  value: string | number | undefined;
  choices: FilterChoices;
  /** The value of the "any" option: "" (the parameter is left out) unless the parameter has a default. */
  anyValue?: string;
  anyLabel?: string;
  /** A class beside the shared .form-field (a wider field). */
  className?: string;
}

export function FilterChoice({ idPrefix, name, label, value, choices, anyValue = "", anyLabel = "any", className }: FilterChoiceProps) {
  const chosen = value === undefined ? undefined : String(value);
  return (
    <div className={className ? `form-field ${className}` : "form-field"}>
      <label htmlFor={`${idPrefix}-${name}`}>{label}</label>
      {/* The key makes a client navigation to another filter show its value (defaultValue is read once). */}
      <select id={`${idPrefix}-${name}`} name={name} defaultValue={chosen ?? anyValue} key={chosen ?? anyValue}>
        <option value={anyValue}>{anyLabel}</option>
        {chosen !== undefined && !choices.some((c) => c.value === chosen) && <option value={chosen}>{chosen}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function FilterButtons({ resetHref, resetLabel = "Clear" }: { resetHref: string; resetLabel?: string }) {
  return (
    <div className={styles.buttons}>
      <button type="submit" className="button button-small">
        Apply
      </button>
      <Link href={resetHref} className="small">
        {resetLabel}
      </Link>
    </div>
  );
}
