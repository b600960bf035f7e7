/**
 * Writing the outcome back into the distribution table: the add-in's own columns (status,
 * message, row total) are added on the right when missing, then written whole, in row blocks
 * (one sync per block). Rows without a result are cleared, so a status from an earlier run never
 * lingers beside changed data. Messages are API or validation text: they go through safeText.
 *
 * Language of the cells: the `locale` passed in, which callers set to the display language of
 * the person who runs the check or the send (the pane's, the ribbon command's). The status word
 * ("Erro" / "Error"), the message and the amounts inside it ("R$ 1.234,56" / "R$1,234.56") are
 * all in that one language, never a mix; the sheet's money locale only decides how its amount
 * text is read. A colleague with another display language sees the words of the last run until
 * they validate again, which rewrites every row's status.
 */
import type { Locale } from "../money";
import { pushTo } from "./group";
import type { Issue } from "./issues";
import { ADDIN_HEADERS, type TableMapping } from "./mapping";
import { ROW_STATE_TEXT, type RowState } from "./messages";
import type { CellValue, TableInfo, Workbook, WriteOptions } from "./port";
import { safeText } from "./safe-text";
import { CURRENCY_FORMAT } from "./template";
import type { ValidationResult } from "./validation";

export interface RowResult {
  rowIndex: number;
  state: RowState;
  message?: string;
  totalCents?: number;
}

/** Per-row results of a validation: errors first in the message, then warnings. */
export function validationRowResults(result: ValidationResult, locale: Locale = "pt-BR"): RowResult[] {
  const byRow = new Map<number, Issue[]>();
  for (const i of result.issues) if (i.rowIndex !== undefined) pushTo(byRow, i.rowIndex, i);
  const out = new Map<number, RowResult>();
  for (const r of result.checkedRows)
    out.set(r.rowIndex, { rowIndex: r.rowIndex, state: "ready", totalCents: r.totalCents });
  for (const [rowIndex, issues] of byRow) {
    const errors = issues.filter((i) => i.severity === "error");
    const shown = errors.length > 0 ? errors : issues;
    const prev = out.get(rowIndex);
    out.set(rowIndex, {
      rowIndex,
      state: errors.length > 0 ? "error" : "warning",
      message: shown.map((i) => i.message[locale]).join(" | "),
      ...(prev?.totalCents !== undefined && errors.length === 0 ? { totalCents: prev.totalCents } : {}),
    });
  }
  return [...out.values()].sort((a, b) => a.rowIndex - b.rowIndex);
}

/** Adds whichever add-in columns the table lacks, on the right. Returns the table as it is now. */
export async function ensureAddinColumns(
  workbook: Workbook,
  table: TableInfo,
  mapping: TableMapping,
  locale: Locale = "pt-BR",
): Promise<{ table: TableInfo; status: string; message: string; total: string }> {
  const h = ADDIN_HEADERS[locale];
  const name = (i: number | undefined, fallback: string): string =>
    i === undefined ? fallback : (table.header[i] ?? fallback);
  const status = name(mapping.statusColumn, h.status);
  const message = name(mapping.messageColumn, h.message);
  const total = name(mapping.totalColumn, h.total);
  const missing = [
    mapping.statusColumn === undefined ? status : undefined,
    mapping.messageColumn === undefined ? message : undefined,
    mapping.totalColumn === undefined ? total : undefined,
  ].filter((x): x is string => x !== undefined);
  const now = missing.length > 0 ? await workbook.addColumns(table.name, missing) : table;
  return { table: now, status, message, total };
}

/** Writes status, message and row total for every row of the table (rows not given are cleared). */
export async function writeRowResults(
  workbook: Workbook,
  table: TableInfo,
  mapping: TableMapping,
  results: readonly RowResult[],
  locale: Locale = "pt-BR",
  options?: WriteOptions,
): Promise<TableInfo> {
  const cols = await ensureAddinColumns(workbook, table, mapping, locale);
  const n = cols.table.rowCount;
  const status: CellValue[] = new Array<CellValue>(n).fill("");
  const message: CellValue[] = new Array<CellValue>(n).fill("");
  const total: CellValue[] = new Array<CellValue>(n).fill("");
  for (const r of results) {
    if (r.rowIndex < 0 || r.rowIndex >= n)
      throw new RangeError(`row ${r.rowIndex} is outside table ${table.name}`);
    status[r.rowIndex] = ROW_STATE_TEXT[locale][r.state];
    message[r.rowIndex] = safeText(r.message ?? "");
    // Reais for people to read (display only: the cents stay in the validation result).
    if (r.totalCents !== undefined) total[r.rowIndex] = r.totalCents / 100;
  }
  await workbook.writeColumns(
    cols.table.name,
    [
      { header: cols.status, values: status },
      { header: cols.message, values: message },
      { header: cols.total, values: total, numberFormat: CURRENCY_FORMAT },
    ],
    options,
  );
  return cols.table;
}
