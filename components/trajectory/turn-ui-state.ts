"use client";
// What the reader changed per turn (opened or collapsed it, expanded a long field, showed the raw
// JSON). Kept above the virtualized list: rows unmount when they scroll away and must come back as
// they were left.
import { useCallback, useMemo, useReducer } from "react";

export interface TurnUi {
  /** Set when the reader opened or collapsed the turn; otherwise the turn's default applies. */
  open?: boolean;
  raw?: boolean;
  expanded?: ReadonlySet<string>;
}

type Action =
  | { type: "open"; idx: number; open: boolean }
  | { type: "raw"; idx: number }
  | { type: "field"; idx: number; key: string };

function reduce(state: ReadonlyMap<number, TurnUi>, action: Action): ReadonlyMap<number, TurnUi> {
  const next = new Map(state);
  const ui = state.get(action.idx) ?? {};
  if (action.type === "open") next.set(action.idx, { ...ui, open: action.open });
  else if (action.type === "raw") next.set(action.idx, { ...ui, raw: !ui.raw });
  else {
    const expanded = new Set(ui.expanded);
    if (expanded.has(action.key)) expanded.delete(action.key);
    else expanded.add(action.key);
    next.set(action.idx, { ...ui, expanded });
  }
  return next;
}

export interface TurnUiActions {
  setOpen(idx: number, open: boolean): void;
  toggleRaw(idx: number): void;
  toggleField(idx: number, key: string): void;
}

export function useTurnUiState(): [ReadonlyMap<number, TurnUi>, TurnUiActions] {
  const [state, dispatch] = useReducer(reduce, new Map<number, TurnUi>());
  const setOpen = useCallback((idx: number, open: boolean) => dispatch({ type: "open", idx, open }), []);
  const toggleRaw = useCallback((idx: number) => dispatch({ type: "raw", idx }), []);
  const toggleField = useCallback((idx: number, key: string) => dispatch({ type: "field", idx, key }), []);
  const actions = useMemo(() => ({ setOpen, toggleRaw, toggleField }), [setOpen, toggleRaw, toggleField]);
  return [state, actions];
}
