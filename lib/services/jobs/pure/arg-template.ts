// One item of a template (an argv item, an environment value, the working directory) as literal text and
// `{name}` references. `{{` and `}}` stand for literal braces; any other brace is an error, so a typo
// cannot silently become part of a command.
export type ArgPart = { literal: string } | { ref: string };

const REF = /^[a-z][a-z0-9_]{0,63}$/;

export function parseArgItem(item: string): { ok: true; parts: ArgPart[] } | { ok: false; error: string } {
  const parts: ArgPart[] = [];
  let literal = "";
  for (let i = 0; i < item.length; i++) {
    const c = item[i];
    if (c === "{" && item[i + 1] === "{") {
      literal += "{";
      i++;
    } else if (c === "}" && item[i + 1] === "}") {
      literal += "}";
      i++;
    } else if (c === "{") {
      const end = item.indexOf("}", i + 1);
      const name = end < 0 ? "" : item.slice(i + 1, end);
      if (!REF.test(name)) return { ok: false, error: `"{" at position ${i} does not start a {placeholder} (write {{ for a literal brace)` };
      if (literal) parts.push({ literal });
      literal = "";
      parts.push({ ref: name });
      i = end;
    } else if (c === "}") {
      return { ok: false, error: `"}" at position ${i} closes nothing (write }} for a literal brace)` };
    } else {
      literal += c;
    }
  }
  if (literal) parts.push({ literal });
  return { ok: true, parts };
}

export function referencesOf(parts: readonly ArgPart[]): string[] {
  return parts.flatMap((p) => ("ref" in p ? [p.ref] : []));
}
