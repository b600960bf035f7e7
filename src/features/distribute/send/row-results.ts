/**
 * What a distribution run writes beside each row (status, message, row total; src/workbook
 * write-back, formula-safe): every row of the table gets a result, so nothing from an earlier
 * run lingers. What a row shows is src/workbook/status-rule.ts's one rule: the rows the run holds
 * say where it is, the rows it leaves out keep their last payment ("Pago em …") or say "Sem
 * valores".
 */
import { formatCents } from "../../../money";
import {
  type Locale,
  type PaymentRecords,
  type RowResult,
  type RunStage,
  type ValidationResult,
  runMessage,
  validationRowResults,
} from "../../../workbook";

/** Where a run is (src/workbook's `RunStage`). */
export type Stage = RunStage;

/** The text a review table line (batch, group) of `totalCents` at `stage` of distribution `id` shows. */
export const stageMessage = (stage: Stage, id: string, locale: Locale, totalCents = 0): string =>
  runMessage(stage, id, locale, totalCents);

/** The stage a distribution status maps to (unknown statuses read as still processing). */
export function stageOf(status: string): RunStage {
  return status === "completed" || status === "failed" || status === "draft" ? status : "processing";
}

export interface RunRowsOptions {
  /** Employee id → what the draft holds otherwise (the review's mismatches). */
  mismatched?: ReadonlyMap<string, string> | undefined;
  /** A completed run: when it was finalized and its label, as the ledger records them. */
  paid?: { at: number; label: string } | undefined;
}

/**
 * Every row's result in a run: the rows with something to pay are at `stage` of it (or, in
 * `mismatched`, differ from the draft); rows with nothing to pay are left out of it (their last
 * payment, else "no amounts"); rows skipped keep their warning.
 */
export function runRowResults(
  sheet: { result: ValidationResult; records: PaymentRecords },
  stage: RunStage,
  distributionId: string,
  locale: Locale,
  options: RunRowsOptions = {},
): RowResult[] {
  return validationRowResults(sheet.result, locale, sheet.records, (row) => ({
    stage,
    distributionId,
    paid: options.paid,
    mismatch: options.mismatched?.get(row.employee_id),
  }));
}

/** "Refeição: planilha R$ 600,00, rascunho R$ 500,00" per employee, for the mismatch message. */
export function mismatchDetails(
  mismatches: ReadonlyArray<{
    employee_id: string;
    product_id?: string;
    sheetCents: number;
    draftCents: number;
  }>,
  productName: (id: string) => string,
  locale: Locale,
): Map<string, string> {
  const [sheet, draft] = locale === "pt-BR" ? ["planilha", "rascunho"] : ["sheet", "draft"];
  const out = new Map<string, string>();
  for (const mismatch of mismatches) {
    const what = mismatch.product_id === undefined ? "" : `${productName(mismatch.product_id)}: `;
    const text = `${what}${sheet} ${formatCents(mismatch.sheetCents, locale)}, ${draft} ${formatCents(mismatch.draftCents, locale)}`;
    out.set(
      mismatch.employee_id,
      out.has(mismatch.employee_id) ? `${out.get(mismatch.employee_id)}; ${text}` : text,
    );
  }
  return out;
}
