// A table of the fields of one event type, read from its JSON Schema (generated from the zod contract), drawn
// by the one DataTable.
import { DataTable, type Column } from "@/components/tables/data-table";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  maxLength?: number;
  minimum?: number;
  additionalProperties?: unknown;
  format?: string;
};

/** A short human-readable type, e.g. `"train" | "eval"`, `string[]`, `object`. */
export function describeType(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return [...new Set(alternatives.map(describeType))].join(" | ");
  if (schema.type === "array") return `${schema.items ? describeType(schema.items) : "any"}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.type === "object") return schema.properties ? "object (see below)" : "object";
  if (schema.format === "date-time") return "ISO-8601 time";
  return schema.type ?? "any";
}

function nestedObjects(schema: JsonSchema, prefix: string): [string, JsonSchema][] {
  const out: [string, JsonSchema][] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const target = field.type === "array" ? field.items : field;
    if (target?.properties) out.push([`${prefix}${name}${field.type === "array" ? "[]" : ""}`, target]);
  }
  return out;
}

interface FieldRow {
  path: string;
  field: JsonSchema;
  presence: string;
}

/** Every field, each nested object's fields after its parent's (with their dotted path). */
function fieldRows(schema: JsonSchema, prefix: string): FieldRow[] {
  const required = new Set(schema.required ?? []);
  return [
    ...Object.entries(schema.properties ?? {}).map(([name, field]) => ({
      path: prefix + name,
      field,
      presence: required.has(name) ? "required" : field.default !== undefined ? `default ${JSON.stringify(field.default)}` : "optional",
    })),
    ...nestedObjects(schema, prefix).flatMap(([path, nested]) => fieldRows(nested, `${path}.`)),
  ];
}

const COLUMNS: Column<FieldRow>[] = [
  { id: "field", label: "Field", header: "Field", value: (r) => r.path, cell: (r) => <code>{r.path}</code> },
  { id: "type", label: "Type", header: "Type", value: (r) => describeType(r.field), cell: (r) => <code>{describeType(r.field)}</code> },
  { id: "presence", label: "Presence", header: "Presence", value: (r) => r.presence },
];

export function SchemaFields({ schema }: { schema: JsonSchema }) {
  // Its own scroller (DataTable's): a field name and its type are long words that a phone cannot wrap.
  return <DataTable columns={COLUMNS} rows={fieldRows(schema, "")} rowKey={(r) => r.path} rowHeaders={false} />;
}
