/**
 * Distribution in mode `selected`, second half: finalize a reviewed draft, follow it to its final
 * state, write each row's outcome beside it and log the run (docs/architecture.md §2
 * "Finalize moves money").
 *
 * The sheet must still have the fingerprint that was reviewed (else `SheetChangedError`: send
 * again); the draft's items, read again just before paying, must hold the sheet's cents for every
 * employee and product (else `DraftChangedError`: nothing is finalized). The rest (once
 * only, the double-payment block, an earlier unknown outcome, following a distribution already
 * past `draft`) is the path every mode shares: ./finalize-draft.ts.
 */
import type { Employee, FinalizeBody, Product, ValePixClient } from "../../../api";
import type { LedgerPayment } from "../../../workbook/ledger";
import {
  type Locale,
  type SendRow,
  type ValidationOptions,
  type Workbook,
  writeRowResults,
} from "../../../workbook";
import {
  DraftChangedError,
  type FinalizeDistributionsApi,
  type FinalizeDraftOptions,
  type FinalizeOutcome,
  finalizeDraft,
} from "./finalize-draft";
import { type OnProgress, progressReporter } from "../../../api/progress";
import { compareWithSheet, readDraftItems } from "../send/review";
import { runRowResults } from "../send/row-results";
import type { DirectoryApi } from "../send/directory";
import { readDistributionSheet } from "../send/sheet";
import type { WorkflowReads } from "../send/reads";

export type FinalizeApi = DirectoryApi &
  FinalizeDistributionsApi & {
    distributions: Pick<ValePixClient["distributions"], "listItems">;
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
  /** See `FinalizeDraftOptions.onProcessing`: the charge to pay, before the wait. */
  onProcessing?: FinalizeDraftOptions["onProcessing"];
  /**
   * Reads kept across the workflow (../send/reads.ts): the directory, and the items the review
   * read of this draft when nothing changed them since.
   */
  reads?: WorkflowReads | undefined;
}

export class SheetChangedError extends Error {
  override name = "SheetChangedError";
  constructor(readonly table: string) {
    super(`Table ${table} changed since the review: send it again and review the draft before finalizing.`);
  }
}

export async function finalizeSheet(
  api: FinalizeApi,
  input: FinalizeSheetInput,
  options: FinalizeSheetOptions = {},
): Promise<FinalizeOutcome> {
  const { workbook, distributionId } = input;
  const locale = options.locale ?? "pt-BR";
  progressReporter(options.onProgress)("check", 0, 1);
  const sheet = await readDistributionSheet(api, workbook, input.table, {
    validation: options.validation,
    locale,
    signal: options.signal,
    reads: options.reads,
  });
  if (sheet.fingerprint !== input.fingerprint) throw new SheetChangedError(sheet.table.name);
  // The totals can agree while an item does not: a "value for all" call given up on (timeout)
  // that lands after the review overwrites per-employee values and may keep the sum. Money moves
  // only when every item still holds the sheet's cents, read just before paying, or read by the
  // review minutes ago with nothing since that may have changed them (../send/reads.ts; the
  // totals are read again in any case, finalizeDraft).
  const held =
    options.reads?.draft(distributionId) ??
    (await readDraftItems(api.distributions, distributionId, options.signal));
  options.reads?.forgetDraft(distributionId);
  if (!compareWithSheet(sheet.desired, held).matches) throw new DraftChangedError(distributionId);
  const totalCents = sheet.desired.reduce((s, d) => s + [...d.values.values()].reduce((a, b) => a + b, 0), 0);
  return finalizeDraft(
    api,
    {
      workbook,
      table: sheet.table.name,
      mode: "selected",
      distributionId,
      fingerprint: sheet.fingerprint,
      expected: { employees: sheet.desired.length, totalCents },
      body: input.body,
      confirmRepeatOf: input.confirmRepeatOf,
      confirmAfterUnknownOutcome: input.confirmAfterUnknownOutcome,
      ledger: ledgerLookups(sheet.desired, sheet.employees, sheet.products, costCentresOf(sheet.rows)),
      locale,
    },
    (stage, paid) =>
      writeRowResults(
        workbook,
        sheet.table,
        sheet.mapping,
        runRowResults(sheet, stage, distributionId, locale, { paid }),
        locale,
      ),
    options,
  );
}

/** Each employee's cost centre on the sheet, for the rows that have one. */
function costCentresOf(rows: readonly SendRow[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const row of rows) if (row.costCentre !== undefined) out.set(row.employee_id, row.costCentre);
  return out;
}

/**
 * The ledger's view of a payment: its items, names for the employees and products it pays, and
 * each employee's cost centre when the payment came from a sheet that has one.
 */
export function ledgerLookups(
  items: LedgerPayment["items"],
  employees: readonly Employee[],
  products: readonly Product[],
  costCentres: ReadonlyMap<string, string> = new Map(),
): Pick<LedgerPayment, "items" | "employee" | "product"> {
  const people = new Map(employees.map((e) => [e.employee_id, e]));
  const names = new Map(products.map((p) => [p.id, p.name]));
  return {
    items,
    employee: (id) => {
      const person = people.get(id);
      return person ? { name: person.name, cpf: person.cpf, costCentre: costCentres.get(id) } : undefined;
    },
    product: (id) => names.get(id),
  };
}
