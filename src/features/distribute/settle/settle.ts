/**
 * Settle before anything else (docs/architecture.md §2 "Write ahead, settle first"). The API has
 * no idempotency key for finalize and no list of distributions, so before a table is validated,
 * sent or finalized, every distribution the run log (and its journal, src/workbook/run-journal.ts)
 * knows for it and does not know as final is read from the API, and what the server says is
 * recorded as if the pane had seen it happen:
 *
 * - found `processing`, `completed` or `failed`: recorded as paid (../finalize/refresh-status.ts:
 *   the run log, the ledger's rows, the cells "Pago em …"), so the double-payment guard stops
 *   the same content from being paid again;
 * - found `draft` after a `finalizing` entry: another pane's finalize may be on its way
 *   (`FinalizeInFlightError`, while it is recent or in this very runtime), else its outcome is
 *   recorded `unknown` (finalizing it again needs the person's confirmation);
 * - found `draft`: the newest of the table's mode is the draft to continue (never replaced);
 *   older ones, which the table no longer wants, are emptied and recorded `abandoned`, so no
 *   draft is left holding money that someone holding its id could finalize.
 *
 * Only reads, unless something is found to record or to empty: one GET per unsettled distribution.
 */
import type { Distribution, ValePixClient } from "../../../api";
import type { Locale, ValidationOptions, Workbook } from "../../../workbook";
import { settleJournal } from "../../../workbook/run-journal";
import {
  type RunLogEntry,
  UNSETTLED_STATES as UNSETTLED,
  appendRunLogEntry,
  latestByDistribution,
  readRunLogEntries,
  sameTable,
} from "../../../workbook/run-log";
import { type RefreshApi, refreshStatus } from "../finalize/refresh-status";
import { assertNotInFlight } from "./in-flight";
import { planItems } from "../send/plan";
import { readDraftItems } from "../send/review";
import { applyPlan } from "../send/send";

export type SettleApi = RefreshApi & {
  distributions: Pick<
    ValePixClient["distributions"],
    "get" | "listItems" | "addItems" | "removeItems" | "setValueForAll" | "setEmployeeValue"
  >;
};

export interface SettleInput {
  workbook: Workbook;
  table: string;
}

export interface SettleOptions {
  signal?: AbortSignal | undefined;
  locale?: Locale | undefined;
  validation?: ValidationOptions | undefined;
  now?: (() => number) | undefined;
  /**
   * How long another pane's `finalizing` entry, still a draft at the server, counts as a request
   * on its way (default `FINALIZE_IN_FLIGHT_MS`); after that its outcome is `unknown`.
   */
  inFlightMs?: number | undefined;
}

/** A draft the server still holds as `draft`, as the API reports it. */
interface OpenDraft {
  distributionId: string;
  mode: RunLogEntry["mode"];
  note: string | undefined;
  /** `draft`, or `unknown` when a finalize of it was sent and never answered. */
  state: string;
  employees: number;
  totalCents: number;
  /** When the run log first recorded it. */
  since: string;
}

export interface SettledTable {
  /** The run log after settling. */
  entries: RunLogEntry[];
  /** Distributions found past `draft` and recorded as such now. */
  paid: Array<{ distributionId: string; state: string }>;
  /** Per mode, the draft a send continues. */
  open: OpenDraft[];
  /** Drafts the table no longer wanted, emptied now. */
  emptied: string[];
}

/** States the server moves a distribution to once finalized (API document, "States and transitions"). */
const PAST_DRAFT: readonly string[] = ["processing", "completed", "failed"];

