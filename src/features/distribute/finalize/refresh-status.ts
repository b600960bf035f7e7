/**
 * Refresh the statuses of the last distribution (the ribbon's "Refresh statuses"):
 * read the distribution the run log last recorded (for the given table when it has one, else the
 * newest), log its state when the server's differs, and write each row's status beside it when
 * the sheet still holds what was sent (mode `selected`: its fingerprint is unchanged).
 *
 * The ledger (src/workbook/ledger.ts) follows: a distribution past `draft` has its rows there
 * with the state read now (added when the ledger lacks them, e.g. after an unknown outcome whose
 * finalize was applied; their items and names read from the API then).
 *
 * Only reads on the API (GET distribution, the directory to read the sheet, the items when the
 * ledger lacks them): safe to repeat.
 * A finalize whose outcome was unknown stays `unknown` while the server says `draft`: the answer
 * may still be on its way, and `finalizeSheet` asks before trying again (docs/architecture.md §2 "Finalize
 * moves money").
 */
import type { Distribution, ValePixClient } from "../../../api";
import type { Locale, ValidationOptions, Workbook } from "../../../workbook";
import { writeRowResults } from "../../../workbook";
import { runRowResults, stageOf } from "../send/row-results";
import { distributionLabel, readLedger, recordPayment } from "../../../workbook/ledger";
import { type PaidMark, finalizedAt } from "./finalize-draft";
import { ledgerLookups } from "./finalize";
import { asDesired } from "../send/plan";
import { readDraftItems } from "../send/review";
import {
  type RunLogEntry,
  appendRunLogEntry,
  latestByDistribution,
  readRunLogEntries,
} from "../../../workbook/run-log";
import { type DirectoryApi, loadDirectory } from "../send/directory";
import { SheetInvalidError, TableNotFoundError, readDistributionSheet } from "../send/sheet";

export type RefreshApi = DirectoryApi & {
  distributions: Pick<ValePixClient["distributions"], "get" | "listItems">;
};

export interface RefreshInput {
  workbook: Workbook;
  /** Prefer this table's last distribution (e.g. the table the selection is in). */
  table?: string | undefined;
  /** Refresh this distribution (its latest entry) rather than the table's last. */
  distributionId?: string | undefined;
}

export interface RefreshOptions {
  signal?: AbortSignal | undefined;
  locale?: Locale | undefined;
  validation?: ValidationOptions | undefined;
  /** Clock for the run log (default Date.now). */
  now?: (() => number) | undefined;
}

export interface RefreshResult {
  /** The run-log entry that was refreshed (as it was before). */
  previous: RunLogEntry;
  /** The state now recorded. */
  state: string;
  changed: boolean;
  totalEmployees: number;
  totalCents: number;
  /** Rows whose status was written; 0 when the sheet changed since it was sent, or mode is not `selected`. */
  rowsWritten: number;
  /** True when the table no longer holds what was sent (its rows were left as they are). */
  sheetChanged: boolean;
}

/** The run log of this workbook records no distribution (for the table, nor at all). */
export class NoDistributionError extends Error {
  override name = "NoDistributionError";
  constructor() {
    super("This workbook's run log records no distribution yet.");
  }
}

const sameTable = (a: string, b: string) => a.toLowerCase() === b.toLowerCase(); // Excel names

/** The run-log entry to refresh: the given distribution's, else the table's last, else the newest. */
function lastRecorded(entries: readonly RunLogEntry[], input: RefreshInput): RunLogEntry {
  // A `creating` entry names no distribution yet (its id is a placeholder): nothing to read.
  const latest = latestByDistribution(
    entries.filter((e) => e.state !== "creating" && e.state !== "not-created"),
  );
  const forTable = input.table ? latest.filter((e) => sameTable(e.table, input.table!)) : [];
  const previous = input.distributionId
    ? latest.find((e) => e.distributionId === input.distributionId)
    : (forTable.at(-1) ?? latest.at(-1));
  if (!previous) throw new NoDistributionError();
  return previous;
}

/**
 * A distribution past `draft` into the ledger with the state read now (its items and names read
 * from the API when the ledger lacks it); returns when it was paid and its label, for the rows.
 */
