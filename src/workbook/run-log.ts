/**
 * The run log: one row per step of a distribution run, kept in the workbook's hidden log sheet
 * (the Workbook port's `appendRunLog` / `readRunLog`), so it travels with the file and survives
 * closing it. It is what lets a run continue its draft, compare with last month's distribution,
 * link transactions to tables, and refuse to pay the same sheet twice (docs/architecture.md §2 "No double
 * payment").
 *
 * Row layout (version 1), one cell per field, in this order: "v1", time (ISO 8601), table, mode,
 * distribution_id, state, total employees, total cents, payment method, lot id, transaction id,
 * fingerprint, note, ref (the create attempt an entry answers), by (the pane that wrote it); the
 * last two empty in older rows.
 * Rows that do not start with "v1" (a header someone typed, another version)
 * are skipped when reading. No personal data and never the token: ids, totals and a hash.
 *
 * The log is append-only: the latest row of a distribution tells its state.
 */
import { type RunLogEntry, type RunLogLink, latestByDistribution, sameTable } from "./run-log-entries";

// The entries and their rows, where the add-in has always found them.
export {
  PANE_ID,
  type RunLogEntry,
  type RunLogLink,
  appendRunLogEntry,
  latestByDistribution,
  readRunLogEntries,
  sameTable,
} from "./run-log-entries";

/**
 * States of a distribution the log cannot call final: a draft, a finalize sent whose answer the
 * log has not recorded (`finalizing`), or one whose outcome was unknown. The server is read
 * before anything else is done with the table (`settleTable`).
 */
export const UNSETTLED_STATES: readonly string[] = ["draft", "finalizing", "unknown", "processing"];

/**
 * The entry logged just before a draft is created. The API has no list of distributions (API
 * document, Endpoints: none is shown), so a draft whose creation answer was lost, or whose run
 * stopped before its `draft` entry was written, cannot be found again; this entry makes that
 * window visible instead of silent (`unrecordedCreate`). Its distribution id is a placeholder
 * (`pending-` and a UUID) that no other reader takes for a distribution.
 */
export function creatingEntry(
  table: string,
  mode: RunLogEntry["mode"],
  at: string,
  note?: string,
): RunLogEntry {
  const webCrypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  const id = typeof webCrypto?.randomUUID === "function" ? webCrypto.randomUUID() : String(Date.now());
  return { at, table, mode, distributionId: `${PENDING_PREFIX}${id}`, state: "creating", note };
}

const PENDING_PREFIX = "pending-";

/**
 * When the latest entry of `table` in `mode` announces a create that no `draft` entry followed:
 * that run stopped between creating a draft and logging it, so a draft may exist on the server
 * that this add-in will never continue or finalize. Undefined otherwise.
 */
export function unrecordedCreate(
  entries: readonly RunLogEntry[],
  table: string,
  mode: RunLogEntry["mode"],
): RunLogEntry | undefined {
  const last = entries.filter((e) => sameTable(e.table, table) && e.mode === mode).at(-1);
  return last?.state === "creating" ? last : undefined;
}

/** States after which money may have moved: the distribution was finalized, or may have been. */
const PAID_OR_MAYBE_STATES: readonly string[] = [
  "finalizing",
  "processing",
  "completed",
  "failed",
  "unknown",
];

/**
 * Create attempts whose answer never came, so each may have left a draft at the server that the
 * API cannot list, above which the add-in does not create another draft for
 * the same table and mode unless the person asks for one more (`assertMayCreateDraft`).
 */
export const MAX_UNANSWERED_CREATES = 2;

/**
 * The create attempts of `table` in `mode`, in the current run (since its last distribution that
 * reached `processing` or later), that nothing answered: no entry names the attempt in `ref` (its
 * draft, or a clean refusal). Rows written before `ref` existed: an attempt directly followed by
 * an entry of the same table and mode that is not another attempt was answered by it. Oldest first.
 */
