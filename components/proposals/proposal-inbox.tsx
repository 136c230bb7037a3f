"use client";
// The inbox table with keyboard review. j / k move the selection (aria-selected), Enter opens the proposal,
// `a` approves and `r` rejects the selected pending proposal. A reject always asks for a reason; an approve
// asks only when it goes against the acceptance rule (or the rule has nothing to judge by), as the server
// requires. Keys are ignored while typing in a field or while the dialog is open, and do nothing for viewers,
// who get no buttons either. Each pending row carries the nonce of its form, so one decision is one write.
// Each row shows its Δ (lib/proposals/inbox-delta.ts); engineer patches come grouped by failure packet under a
// heading row, the packet's best patch first (the order is the server's, lib/proposals/inbox-order.ts).
import { useCallback, useEffect, useRef, useState, useTransition, type ReactNode } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { InboxRow } from "@/db/queries/proposal-inbox";
import { proposalPath } from "@/lib/proposals/inbox-filter";
import { approveReasonHint } from "@/lib/proposals/reason-requirement";
import { KeyboardHint } from "@/components/ui/keyboard-hint";
import { Term } from "@/components/ui/term";
import { formatCount } from "@/lib/format";
import { formatRateDiffPp } from "@/lib/stats/format-stats";
import { StatusBadge } from "@/components/ui/status-badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { DataTable, type Column } from "@/components/tables/data-table";
import { ReasonDialog, type ReasonRequest } from "./reason-dialog";
import { decisionForm, describeDecision, rejectHint, type DecideAction } from "./decision-types";
import styles from "./proposals.module.css";

export type InboxRowWithNonce = InboxRow & { nonce: string | null };

interface Props {
  rows: InboxRowWithNonce[];
  canDecide: boolean;
  action: DecideAction;
  /** Shown instead of the table when no row is left; the decision message above it stays. */
  empty: ReactNode;
}

const KIND_LABELS = { tool_hook: "teacher: tool / hook", engineer_patch: "engineer patch" } as const;

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** The rows of the packet group that starts at `start` (the server lists a group's rows together). */
function groupSize(rows: readonly InboxRow[], start: number): number {
  const packetId = rows[start]?.packet?.packetId;
  let end = start;
  while (end < rows.length && rows[end]!.packet?.packetId === packetId) end++;
  return end - start;
}

/** The Δ cell: the number, what it is over, and for a grouped patch its reward on the packet it is listed under. */
function DeltaCell({ row }: { row: InboxRow }) {
  const { delta, packet } = row;
  const onPacket = packet && (
    <div className={`muted small ${styles.deltaNote}`}>
      this packet: reward <span className="nowrap">{formatRateDiffPp(packet.reward)}</span>
      {packet.best && (
        <>
          {" "}
          <span className="badge badge-success">best of packet</span>
        </>
      )}
      {packet.otherPackets > 0 && <> · also on {plural(packet.otherPackets, "other packet", "other packets")}</>}
    </div>
  );
  if (!delta) {
    return <span className="muted">{row.kind === "engineer_patch" ? "not evaluated" : "no comparison"}</span>;
  }
  if (delta.source === "reported") {
    return (
      <>
        <strong>{formatRateDiffPp(delta.mean)}</strong>
        <div className="muted small">reported, not paired</div>
      </>
    );
  }
  if (delta.source === "comparison") {
    return delta.mean === null ? (
      <span className="muted">no task run by both sides</span>
    ) : (
      <>
        <strong>{formatRateDiffPp(delta.mean)}</strong>
        <div className="muted small">paired, {plural(delta.tasks, "task", "tasks")}</div>
      </>
    );
  }
  return (
    <>
      {delta.mean === null ? <span className="muted">not measured</span> : <strong>{formatRateDiffPp(delta.mean)}</strong>}
      <div className="muted small">
        mean over {formatCount(delta.packets)} of {plural(delta.evaluated, "packet", "packets")}
      </div>
      {onPacket}
    </>
  );
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable='true'], [contenteditable='']") !== null;
}

