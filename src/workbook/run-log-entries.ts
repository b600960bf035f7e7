/**
 * The run log's entries (see ./run-log.ts): what one entry holds (and a transaction's link to its
 * table), its row in the log sheet (version 1, one cell per field), how the rows are appended
 * and read back, and each distribution's latest entry.
 */
import type { CellValue, Workbook } from "./port";
import { safeText } from "./safe-text";

/**
 * What reconciliation (src/features/reconciliation) needs of a run-log entry: one per
 * distribution, the link between a debit and the table it was sent from.
 */
export interface RunLogLink {
  distributionId: string;
  /** The table the distribution was sent from. */
  table: string;
  lotId?: string | undefined;
  /** The charge a finalize opened (`transaction_id` of the finalize response). */
  transactionId?: string | undefined;
  transactionIds?: readonly string[] | undefined;
  /** When it was sent (shown beside the debit). */
  at?: string | undefined;
}

const RUN_LOG_VERSION = "v1";

/** This pane's id in the entries it writes (`RunLogEntry.by`): one per page load. */
export const PANE_ID: string = (() => {
  const webCrypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return typeof webCrypto?.randomUUID === "function"
    ? `pane-${webCrypto.randomUUID().slice(0, 8)}`
    : `pane-${Date.now().toString(36)}`;
})();

/**
 * `creating` just before a draft is created (see `creatingEntry`), `draft` once it is,
 * `not-created` when the server refused the create cleanly (nothing was created), `finalizing`
 * just before finalize is sent, `processing` (or a final state) after it, `unknown` when
 * finalize's outcome is, `abandoned` once a draft the table no longer wants was emptied.
 */
type RunState =
  | "creating"
  | "not-created"
  | "draft"
  | "finalizing"
  | "processing"
  | "completed"
  | "failed"
  | "unknown"
  | "abandoned"
  | (string & {});

export interface RunLogEntry {
  /** ISO 8601. */
  at: string;
  table: string;
  mode: "selected" | "batch" | "group" | (string & {});
  distributionId: string;
  state: RunState;
  totalEmployees?: number | undefined;
  totalCents?: number | undefined;
  paymentMethod?: string | undefined;
  lotId?: string | undefined;
  transactionId?: string | undefined;
  /** `sheetFingerprint` of what was sent. */
  fingerprint?: string | undefined;
  note?: string | undefined;
  /**
   * The create attempt (a `creating` entry's placeholder id) this entry answers: the `draft`
   * entry of the draft it created, or its `not-created` entry. An attempt nothing answers is
   * unanswered (`unansweredCreates`).
   */
  ref?: string | undefined;
  /**
   * The pane that wrote the entry (a random id per pane, `PANE_ID`), so that a `finalizing`
   * entry tells this pane's own request from another pane's. Empty in older rows.
   */
  by?: string | undefined;
}

const text = (v: CellValue | undefined): string | undefined =>
  v === undefined || v === "" ? undefined : String(v);
const num = (cell: CellValue | undefined): number | undefined => {
  if (typeof cell === "number") return cell;
  if (typeof cell === "string" && cell.trim() !== "" && Number.isFinite(Number(cell))) return Number(cell);
  return undefined;
};

function entryToRow(entry: RunLogEntry): CellValue[] {
  // Strings from the API or the user go through safeText: the log is a sheet like any other.
  const safe = (v: string | undefined) => safeText(v ?? "");
  return [
    RUN_LOG_VERSION,
    entry.at,
    safe(entry.table),
    safe(entry.mode),
    safe(entry.distributionId),
    safe(entry.state),
    entry.totalEmployees ?? "",
    entry.totalCents ?? "",
    safe(entry.paymentMethod),
    safe(entry.lotId),
    safe(entry.transactionId),
    safe(entry.fingerprint),
    safe(entry.note),
    safe(entry.ref),
    safe(entry.by),
  ];
}

/** A row back as an entry; undefined for rows that are not version-1 entries. */
function rowToEntry(row: readonly CellValue[]): RunLogEntry | undefined {
  if (row[0] !== RUN_LOG_VERSION) return undefined;
  const distributionId = text(row[4]);
  const table = text(row[2]);
  if (distributionId === undefined || table === undefined) return undefined;
  return {
    at: text(row[1]) ?? "",
    table,
    mode: text(row[3]) ?? "",
    distributionId,
    state: text(row[5]) ?? "",
    totalEmployees: num(row[6]),
    totalCents: num(row[7]),
    paymentMethod: text(row[8]),
    lotId: text(row[9]),
    transactionId: text(row[10]),
    fingerprint: text(row[11]),
    note: text(row[12]),
    ref: text(row[13]),
    by: text(row[14]),
  };
}

export async function appendRunLogEntry(
  workbook: Pick<Workbook, "appendRunLog">,
  entry: RunLogEntry,
): Promise<void> {
  await workbook.appendRunLog([entryToRow({ ...entry, by: PANE_ID })]);
}

/** Every entry, oldest first. */
export async function readRunLogEntries(workbook: Pick<Workbook, "readRunLog">): Promise<RunLogEntry[]> {
  const rows = await workbook.readRunLog();
  return rows.map(rowToEntry).filter((e): e is RunLogEntry => e !== undefined);
}

/** The latest entry of each distribution, in the order their last entries were written. */
export function latestByDistribution(entries: readonly RunLogEntry[]): RunLogEntry[] {
  const last = new Map<string, RunLogEntry>();
  for (const entry of entries) {
    last.delete(entry.distributionId);
    last.set(entry.distributionId, entry);
  }
  return [...last.values()];
}

/** Whether two Excel table names are the same table (Excel compares them case-insensitively). */
export const sameTable = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