export function unansweredCreates(
  entries: readonly RunLogEntry[],
  table: string,
  mode: RunLogEntry["mode"],
): RunLogEntry[] {
  const ofRun = entries.filter((e) => sameTable(e.table, table) && e.mode === mode);
  const lastPaid = ofRun.findLastIndex(
    (e) => e.state !== "finalizing" && PAID_OR_MAYBE_STATES.includes(e.state),
  );
  const run = ofRun.slice(lastPaid + 1);
  const answered = new Set(entries.flatMap((e) => (e.ref ? [e.ref] : [])));
  return run.filter((entry, i) => {
    if (entry.state !== "creating" || answered.has(entry.distributionId)) return false;
    const next = run[i + 1];
    const oldLayoutAnswer = next !== undefined && next.state !== "creating" && next.ref === undefined;
    return !oldLayoutAnswer;
  });
}

/**
 * Creating another draft for `table` in `mode` would leave more than `MAX_UNANSWERED_CREATES`
 * drafts that may exist and cannot be listed. Nothing was sent. No money moved: a draft pays
 * nothing until it is finalized, and the add-in finalizes only drafts whose id it holds.
 */
export class UnansweredDraftsError extends Error {
  override name = "UnansweredDraftsError";
  constructor(
    readonly table: string,
    readonly mode: RunLogEntry["mode"],
    /** The attempts nobody answered, oldest first. */
    readonly attempts: readonly RunLogEntry[],
  ) {
    super(
      `Table ${table} (${mode}): ${attempts.length} earlier attempts to create a draft got no answer ` +
        `(${attempts.map((a) => a.at).join(", ")}); each may have left a draft the API cannot list. ` +
        "Nothing was sent and no money moved. To create another draft anyway, confirm it " +
        `(allowAnotherDraftAfter: ${attempts.length}).`,
    );
  }
}

/**
 * Throws `UnansweredDraftsError` when `table` in `mode` has `MAX_UNANSWERED_CREATES` or more
 * unanswered create attempts, unless `allowAnotherDraftAfter` is that very count: the person saw
 * that many and asked for one more (a confirmation given for fewer does not carry over).
 */
export function assertMayCreateDraft(
  entries: readonly RunLogEntry[],
  table: string,
  mode: RunLogEntry["mode"],
  options: { allowAnotherDraftAfter?: number | undefined } = {},
): void {
  const attempts = unansweredCreates(entries, table, mode);
  if (attempts.length < MAX_UNANSWERED_CREATES) return;
  if (options.allowAnotherDraftAfter === attempts.length) return;
  throw new UnansweredDraftsError(table, mode, attempts);
}

/** The last distribution of `table` that reached `processing` or later (other than `except`). */
export function previousFinalized(
  entries: readonly RunLogEntry[],
  table: string,
  except?: string,
): RunLogEntry | undefined {
  return latestByDistribution(entries)
    .filter(
      (e) =>
        sameTable(e.table, table) &&
        e.distributionId !== except &&
        (e.state === "processing" || e.state === "completed"),
    )
    .at(-1);
}

/**
 * The fingerprint of what a sheet pays: SHA-256 (hex) of its (employee_id, product_id, cents)
 * triples with cents > 0, one `employee_id \u001f product_id \u001f cents` line each, the lines
 * sorted and joined by "\n", so row order, zero cells and the table's name do not change it.
 *
 * The lines are put in that order without sorting them all: the rows by employee id, then each
 * employee's lines (a line starts with its employee id and a separator below every character an
 * id holds, so ordering the ids orders their lines). Run logs saved in workbooks keep
 * fingerprints of this exact text, so it must never change (run-log.test.ts pins one); at
 * 50,000 rows this is 1.7 times faster than sorting 200,000 lines.
 */
