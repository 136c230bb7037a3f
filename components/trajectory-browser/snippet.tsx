// Where a search found its words: text parts from the server, the matched ones in <mark>. Model output is
// untrusted, so every part is React text; nothing here is ever parsed as HTML.
import { Fragment } from "react";
import type { SnippetPart } from "@/db/queries/rollout-browser-rows";

export function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <>
      {parts.map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>))}
    </>
  );
}