export async function settleTable(
  api: SettleApi,
  input: SettleInput,
  options: SettleOptions = {},
): Promise<SettledTable> {
  const { workbook, table } = input;
  const now = options.now ?? Date.now;
  // Runs the file learns of from the journal may have paid without the file's ledger knowing.
  const learned = new Set(
    (await settleJournal(workbook))
      .filter((row) => PAST_DRAFT.includes(String(row[5])))
      .map((row) => String(row[4])),
  );
  const logged = await readRunLogEntries(workbook);
  const runs = latestByDistribution(logged).filter(
    (e) => sameTable(e.table, table) && (UNSETTLED.includes(e.state) || learned.has(e.distributionId)),
  );
  const out: SettledTable = { entries: [], paid: [], open: [], emptied: [] };
  const reads = await Promise.all(
    runs.map((entry) => api.distributions.get(entry.distributionId, { signal: options.signal })),
  );
  const drafts: Array<{ entry: RunLogEntry; read: Distribution }> = [];
  for (const [at, entry] of runs.entries()) {
    const read = reads[at]!;
    if (read.status !== "draft") {
      const refreshed = await refreshStatus(
        api,
        { workbook, table, distributionId: entry.distributionId },
        options,
      );
      if (refreshed.changed) out.paid.push({ distributionId: entry.distributionId, state: refreshed.state });
      continue;
    }
    drafts.push({ entry: await settleDraftEntry(workbook, entry, read, now, options), read });
  }
  const keep = newestPerMode(drafts.map((d) => d.entry));
  for (const { entry, read } of drafts) {
    if (keep.has(entry)) {
      out.open.push({ ...(await openDraft(workbook, entry, read, now)), note: runNote(logged, entry) });
      continue;
    }
    await abandonDraft(api, workbook, entry.distributionId, { now, signal: options.signal });
    out.emptied.push(entry.distributionId);
  }
  out.entries = await readRunLogEntries(workbook);
  return out;
}

/** A draft at the server whose log says otherwise: a finalize on its way, or one never answered. */
async function settleDraftEntry(
  workbook: Workbook,
  entry: RunLogEntry,
  read: Distribution,
  now: () => number,
  options: SettleOptions,
): Promise<RunLogEntry> {
  if (entry.state === "processing") return entry; // A server that reads `draft` again: left as logged.
  if (entry.state !== "finalizing") return entry;
  assertNotInFlight(entry, now(), options.inFlightMs);
  const unknown: RunLogEntry = {
    ...entry,
    at: new Date(now()).toISOString(),
    state: "unknown",
    totalEmployees: read.total_employees,
    totalCents: read.total_amount,
    note: "finalize sent, no answer recorded; the distribution still reads as draft",
  };
  await appendRunLogEntry(workbook, unknown);
  return unknown;
}

/**
 * The note a run was created with (its `draft` entry's: a group run's conventions); later entries
 * of the same distribution may carry other notes (an outcome's), which do not make it another run.
 */
function runNote(entries: readonly RunLogEntry[], entry: RunLogEntry): string | undefined {
  const created = entries.find((e) => e.distributionId === entry.distributionId && e.state === "draft");
  return created ? created.note : entry.note;
}

/** The newest entry of each mode (the log's order), the drafts a send continues. */
function newestPerMode(entries: readonly RunLogEntry[]): Set<RunLogEntry> {
  const newest = new Map<string, RunLogEntry>();
  for (const entry of entries) newest.set(entry.mode, entry);
  return new Set(newest.values());
}

/** The draft as the API holds it; its totals recorded when the log's differ (a send cut short). */
async function openDraft(
  workbook: Workbook,
  entry: RunLogEntry,
  read: Distribution,
  now: () => number,
): Promise<OpenDraft> {
  if (entry.totalEmployees !== read.total_employees || entry.totalCents !== read.total_amount)
    await appendRunLogEntry(workbook, {
      ...entry,
      at: new Date(now()).toISOString(),
      totalEmployees: read.total_employees,
      totalCents: read.total_amount,
    });
  return {
    distributionId: entry.distributionId,
    mode: entry.mode,
    note: entry.note,
    state: entry.state,
    employees: read.total_employees,
    totalCents: read.total_amount,
    since: entry.at,
  };
}

/** Removes every item of a draft the table no longer wants, then records it `abandoned`. */
export async function abandonDraft(
  api: Pick<SettleApi, "distributions">,
  workbook: Workbook,
  distributionId: string,
  options: { now: () => number; signal?: AbortSignal | undefined },
): Promise<void> {
  const { now, signal } = options;
  const held = await readDraftItems(api.distributions, distributionId, signal);
  const plan = planItems([], held.items, { fresh: false });
  await applyPlan(api.distributions, distributionId, plan, { signal, now });
  const last = latestByDistribution(await readRunLogEntries(workbook)).find(
    (e) => e.distributionId === distributionId,
  );
  if (!last) return;
  await appendRunLogEntry(workbook, {
    ...last,
    at: new Date(now()).toISOString(),
    state: "abandoned",
    totalEmployees: 0,
    totalCents: 0,
    note: undefined,
  });
}