async function recordInLedger(
  api: RefreshApi,
  workbook: Workbook,
  run: { previous: RunLogEntry; state: string; distribution: Distribution; entries: readonly RunLogEntry[] },
  options: { signal: AbortSignal | undefined; locale: Locale; now: () => number },
): Promise<PaidMark> {
  const { previous, state, distribution, entries } = run;
  const { signal, locale, now } = options;
  const id = previous.distributionId;
  const known = (await readLedger(workbook, signal)).find((r) => r.distributionId === id);
  const at = known?.at ?? finalizedAt(entries, id, distribution) ?? now();
  const paid = { at, label: known?.label || distributionLabel(undefined, at, locale) };
  const lookups = known
    ? { items: [], employee: () => undefined, product: () => undefined }
    : await (async () => {
        const [items, dir] = await Promise.all([
          readDraftItems(api.distributions, id, signal),
          loadDirectory(api, signal),
        ]);
        return ledgerLookups(asDesired(items.items), dir.employees, dir.products);
      })();
  await recordPayment(
    workbook,
    {
      ...paid,
      ...lookups,
      distributionId: id,
      table: previous.table,
      paymentMethod: previous.paymentMethod,
      state,
    },
    locale,
    signal,
  );
  return paid;
}

/**
 * Each row's status of a mode `selected` run, when the sheet still holds what was sent; else the
 * rows are left as they are and `sheetChanged` says so.
 */
async function writeRefreshedRows(
  api: RefreshApi,
  workbook: Workbook,
  run: { previous: RunLogEntry; state: string; paid: PaidMark | undefined },
  options: { signal: AbortSignal | undefined; locale: Locale; validation: ValidationOptions | undefined },
): Promise<{ rowsWritten: number; sheetChanged: boolean }> {
  const { previous, state, paid } = run;
  const { locale } = options;
  if (previous.mode !== "selected" || state === "unknown") return { rowsWritten: 0, sheetChanged: false };
  try {
    const sheet = await readDistributionSheet(api, workbook, previous.table, options);
    if (sheet.fingerprint !== previous.fingerprint) return { rowsWritten: 0, sheetChanged: true };
    const results = runRowResults(sheet, stageOf(state), previous.distributionId, locale, { paid });
    await writeRowResults(workbook, sheet.table, sheet.mapping, results, locale);
    return { rowsWritten: results.length, sheetChanged: false };
  } catch (e) {
    if (!(e instanceof SheetInvalidError || e instanceof TableNotFoundError)) throw e;
    return { rowsWritten: 0, sheetChanged: true };
  }
}

export async function refreshStatus(
  api: RefreshApi,
  input: RefreshInput,
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  const { workbook } = input;
  const { signal } = options;
  const locale = options.locale ?? "pt-BR";
  const now = options.now ?? Date.now;
  const entries = await readRunLogEntries(workbook);
  const previous = lastRecorded(entries, input);

  const distribution = await api.distributions.get(previous.distributionId, { signal });
  // A finalize sent without a recorded answer, still a draft: its outcome is unknown.
  const unanswered = previous.state === "unknown" || previous.state === "finalizing";
  const state = unanswered && distribution.status === "draft" ? "unknown" : distribution.status;
  const changed = state !== previous.state;
  if (changed) {
    await appendRunLogEntry(workbook, {
      ...previous,
      at: new Date(now()).toISOString(),
      state,
      totalEmployees: distribution.total_employees,
      totalCents: distribution.total_amount,
      lotId: distribution.lot?.lot_id ?? previous.lotId,
      transactionId: distribution.lot?.transaction_id ?? previous.transactionId,
      note: undefined,
    });
  }

  const paid =
    state === "processing" || state === "completed" || state === "failed"
      ? await recordInLedger(
          api,
          workbook,
          { previous, state, distribution, entries },
          { signal, locale, now },
        )
      : undefined;
  const rows = await writeRefreshedRows(
    api,
    workbook,
    { previous, state, paid },
    { signal, locale, validation: options.validation },
  );
  return {
    previous,
    state,
    changed,
    totalEmployees: distribution.total_employees,
    totalCents: distribution.total_amount,
    ...rows,
  };
}
