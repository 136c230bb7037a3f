// JavaScript source text for plain data: test arguments and expected values are written into the test
// code as literals, so a test is self-contained text that runs anywhere (and that a reader can check).
// Works on values from another vm context too (Array.isArray and typeof are realm-independent).

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A literal that evaluates back to an equal value. Functions, symbols and class instances are refused. */
export function toLiteral(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  switch (typeof value) {
    case "number":
      if (Number.isNaN(value)) return "NaN";
      if (value === Infinity) return "Infinity";
      if (value === -Infinity) return "-Infinity";
      return String(value); // shortest text that reads back as the same double ("0" for -0)
    case "string":
      return JSON.stringify(value);
    case "boolean":
      return String(value);
    case "object": {
      if (Array.isArray(value)) return `[${Array.from(value, toLiteral).join(", ")}]`;
      const proto = Object.getPrototypeOf(value);
      if (proto !== null && Object.getPrototypeOf(proto) !== null) throw new Error("toLiteral: only plain objects");
      const entries = Object.keys(value).map((k) => `${IDENTIFIER.test(k) ? k : JSON.stringify(k)}: ${toLiteral((value as Record<string, unknown>)[k])}`);
      return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
    }
    default:
      throw new Error(`toLiteral: cannot write a ${typeof value}`);
  }
}

/** `name(arg1, arg2)` with literal arguments: the call a test makes, and its readable label. */
export function callText(name: string, args: readonly unknown[]): string {
  return `${name}(${args.map(toLiteral).join(", ")})`;
}
