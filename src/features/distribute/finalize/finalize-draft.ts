/**
 * Finalize a reviewed draft, whatever its mode: the once-only, fingerprinted, run-logged path
 * that `finalizeSheet` (mode `selected`, ./finalize.ts) and `finalizeBatch` / `finalizeGroup`
 * (./finalize-mode.ts) share (docs/architecture.md §2 "Finalize moves money").
 *
 * Finalize is sent at most once per call, and only when:
 * - the run log shows no other run that paid this content (else `DoublePaymentError`, unless
 *   confirmed) and no earlier finalize of this draft whose outcome is unknown (unless confirmed);
 * - the distribution, read just before, is `draft` with the reviewed employee count and total to
 *   the cent (else `ReviewMismatchError`). A distribution already past `draft` is not finalized
 *   again: it is followed.
 * The caller checks first that what is paid is what was reviewed (the sheet's fingerprint, or
 * the draft's items read back). After an ambiguous failure the client reads the distribution
 * once (API document, Endpoints rule 3): if finalize was applied the run goes on as if it had
 * answered; if not, or unknown, the run log records `unknown`, the rows say so, and
 * `FinalizeOutcomeUnknownError` is thrown with what was read.
 *
 * Once the distribution is past `draft`, its payment goes into the workbook's ledger
 * (src/workbook/ledger.ts: one row per employee and product, dated when it was finalized) before
 * the rows are written, so the rows' "Pago em …" and the ledger tell the same date and label.
 */
import {
  type Distribution,
  type FinalizeBody,
  FinalizeOutcomeUnknownError,
  PollTimeoutError,
  type ValePixClient,
} from "../../../api";
import type { Locale, Workbook } from "../../../workbook";
import { type LedgerPayment, distributionLabel, recordPayment } from "../../../workbook/ledger";
import { type OnProgress, progressReporter } from "../../../api/progress";
import { type Stage, stageOf } from "../send/row-results";
import { assertNotInFlight, whileFinalizing } from "../settle/in-flight";
import { type PaidOnServerApi, type ServerCheck, assertNotPaidOnServer } from "./paid-on-server";
import {
  type RunLogEntry,
  appendRunLogEntry,
  assertNotPaidBefore,
  latestByDistribution,
  readRunLogEntries,
} from "../../../workbook/run-log";

export type FinalizeDistributionsApi = PaidOnServerApi & {
  distributions: Pick<ValePixClient["distributions"], "get" | "finalize" | "waitWhileProcessing">;
};

export interface FinalizeDraftInput {
  workbook: Workbook;
  /** The run's name in the run log (the distribution table, or the review table of batch/group). */
  table: string;
  mode: RunLogEntry["mode"];
  distributionId: string;
  /** What was reviewed (and checked again by the caller just before). */
  fingerprint: string;
  /** The employee count and total the draft must hold, to the cent. */
  expected: { employees: number; totalCents: number };
  /** The document's finalize body (description, scheduled_for, payment method, payer, invoices). */
  body: FinalizeBody;
  confirmRepeatOf?: string | undefined;
  confirmAfterUnknownOutcome?: boolean | undefined;
  /** Kept in the run log's note (e.g. the conventions of a group run). */
  note?: string | undefined;
  /** What the ledger records of this payment: its items, and the names of employees and products. */
  ledger: Pick<LedgerPayment, "items" | "employee" | "product">;
  /** The language of the ledger's words (the display language). */
  locale: Locale;
}

/** When a distribution was finalized and its label, as the ledger and the rows' "Pago em" say. */
export interface PaidMark {
  at: number;
  label: string;
}

export interface FinalizeDraftOptions {
  signal?: AbortSignal | undefined;
  onProgress?: OnProgress | undefined;
  /** Longest wait for the distribution to leave `processing` (default: the client's, 10 min). */
  maxWaitMs?: number | undefined;
  now?: (() => number) | undefined;
  /**
   * Called once the distribution is past `draft` (finalized now, or found so), before the wait,
   * with the charge opened for the part the balance did not cover, if any: someone has to pay it
   * (PIX or boleto) before the distribution can complete.
   */
  onProcessing?: ((p: { transactionId: string | undefined }) => void) | undefined;
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
  /**
   * How the API was asked whether this content was paid before (`local`: its transactions name
   * no distribution); undefined when nothing was finalized now.
   */
  repeatCheck: ServerCheck | undefined;
}

