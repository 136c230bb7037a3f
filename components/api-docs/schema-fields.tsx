// A table of the fields of one event type, read from its JSON Schema (generated from the zod contract).
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

function FieldRows({ schema, prefix }: { schema: JsonSchema; prefix: string }) {
  const required = new Set(schema.required ?? []);
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([name, field]) => (
        <tr key={prefix + name}>
          <td><code>{prefix + name}</code></td>
          <td><code>{describeType(field)}</code></td>
          <td>{required.has(name) ? "required" : field.default !== undefined ? `default ${JSON.stringify(field.default)}` : "optional"}</td>
        </tr>
      ))}
      {nestedObjects(schema, prefix).map(([path, nested]) => (
        <FieldRows key={path} schema={nested} prefix={`${path}.`} />
      ))}
    </>
  );
}

export function SchemaFields({ schema }: { schema: JsonSchema }) {
  return (
    // Its own scroller: a field name and its type are long words that a phone cannot wrap.
    <div className="table-wrap">
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Type</th>
          <th scope="col">Presence</th>
        </tr>
      </thead>
      <tbody>
        <FieldRows schema={schema} prefix="" />
      </tbody>
    </table>
    </div>
  );
}