export function ProposalInbox({ rows, canDecide, action, empty }: Props) {
  const router = useRouter();
  const [selected, setSelected] = useState(-1);
  const [dialog, setDialog] = useState<ReasonRequest | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [pending, startTransition] = useTransition();
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const current = selected >= 0 && selected < rows.length ? rows[selected] : null;
  const packetHeadings = rows.filter((row, index) => row.packet && row.packet.packetId !== rows[index - 1]?.packet?.packetId).length;

  // The list changes under the selection after a decision (a filtered-out row leaves): keep it in range.
  useEffect(() => {
    if (selected >= rows.length) setSelected(rows.length - 1);
  }, [rows.length, selected]);

  const focusRow = useCallback((id: string | undefined) => {
    if (id) links.current.get(id)?.focus();
  }, []);

  /** Sends one decision; a refusal shows in the dialog when it came from there, above the table otherwise. */
  const submit = useCallback((row: InboxRowWithNonce, verdict: "accept" | "reject", reason: string, fromDialog: boolean) => {
    if (!row.nonce) return;
    const nonce = row.nonce;
    startTransition(async () => {
      const result = await action(null, decisionForm({ proposalId: row.id, verdict, reason, nonce }));
      if ("error" in result) {
        if (fromDialog) setDialogError(result.error);
        else setMessage({ text: result.error, error: true });
        return;
      }
      setDialog(null);
      setDialogError(null);
      setMessage({ text: describeDecision(row.title, result), error: false });
    });
  }, [action]);

  const decide = useCallback((row: InboxRowWithNonce, verdict: "accept" | "reject") => {
    if (!canDecide || !row.nonce) return;
    setMessage(null);
    setDialogError(null);
    const hint = verdict === "accept" ? approveReasonHint(row.rule) : rejectHint(row.kind);
    if (verdict === "accept" && hint === null) submit(row, "accept", "", false);
    else setDialog({ proposalId: row.id, title: row.title, verdict, hint });
  }, [canDecide, submit]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || dialog !== null) return;
      if (isTyping(event.target) || rows.length === 0) return;
      if (event.key === "j" || event.key === "k") {
        const next = Math.min(rows.length - 1, Math.max(0, selected + (event.key === "j" ? 1 : -1)));
        setSelected(next);
        focusRow(rows[next]?.listing);
      } else if (event.key === "Enter" && current && !(event.target instanceof HTMLElement && event.target.closest("a, button"))) {
        event.preventDefault();
        router.push(proposalPath(current.id));
      } else if ((event.key === "a" || event.key === "r") && canDecide && current) {
        event.preventDefault();
        if (current.status !== "pending") {
          setMessage({ text: `“${current.title}” is already ${current.status}; open it to change the decision.`, error: false });
          return;
        }
        decide(current, event.key === "a" ? "accept" : "reject");
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [rows, selected, current, dialog, canDecide, decide, focusRow, router]);

  const columns: Column<InboxRowWithNonce>[] = [
    {
      id: "title",
      label: "Title",
      header: "Title",
      // Wide enough for a sentence-like title (narrower on a phone); an unbroken id still wraps rather than
      // widening the table.
      className: `wrap-anywhere ${styles.titleCell}`,
      cell: (row, index) => (
        <>
          <Link
            href={proposalPath(row.id)}
            ref={(el) => {
              if (el) links.current.set(row.listing, el);
              else links.current.delete(row.listing);
            }}
            onFocus={() => setSelected(index)}
          >
            {row.title}
          </Link>
          {row.teacher && <div className="muted small">by {row.teacher}</div>}
        </>
      ),
    },
    // The figure stays on one line; the notes under it wrap, so Δ never takes the width the title needs.
    { id: "delta", label: "Δ pass rate", header: <Term term="inboxDelta">Δ pass rate</Term>, headerClassName: "nowrap", numeric: true, className: styles.deltaCell, cell: (row) => <DeltaCell row={row} /> },
    {
      id: "experiment",
      label: "Experiment",
      header: "Experiment",
      priority: 3,
      cell: (row) => <Link href={`/experiments/${encodeURIComponent(row.experimentId)}`}>{row.experimentName}</Link>,
    },
    { id: "epoch", label: "Epoch / round", header: "Epoch / round", priority: 3, className: "nowrap", cell: (row) => (row.epoch === null ? "—" : `epoch ${row.epoch} · round ${row.round}`) },
    { id: "kind", label: "Kind", header: "Kind", priority: 2, cell: (row) => KIND_LABELS[row.kind] },
    // On a phone the Decide buttons say "pending" already: the status gives way first.
    { id: "status", label: "Status", header: "Status", priority: 2, cell: (row) => <StatusBadge status={row.status} /> },
    {
      id: "rule",
      label: "Rule says",
      header: "Rule says",
      priority: 2,
      title: (row) => row.rule.reason,
      cell: (row) =>
        row.rule.verdict ?? (
          <span className="muted">
            <Term term="cannotJudge">cannot judge</Term>
          </span>
        ),
    },
    {
      id: "decision",
      label: "Latest decision",
      header: "Latest decision",
      priority: 3,
      className: "small",
      cell: (row) =>
        row.latestDecision ? (
          <>
            {row.latestDecision.verdict} by {row.latestDecision.actorKind === "rule" ? `rule (${row.latestDecision.actor})` : row.latestDecision.actor}
            <div className="muted">
              <RelativeTime ms={row.latestDecision.at} />
            </div>
          </>
        ) : (
          <span className="muted">undecided</span>
        ),
    },
    ...(canDecide
      ? [
          {
            id: "decide",
            label: "Decide",
            header: "Decide",
            className: "nowrap",
            cell: (row: InboxRowWithNonce) =>
              row.status === "pending" &&
              row.nonce && (
                <span className={styles.rowButtons}>
                  <button type="button" className="button button-small" disabled={pending} aria-label={`Approve ${row.title}`} onClick={() => decide(row, "accept")}>
                    Approve
                  </button>
                  <button type="button" className="button button-small button-danger" disabled={pending} aria-label={`Reject ${row.title}`} onClick={() => decide(row, "reject")}>
                    Reject
                  </button>
                </span>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <p className="muted small">
        <KeyboardHint>
          <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>Enter</kbd> opens
          {canDecide && <>, <kbd>a</kbd> approves, <kbd>r</kbd> rejects with a reason</>}.
        </KeyboardHint>
      </p>
      <div role="status" aria-live="polite" className={styles.liveMessage}>
        {message && !message.error ? message.text : ""}
      </div>
      {message?.error && (
        <p className="error" role="alert">
          {message.text}
        </p>
      )}
      {rows.length === 0 ? (
        empty
      ) : (
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(row) => row.listing}
          role="grid"
          label="Proposals"
          rowCount={rows.length + packetHeadings + 1}
          groupHeading={(row, index) =>
            row.packet && row.packet.packetId !== rows[index - 1]?.packet?.packetId ? (
              <>
                Failure packet <span className="mono">{row.packet.packetId}</span>
                <span className="muted small">
                  {" "}— {plural(row.packet.patches, "patch", "patches")} evaluated on it; {plural(groupSize(rows, index), "proposal", "proposals")} among them, best first
                  {groupSize(rows, index) < row.packet.patches && " (the others were invalid, incomplete or the same patch again)"}
                </span>
              </>
            ) : undefined
          }
          rowProps={(_, index) => ({ "aria-selected": index === selected, onClick: () => setSelected(index) })}
        />
      )}
      <ReasonDialog
        request={dialog}
        pending={pending}
        error={dialogError}
        onCancel={() => {
          setDialog(null);
          setDialogError(null);
        }}
        onSubmit={(reason) => {
          const row = rows.find((r) => r.id === dialog?.proposalId);
          if (row && dialog) submit(row, dialog.verdict, reason, true);
        }}
        returnFocus={() => focusRow(current?.listing ?? rows.find((r) => r.id === dialog?.proposalId)?.listing)}
      />
    </>
  );
}