/** The draft no longer holds what was reviewed: nothing was finalized. */
export class DraftChangedError extends Error {
  override name = "DraftChangedError";
  constructor(readonly distributionId: string) {
    super(
      `The items of distribution ${distributionId} changed since the review: send again and review before finalizing.`,
    );
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
      `Distribution ${distributionId} does not match what was reviewed (${draft.employees} employees, ${draft.totalCents} cents, ` +
        `${draft.status}; reviewed: ${sheet.employees} employees, ${sheet.totalCents} cents). Nothing was finalized: send it again.`,
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

/**
 * When `distributionId` was finalized: the run log's first `processing` entry of it, else the
 * distribution's own `finalized_at` when the server sends one; undefined when neither says.
 */
export function finalizedAt(
  entries: readonly RunLogEntry[],
  distributionId: string,
  read?: Pick<Distribution, "finalized_at">,
): number | undefined {
  const first = entries.find((e) => e.distributionId === distributionId && e.state === "processing");
  for (const text of [first?.at, read?.finalized_at]) {
    const ms = text === undefined ? NaN : Date.parse(text);
    if (Number.isFinite(ms)) return ms;
  }
  return undefined;
}

type Log = (
  state: string,
  read: Partial<Distribution> & { transaction_id?: string | undefined },
  note?: string,
) => Promise<void>;

/** Appends this finalize's state to the run log, with the distribution's figures as read. */
function runLogger(input: FinalizeDraftInput, now: () => number): Log {
  const { workbook, distributionId, expected } = input;
  return async (state, read, note) => {
    await appendRunLogEntry(workbook, {
      at: new Date(now()).toISOString(),
      table: input.table,
      mode: input.mode,
      distributionId,
      state,
      totalEmployees: read.total_employees ?? expected.employees,
      totalCents: read.total_amount ?? expected.totalCents,
      paymentMethod: input.body.payment_method,
      lotId: read.lot?.lot_id,
      transactionId: read.transaction_id ?? read.lot?.transaction_id,
      fingerprint: input.fingerprint,
      note: note ?? input.note,
    });
  };
}

/**
 * A draft may be finalized now: no other pane's finalize on its way, no earlier one without an
 * answer (unless confirmed), and the count and total that were reviewed, to the cent.
 */
function assertMayFinalize(
  input: FinalizeDraftInput,
  current: Distribution,
  entries: readonly RunLogEntry[],
  now: number,
): void {
  const { distributionId, expected } = input;
  const last = latestByDistribution(entries).find((e) => e.distributionId === distributionId);
  if (last?.state === "finalizing") assertNotInFlight(last, now);
  const unanswered = last?.state === "unknown" || last?.state === "finalizing";
  if (unanswered && input.confirmAfterUnknownOutcome !== true)
    throw new UnknownOutcomeNeedsConfirmationError(distributionId, last);
  if (current.total_employees !== expected.employees || current.total_amount !== expected.totalCents) {
    throw new ReviewMismatchError(distributionId, expected, {
      employees: current.total_employees,
      totalCents: current.total_amount,
      status: current.status,
    });
  }
}

/**
 * Sends finalize for a draft, once: checked first (the run log, the draft's figures, the API's
 * debits), written ahead as `finalizing`, then the answer logged. An ambiguous failure whose read
 * shows finalize applied goes on as if it had answered; else the run log and the rows say
 * `unknown` and the error is thrown.
 */
async function finalizeNow(
  api: FinalizeDistributionsApi,
  input: FinalizeDraftInput,
  draft: { current: Distribution; entries: readonly RunLogEntry[]; log: Log },
  writeRows: (stage: Stage, paid?: PaidMark) => Promise<unknown>,
  options: FinalizeDraftOptions & { now: () => number },
): Promise<{ transactionId: string | undefined; repeatCheck: ServerCheck }> {
  const { distributionId, expected } = input;
  const { current, entries, log } = draft;
  const { signal } = options;
  const progress = progressReporter(options.onProgress);
  assertMayFinalize(input, current, entries, options.now());
  const repeatCheck = await assertNotPaidOnServer(
    api,
    {
      distributionId,
      table: input.table,
      fingerprint: input.fingerprint,
      expected,
      items: [...input.ledger.items],
      confirmRepeatOf: input.confirmRepeatOf,
    },
    signal,
  );
  progress("check", 1, 1);
  progress("finalize", 0, 1);
  // Written ahead: a pane closed while the request is on its way finds it and reads the server.
  await log("finalizing", current);
  let transactionId: string | undefined;
  try {
    const finalized = await whileFinalizing(distributionId, () =>
      api.distributions.finalize(distributionId, input.body, { signal }),
    );
    transactionId = finalized.transaction_id ?? finalized.lot?.transaction_id ?? undefined;
    await log("processing", {
      ...current,
      status: finalized.status,
      lot: finalized.lot,
      transaction_id: transactionId,
    });
  } catch (err) {
    if (!(err instanceof FinalizeOutcomeUnknownError)) {
      // Refused cleanly (or never sent): the draft is as it was.
      await log("draft", current, "finalize refused; the draft is unchanged");
      throw err;
    }
    const seen = err.distribution;
    if (seen === undefined || seen.status === "draft") {
      await log("unknown", seen ?? current, err.message.slice(0, 500));
      await writeRows("unknown");
      throw err;
    }
    // The read shows finalize was applied: go on as if it had answered.
    transactionId = seen.lot?.transaction_id;
    await log(seen.status, seen);
  }
  progress("finalize", 1, 1);
  return { transactionId, repeatCheck };
}

/** The distribution followed while it is `processing`, up to the longest wait (its last read then). */
async function waitFinal(
  api: FinalizeDistributionsApi,
  distributionId: string,
  options: FinalizeDraftOptions,
): Promise<Distribution> {
  const progress = progressReporter(options.onProgress);
  progress("wait", 0, 1);
  let final: Distribution;
  try {
    final = await api.distributions.waitWhileProcessing(distributionId, {
      signal: options.signal,
      ...(options.maxWaitMs !== undefined ? { maxWaitMs: options.maxWaitMs } : {}),
    });
  } catch (err) {
    if (!(err instanceof PollTimeoutError)) throw err;
    final = err.lastValue as Distribution;
  }
  progress("wait", 1, 1);
  return final;
}

/**
 * The shared finalize step. `writeRows(stage, paid)` writes each row's outcome (the sheet's rows,
 * or the review table); it is called with `unknown` after an unknown outcome and with the final
 * stage (and when and how the ledger recorded it).
 */
export async function finalizeDraft(
  api: FinalizeDistributionsApi,
  input: FinalizeDraftInput,
  writeRows: (stage: Stage, paid?: PaidMark) => Promise<unknown>,
  options: FinalizeDraftOptions = {},
): Promise<FinalizeOutcome> {
  const { workbook, distributionId } = input;
  const { signal } = options;
  const now = options.now ?? Date.now;

  const entries = await readRunLogEntries(workbook);
  assertNotPaidBefore(entries, input.fingerprint, {
    confirmRepeatOf: input.confirmRepeatOf,
    except: distributionId,
  });
  const log = runLogger(input, now);
  const current = await api.distributions.get(distributionId, { signal });
  const sent =
    current.status === "draft"
      ? await finalizeNow(api, input, { current, entries, log }, writeRows, { ...options, now })
      : undefined;
  let transactionId = sent?.transactionId;
  if (current.status === "draft" || current.status === "processing")
    options.onProcessing?.({ transactionId: transactionId ?? current.lot?.transaction_id ?? undefined });
  const final = await waitFinal(api, distributionId, options);
  transactionId ??= final.lot?.transaction_id;
  // Dated when it was finalized (this call, or the run that did: the run log's `processing`).
  const at = finalizedAt(await readRunLogEntries(workbook), distributionId, final) ?? now();
  const paid = { at, label: distributionLabel(input.body.description, at, input.locale) };
  // The ledger before the log's final state: a log that says final implies the ledger knows it
  // (a pane closed in between leaves the log unsettled, and the next settle records it).
  if (final.status !== "draft")
    await recordPayment(
      workbook,
      {
        ...paid,
        ...input.ledger,
        distributionId,
        table: input.table,
        paymentMethod: input.body.payment_method,
        state: final.status,
      },
      input.locale,
      signal,
    );
  await log(final.status, { ...final, transaction_id: transactionId });
  await writeRows(stageOf(final.status), paid);
  return {
    distributionId,
    status: final.status,
    distribution: final,
    lotId: final.lot?.lot_id,
    transactionId,
    finalizedNow: sent !== undefined,
    repeatCheck: sent?.repeatCheck,
  };
}
