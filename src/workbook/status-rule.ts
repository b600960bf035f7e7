/**
 * The one rule for what a distribution row's status and message cells show (docs/
 * architecture.md §2 "The sheet is the record"). Validation, live validation, send, finalize,
 * refresh and the ribbon commands all describe a row by the same facts (its issues, its total,
 * the run it is part of, its last payment in the ledger) and write what `rowStatus` says.
 *
 * In order:
 * 1. A row with an error says "Erro" and its errors (a draft that differs from the row too).
 * 2. A row in the run being sent or finalized (a positive total) says where that run is: "No
 *    rascunho", "Em processamento", "Pago em 24/11/2026 · Distribuição de novembro", "Falhou",
 *    "Sem resposta".
 * 3. A row that will be sent (a positive total) says "Pronto" ("Aviso" with its warnings); when
 *    it was paid before, its message keeps that record ("Último pagamento: …"), so validating a
 *    new month never wipes what was paid.
 * 4. A row left out (no amounts) is never "Pronto": its last payment when it has one ("Pago em
 *    …", the durable record, until a later send includes the row again), else "Sem valores".
 * 5. A row skipped with a warning (a totals row, no identity) says "Ignorada"; an empty row is
 *    cleared.
 *
 * Every word is in the language of the person who runs the step; amounts as that language
 * writes them (src/money's formatCents); dates as `dateText` (the cells' own dates are serials).
 */
import { defineWords, formatCents, type Locale } from "../money";
import type { ColumnHighlight } from "./port";
import type { Issue } from "./issues";
import { dateText } from "./dates";

/** The states a status cell can be in. */
export type RowState =
  | "ready"
  | "warning"
  | "error"
  | "skipped"
  | "empty"
  | "draft"
  | "processing"
  | "paid"
  | "failed"
  | "unknown";

/** The status word of each state ("paid" and a record carry their date and label on top). */
export const ROW_STATE_TEXT = defineWords<Record<RowState, string>>(
  {
    ready: "Pronto",
    warning: "Aviso",
    error: "Erro",
    skipped: "Ignorada",
    empty: "Sem valores",
    draft: "No rascunho",
    processing: "Em processamento",
    paid: "Pago",
    failed: "Falhou",
    unknown: "Sem resposta",
  },
  {
    ready: "Ready",
    warning: "Warning",
    error: "Error",
    skipped: "Skipped",
    empty: "No amounts",
    draft: "In draft",
    processing: "Processing",
    paid: "Paid",
    failed: "Failed",
    unknown: "No answer",
  },
);

/**
 * The status column's colours: a row in error or failed stands out in red (Excel's "light red
 * fill with dark red text"), in either language (a table written in one can be read in the
 * other). One conditional-format rule, kept by Excel as people type and rows are added.
 */
export const STATUS_HIGHLIGHT: ColumnHighlight = {
  texts: [...new Set(Object.values(ROW_STATE_TEXT).flatMap((t) => [t.error, t.failed]))],
  fill: "#FFC7CE",
  font: "#9C0006",
};

/** Where a distribution run is, for the rows it holds. */
export type RunStage = "draft" | "processing" | "completed" | "failed" | "unknown";

/** A payment as the ledger keeps it (./ledger.ts): the last one of an employee, from one table. */
export interface PaymentRecord {
  /** When it was finalized (ms since the epoch; the ledger's date cell, local). */
  at: number;
  distributionId: string;
  /** "Distribuição de novembro", or the description typed when finalizing. */
  label: string;
  /** A distribution state: `completed`, `processing`, `failed`. */
  state: string;
  totalCents: number;
}

export interface RowFacts {
  /** 0-based data row. */
  rowIndex: number;
  /** The row's own issues (and the duplicate-employee one). */
  issues?: readonly Issue[] | undefined;
  /** An error found outside validation (e.g. a draft that cannot hold the row's employee). */
  error?: string | undefined;
  /** The row counts (no error): its total, 0 when it has no amounts. */
  totalCents?: number | undefined;
  /** The row's last payment, when its employee has one from this table. */
  record?: PaymentRecord | undefined;
  /** The run the row is part of (rows with a positive total only). */
  run?:
    | {
        stage: RunStage;
        distributionId: string;
        /** For `completed`: when it was finalized and its label, as the ledger records them. */
        paid?: { at: number; label: string } | undefined;
        /** The draft holds other amounts than the row: what differs. */
        mismatch?: string | undefined;
      }
    | undefined;
}

/** What the three cells of a row show; `status` is the status cell's text. */
export interface RowResult {
  rowIndex: number;
  state: RowState;
  status: string;
  message: string;
  /** The row total cell, when the row counts. */
  totalCents?: number | undefined;
}