export async function sheetFingerprint(
  rows: Iterable<{ employee_id: string; values: ReadonlyMap<string, number> }>,
): Promise<string> {
  const byId = [...rows].sort((left, right) => codeUnitOrder(left.employee_id, right.employee_id));
  const lines: string[] = [];
  // An id with a character at or below the separator could order its lines apart from its id.
  const orderedById = byId.every((row) => !holdsSeparatorOrBelow(row.employee_id));
  for (let start = 0; start < byId.length;) {
    const id = byId[start]!.employee_id;
    let end = start + 1;
    while (end < byId.length && byId[end]!.employee_id === id) end++;
    // One employee's lines (more than one row only when the same employee appears twice).
    const employeeLines: string[] = [];
    for (let at = start; at < end; at++)
      for (const [product, cents] of byId[at]!.values)
        if (cents > 0) employeeLines.push(`${id}\u001f${product}\u001f${cents}`);
    employeeLines.sort(codeUnitOrder);
    for (const line of employeeLines) lines.push(line);
    start = end;
  }
  if (!orderedById) lines.sort(codeUnitOrder);
  const subtle = (globalThis as { crypto?: { subtle?: SubtleCrypto } }).crypto?.subtle;
  if (!subtle) throw new TypeError("crypto.subtle is not available (it needs a secure https context)");
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(lines.join("\n")));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function holdsSeparatorOrBelow(id: string): boolean {
  for (let at = 0; at < id.length; at++) if (id.charCodeAt(at) <= 0x1f) return true;
  return false;
}

/** `Array.prototype.sort`'s default order for strings (UTF-16 code units), as a comparator. */
const codeUnitOrder = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);

/** The same content was already sent and finalized (or may have been): paying it again needs a confirmation. */
export class DoublePaymentError extends Error {
  override name = "DoublePaymentError";
  constructor(
    readonly fingerprint: string,
    /** The runs with this fingerprint that reached `processing` or later (or whose finalize outcome is unknown). */
    readonly matches: RunLogEntry[],
  ) {
    const list = matches.map((m) => `${m.distributionId} (table ${m.table}, ${m.state}, ${m.at})`).join("; ");
    super(
      `This sheet pays exactly what an earlier distribution paid: ${list}. ` +
        "Nothing was sent. If paying it again is intended, confirm it (confirmRepeatOf: the fingerprint).",
    );
  }
}

/**
 * Throws `DoublePaymentError` when a run with `fingerprint` reached `processing` or later,
 * unless `confirmRepeatOf` is that very fingerprint (a confirmation given for another sheet does
 * not carry over). `except` is the distribution being finalized now.
 */
export function assertNotPaidBefore(
  entries: readonly RunLogEntry[],
  fingerprint: string,
  options: { confirmRepeatOf?: string | undefined; except?: string | undefined } = {},
): void {
  if (options.confirmRepeatOf === fingerprint) return;
  const matches = latestByDistribution(entries).filter(
    (e) =>
      e.fingerprint === fingerprint &&
      e.distributionId !== options.except &&
      PAID_OR_MAYBE_STATES.includes(e.state),
  );
  if (matches.length > 0) throw new DoublePaymentError(fingerprint, matches);
}

/**
 * The run log as reconciliation's links (`RunLogLink`): one per distribution,
 * its latest entry, with the lot and charge ids any of its entries recorded.
 */
export function runLogLinks(entries: readonly RunLogEntry[]): RunLogLink[] {
  const charges = new Map<string, Set<string>>();
  for (const entry of entries)
    if (entry.transactionId) {
      const chargeIds = charges.get(entry.distributionId) ?? new Set<string>();
      chargeIds.add(entry.transactionId);
      charges.set(entry.distributionId, chargeIds);
    }
  return latestByDistribution(entries.filter((e) => e.state !== "creating" && e.state !== "not-created")).map(
    (e) => ({
      distributionId: e.distributionId,
      table: e.table,
      at: e.at,
      ...(e.lotId ? { lotId: e.lotId } : {}),
      ...(charges.has(e.distributionId) ? { transactionIds: [...charges.get(e.distributionId)!] } : {}),
    }),
  );
}
