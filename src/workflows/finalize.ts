/**
 * Distribution, second half: finalize a reviewed draft, follow it to its final state, write
 * each row's outcome beside it and log the run (issue 10 item 1; DESIGN §2 "Finalize moves
 * money").
 *
 * Finalize is sent at most once per call, and only when:
 * - the sheet still has the fingerprint that was reviewed (else `SheetChangedError`: send again);
 * - the run log shows no other run that paid this content (else `DoublePaymentError`, unless
 *   confirmed) and no earlier finalize of this draft whose outcome is unknown (unless confirmed);
 * - the distribution, read just before, is `draft` with the sheet's employee count and total to
 *   the cent (else `ReviewMismatchError`). A distribution already past `draft` is not finalized
 *   again: it is followed.
 * After an ambiguous failure the client reads the distribution once (API rule 3): if finalize was
 * applied, the run goes on as if it had answered; if not, or unknown, the run log records
 * `unknown`, the rows say so, and `FinalizeOutcomeUnknownError` is thrown with what was read.
 */
import {
  type Distribution,
  type FinalizeBody,
  FinalizeOutcomeUnknownError,
  PollTimeoutError,
  type ValePixClient,
} from "../api";
import { type Locale, type ValidationOptions, type Workbook, writeRowResults } from "../workbook";
import { type OnProgress, progressReporter } from "./progress";
import { runRowResults, stageOf } from "./row-results";
import {
  type RunLogEntry,
  appendRunLogEntry,
  assertNotPaidBefore,
  latestByDistribution,
  readRunLogEntries,
} from "./run-log";
import { type DirectoryApi, type SheetRead, readDistributionSheet } from "./sheet";

export type FinalizeApi = DirectoryApi & {
  distributions: Pick<ValePixClient["distributions"], "get" | "finalize" | "waitWhileProcessing">;
};

export interface FinalizeSheetInput {
  workbook: Workbook;
  table: string;
  distributionId: string;
  /** `DraftReview.fingerprint`: what was reviewed. */
  fingerprint: string;
  /** The document's finalize body (description, scheduled_for, payment method, payer, invoices). */
  body: FinalizeBody;
  /** The fingerprint a `DoublePaymentError` named, to pay the same content again on purpose. */
  confirmRepeatOf?: string | undefined;
  /** Finalize although an earlier finalize of this draft ended with its outcome unknown. */
  confirmAfterUnknownOutcome?: boolean | undefined;
}

export interface FinalizeSheetOptions {
  signal?: AbortSignal | undefined;
  onProgress?: OnProgress | undefined;
  locale?: Locale | undefined;
  validation?: ValidationOptions | undefined;
  /** Longest wait for the distribution to leave `processing` (default: the client's, 10 min). */
  maxWaitMs?: number | undefined;
  now?: (() => number) | undefined;
}

export interface FinalizeOutcome {
  distributionId: string;
  /** `completed` or `failed`, or `processing` when the wait ended first (follow it again later). */
  status: string;
  distribution: Distribution;
  lotId: string | undefined;
  /** The charge of the part not paid from the balance (absent with `BALANCE`). */
  transactionId: string | undefined;
  /** False when finalize had been applied before this call (it was only followed). */
  finalizedNow: boolean;
}

export class SheetChangedError extends Error {
  override name = "SheetChangedError";
  constructor(readonly table: string) {
    super(`Table ${table} changed since the review: send it again and review the draft before finalizing.`);
  }
}

export class ReviewMismatchError extends Error {
  override name = "ReviewMismatchError";
  constructor(
    readonly distributionId: string,
    readonly sheet: { employees: number; totalCents: number },
    readonly draft: { employees: number; totalCents: number; status: string },
  ) {
    super(
      `Distribution ${distributionId} does not match the sheet (${draft.employees} employees, ${draft.totalCents} cents, ` +
        `${draft.status}; the sheet: ${sheet.employees} employees, ${sheet.totalCents} cents). Nothing was finalized: send the sheet again.`,
    );
  }
}

export class UnknownOutcomeNeedsConfirmationError extends Error {
  override name = "UnknownOutcomeNeedsConfirmationError";
  constructor(
    readonly distributionId: string,
    readonly entry: RunLogEntry,
  ) {
    super(
      `An earlier finalize of distribution ${distributionId} (${entry.at}) ended without an answer and the distribution ` +
        "still reads as draft. A slow server may still apply it: check it again; finalize only if you are sure " +
        "(confirmAfterUnknownOutcome).",
    );
  }
}

