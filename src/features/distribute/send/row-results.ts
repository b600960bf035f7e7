/**
 * What a distribution run writes beside each row (status, message, row total; src/workbook
 * write-back, formula-safe): every row of the table gets a result, so nothing from an earlier
 * run lingers.
 */
import { defineWords } from "../../../money";
import { formatCents } from "../../../money";
import type { Locale, RowResult, RowState, SendRow } from "../../../workbook";

export type Stage = "draft" | "processing" | "completed" | "failed" | "unknown" | "mismatch";

const TEXT = defineWords<Record<Stage | "zero", (id: string) => string>>(
  {
    draft: (id) => `No rascunho ${id}: revise e finalize`,
    processing: (id) => `Distribuição ${id} em processamento`,
    completed: (id) => `Pago na distribuição ${id}`,
    failed: (id) => `A distribuição ${id} falhou: nada foi pago a esta linha`,
    unknown: (id) =>
      `Finalização da distribuição ${id} sem resposta: consulte a distribuição antes de tentar de novo`,
    mismatch: (id) => `O rascunho ${id} difere desta linha`,
    zero: () => "Sem valores: não incluído na distribuição",
  },
  {
    draft: (id) => `In draft ${id}: review and finalize`,
    processing: (id) => `Distribution ${id} is processing`,
    completed: (id) => `Paid in distribution ${id}`,
    failed: (id) => `Distribution ${id} failed: nothing was paid to this row`,
    unknown: (id) =>
      `Finalize of distribution ${id} got no answer: check the distribution before trying again`,
    mismatch: (id) => `Draft ${id} differs from this row`,
    zero: () => "Nothing to pay: not part of the distribution",
  },
);

const STATE: Record<Stage, RowState> = {
  draft: "ready",
  processing: "sent",
  completed: "sent",
  failed: "failed",
  unknown: "warning",
  mismatch: "error",
};

/** The text a row (or a review table line) at `stage` of distribution `id` shows. */
export const stageMessage = (stage: Stage, id: string, locale: Locale): string => TEXT[locale][stage](id);

/** The stage a distribution status maps to (unknown statuses read as still processing). */
export function stageOf(status: string): Stage {
  return status === "completed" || status === "failed" || status === "draft" ? status : "processing";
}

/**
 * One result per valid row: rows with something to pay get the stage's text (or, for rows in
 * `mismatched`, the mismatch detail), rows with nothing get "not included".
 */
export function runRowResults(
  rows: readonly SendRow[],
  stage: Stage,
  distributionId: string,
  locale: Locale,
  mismatched: ReadonlyMap<string, string> = new Map(),
): RowResult[] {
  const t = TEXT[locale];
  return rows.map((r) => {
    if (r.totalCents <= 0)
      return { rowIndex: r.rowIndex, state: "ready", message: t.zero(distributionId), totalCents: 0 };
    const detail = mismatched.get(r.employee_id);
    if (detail !== undefined)
      return {
        rowIndex: r.rowIndex,
        state: STATE.mismatch,
        message: `${t.mismatch(distributionId)}: ${detail}`,
        totalCents: r.totalCents,
      };
    return {
      rowIndex: r.rowIndex,
      state: STATE[stage],
      message: t[stage](distributionId),
      totalCents: r.totalCents,
    };
  });
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
  for (const m of mismatches) {
    const what = m.product_id === undefined ? "" : `${productName(m.product_id)}: `;
    const text = `${what}${sheet} ${formatCents(m.sheetCents, locale)}, ${draft} ${formatCents(m.draftCents, locale)}`;
    out.set(m.employee_id, out.has(m.employee_id) ? `${out.get(m.employee_id)}; ${text}` : text);
  }
  return out;
}