const TEXT = defineWords(
  {
    paidOn: (date: string, label: string) => `Pago em ${date} · ${label}`,
    failedOn: (date: string, label: string) => `Falhou em ${date} · ${label}`,
    processingOf: (label: string) => `Em processamento · ${label}`,
    draft: (id: string) => `No rascunho ${id}: revise e finalize`,
    processing: (id: string) => `Distribuição ${id} em processamento`,
    completed: (id: string, total: string) => `${total} pagos na distribuição ${id}`,
    failed: (id: string) => `A distribuição ${id} falhou: nada foi pago a esta linha`,
    unknown: (id: string) =>
      `Finalização da distribuição ${id} sem resposta: consulte a distribuição antes de tentar de novo`,
    mismatch: (id: string, detail: string) => `O rascunho ${id} difere desta linha: ${detail}`,
    last: (record: string, total: string) => `Último pagamento: ${record} (${total})`,
    leftOut: "Sem valores nesta tabela: fica fora da próxima distribuição",
  },
  {
    paidOn: (date: string, label: string) => `Paid on ${date} · ${label}`,
    failedOn: (date: string, label: string) => `Failed on ${date} · ${label}`,
    processingOf: (label: string) => `Processing · ${label}`,
    draft: (id: string) => `In draft ${id}: review and finalize`,
    processing: (id: string) => `Distribution ${id} is processing`,
    completed: (id: string, total: string) => `${total} paid in distribution ${id}`,
    failed: (id: string) => `Distribution ${id} failed: nothing was paid to this row`,
    unknown: (id: string) =>
      `Finalize of distribution ${id} got no answer: check the distribution before trying again`,
    mismatch: (id: string, detail: string) => `Draft ${id} differs from this row: ${detail}`,
    last: (record: string, total: string) => `Last payment: ${record} (${total})`,
    leftOut: "No amounts in this table: left out of the next distribution",
  },
);

/** The message of a row at `stage` of run `id` (also the review table's status of batch/group). */
export function runMessage(stage: RunStage, id: string, locale: Locale, totalCents = 0): string {
  const sentences = TEXT[locale];
  return stage === "completed"
    ? sentences.completed(id, formatCents(totalCents, locale))
    : sentences[stage](id);
}

/** "Pago em 24/11/2026 · Distribuição de novembro": a payment record as a status cell says it. */
function recordText(record: PaymentRecord, locale: Locale): string {
  const sentences = TEXT[locale];
  const date = dateText(record.at, locale);
  if (record.state === "completed") return sentences.paidOn(date, record.label);
  if (record.state === "failed") return sentences.failedOn(date, record.label);
  return sentences.processingOf(record.label);
}

const joined = (issues: readonly Issue[], locale: Locale) => issues.map((i) => i.message[locale]).join(" | ");

const NO_ISSUES: readonly Issue[] = [];

/** A row's result: its total shown unless `withTotal` says otherwise. */
function shown(
  facts: RowFacts,
  state: RowState,
  status: string,
  message: string,
  withTotal = facts.totalCents !== undefined,
): RowResult {
  const result: RowResult = { rowIndex: facts.rowIndex, state, status, message };
  if (withTotal) result.totalCents = facts.totalCents;
  return result;
}

/** What a row's cells show (see the file comment); undefined clears them (an empty row). */
export function rowStatus(facts: RowFacts, locale: Locale): RowResult | undefined {
  const sentences = TEXT[locale];
  const words = ROW_STATE_TEXT[locale];
  // Most rows have no issue: no arrays made for them (50,000 rows are judged at each review).
  const issues = facts.issues ?? NO_ISSUES;
  const errors = issues.length > 0 ? issues.filter((i) => i.severity === "error") : NO_ISSUES;
  const warnings = issues.length > 0 ? issues.filter((i) => i.severity !== "error") : NO_ISSUES;
  const total = facts.totalCents;

  // 1. Errors, and a draft that differs from the row.
  if (errors.length > 0) return shown(facts, "error", words.error, joined(errors, locale), false);
  if (facts.error !== undefined) return shown(facts, "error", words.error, facts.error, false);
  const run = facts.run;
  if (run?.mismatch !== undefined)
    return shown(facts, "error", words.error, sentences.mismatch(run.distributionId, run.mismatch));

  // 2. The run the row is in.
  if (run !== undefined && total !== undefined && total > 0) {
    const id = run.distributionId;
    switch (run.stage) {
      case "draft":
        return shown(facts, "draft", words.draft, sentences.draft(id));
      case "processing":
        return shown(facts, "processing", words.processing, sentences.processing(id));
      case "completed": {
        const status = run.paid
          ? recordText({ ...run.paid, distributionId: id, state: "completed", totalCents: total }, locale)
          : words.paid;
        return shown(facts, "paid", status, sentences.completed(id, formatCents(total, locale)));
      }
      case "failed":
        return shown(facts, "failed", words.failed, sentences.failed(id));
      case "unknown":
        return shown(facts, "unknown", words.unknown, sentences.unknown(id));
    }
  }

  // 3. Will be sent.
  const record = facts.record;
  if (total !== undefined && total > 0) {
    const last = record
      ? sentences.last(recordText(record, locale), formatCents(record.totalCents, locale))
      : "";
    const message = [joined(warnings, locale), last].filter((m) => m !== "").join(" | ");
    return shown(
      facts,
      warnings.length > 0 ? "warning" : "ready",
      words[warnings.length > 0 ? "warning" : "ready"],
      message,
    );
  }

  // 4. Left out: its record, else "no amounts".
  if (total !== undefined) {
    const message = warnings.length > 0 ? joined(warnings, locale) : record ? sentences.leftOut : "";
    return record
      ? shown(
          facts,
          record.state === "completed" ? "paid" : record.state === "failed" ? "failed" : "processing",
          recordText(record, locale),
          message,
        )
      : shown(facts, "empty", words.empty, message);
  }

  // 5. Not counted: skipped with a warning, or an empty row.
  if (warnings.length > 0) return shown(facts, "skipped", words.skipped, joined(warnings, locale), false);
  return undefined;
}
