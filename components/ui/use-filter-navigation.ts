"use client";
// A filter form that navigates as soon as a choice changes: the form's fields become the address (hrefOf) and the
// server renders that view, so a link reproduces it; without JavaScript the form still submits as a plain GET.
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";

export function useFilterNavigation(hrefOf: (raw: Record<string, string>) => string) {
  const router = useRouter();
  const apply = (form: HTMLFormElement) => {
    const raw: Record<string, string> = {};
    for (const [key, value] of new FormData(form)) if (typeof value === "string") raw[key] = value;
    router.push(hrefOf(raw), { scroll: false });
  };
  return {
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      apply(event.currentTarget);
    },
    onChange: (event: FormEvent<HTMLFormElement>) => apply(event.currentTarget),
  };
}