const sumOf = (sheet: SheetRead) =>
  sheet.desired.reduce((s, d) => s + [...d.values.values()].reduce((a, b) => a + b, 0), 0);

export async function finalizeSheet(
  api: FinalizeApi,
  input: FinalizeSheetInput,
  options: FinalizeSheetOptions = {},
): Promise<FinalizeOutcome> {
  const { workbook, distributionId } = input;
  const { signal } = options;
  const locale = options.locale ?? "pt-BR";
  const now = options.now ?? Date.now;
  const progress = progressReporter(options.onProgress);

  progress("check", 0, 1);
  const sheet = await readDistributionSheet(api, workbook, input.table, {
    validation: options.validation,
    locale,
    signal,
  });
  if (sheet.fingerprint !== input.fingerprint) throw new SheetChangedError(sheet.table.name);
  const entries = await readRunLogEntries(workbook);
  assertNotPaidBefore(entries, sheet.fingerprint, {
    confirmRepeatOf: input.confirmRepeatOf,
    except: distributionId,
  });
  const log = (
    state: string,
    d: Partial<Distribution> & { transaction_id?: string | undefined },
    note?: string,
  ) =>
    appendRunLogEntry(workbook, {
      at: new Date(now()).toISOString(),
      table: sheet.table.name,
      mode: "selected",
      distributionId,
      state,
      totalEmployees: d.total_employees ?? sheet.desired.length,
      totalCents: d.total_amount ?? sumOf(sheet),
      paymentMethod: input.body.payment_method,
      lotId: d.lot?.lot_id,
      transactionId: d.transaction_id ?? d.lot?.transaction_id,
      fingerprint: sheet.fingerprint,
      note,
    });
  const writeRows = (stage: Parameters<typeof runRowResults>[1]) =>
    writeRowResults(
      workbook,
      sheet.table,
      sheet.mapping,
      runRowResults(sheet.rows, stage, distributionId, locale),
      locale,
    );

  const current = await api.distributions.get(distributionId, { signal });
  let finalizedNow = false;
  let transactionId: string | undefined;
  if (current.status === "draft") {
    const last = latestByDistribution(entries).find((e) => e.distributionId === distributionId);
    if (last?.state === "unknown" && input.confirmAfterUnknownOutcome !== true)
      throw new UnknownOutcomeNeedsConfirmationError(distributionId, last);
    const sheetTotals = { employees: sheet.desired.length, totalCents: sumOf(sheet) };
    if (
      current.total_employees !== sheetTotals.employees ||
      current.total_amount !== sheetTotals.totalCents
    ) {
      throw new ReviewMismatchError(distributionId, sheetTotals, {
        employees: current.total_employees,
        totalCents: current.total_amount,
        status: current.status,
      });
    }
    progress("check", 1, 1);
    progress("finalize", 0, 1);
    try {
      const r = await api.distributions.finalize(distributionId, input.body, { signal });
      finalizedNow = true;
      transactionId = r.transaction_id ?? r.lot?.transaction_id ?? undefined;
      await log("processing", { ...current, status: r.status, lot: r.lot, transaction_id: transactionId });
    } catch (err) {
      if (!(err instanceof FinalizeOutcomeUnknownError)) throw err;
      const seen = err.distribution;
      if (seen === undefined || seen.status === "draft") {
        await log("unknown", seen ?? current, err.message.slice(0, 500));
        await writeRows("unknown");
        throw err;
      }
      // The read shows finalize was applied: go on as if it had answered.
      finalizedNow = true;
      transactionId = seen.lot?.transaction_id;
      await log(seen.status, seen);
    }
    progress("finalize", 1, 1);
  }

  progress("wait", 0, 1);
  let final: Distribution;
  try {
    final = await api.distributions.waitWhileProcessing(distributionId, {
      signal,
      ...(options.maxWaitMs !== undefined ? { maxWaitMs: options.maxWaitMs } : {}),
    });
  } catch (err) {
    if (!(err instanceof PollTimeoutError)) throw err;
    final = err.lastValue as Distribution;
  }
  progress("wait", 1, 1);
  transactionId ??= final.lot?.transaction_id;
  await writeRows(stageOf(final.status));
  await log(final.status, { ...final, transaction_id: transactionId });
  return {
    distributionId,
    status: final.status,
    distribution: final,
    lotId: final.lot?.lot_id,
    transactionId,
    finalizedNow,
  };
}
