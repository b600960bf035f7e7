/**
 * Writing the outcome back into the distribution table: the add-in's own columns (status,
 * message, row total) are added on the right when missing, then written whole, in row blocks
 * (one sync per block). What each row shows is decided by ./status-rule.ts alone. Rows without a result are cleared, so a status from an earlier run never
 * lingers beside changed data. Messages are API or validation text: they go through safeText.
 *
 * Language of the cells: the `locale` passed in, which callers set to the display language of
 * the person who runs the check or the send (the pane's, the ribbon command's). The status word
 * ("Erro" / "Error"), the message and the amounts inside it ("R$ 1.234,56" / "R$ 1,234.56") are
 * all in that one language, never a mix; the sheet's money locale only decides how its amount
 * text is read. A colleague with another display language sees the words of the last run until
 * they validate again, which rewrites every row's status.
 */
import type { Locale } from "../money";
import { pushTo } from "./group";
import type { Issue } from "./issues";
import { ADDIN_HEADERS } from "./headers";
import type { TableMapping } from "./mapping";
import type { CellValue, TableInfo, Workbook, WriteOptions } from "./port";
import { safeText } from "./safe-text";
import {
  type PaymentRecord,
  type RowFacts,
  type RowResult,
  STATUS_HIGHLIGHT,
  rowStatus,
} from "./status-rule";
import { CURRENCY_FORMAT } from "./template";
import type { CheckedRow, ValidationResult } from "./validation-types";

export type { RowResult };

/** The last payment of each employee (./ledger.ts `paymentRecords`), for the status rule. */
export type PaymentRecords = ReadonlyMap<string, PaymentRecord>;

/**
 * Per-row results of a validation (./status-rule.ts): errors, rows ready to send, rows left out
 * (their last payment from `records`, else "no amounts"), rows skipped with a warning. `run`
 * places the counted rows in a distribution run (send, finalize, refresh): the same facts, one
 * rule, whichever step writes.
 */
export function validationRowResults(
  result: ValidationResult,
  locale: Locale = "pt-BR",
  records: PaymentRecords = new Map(),
  run?: (row: CheckedRow) => RowFacts["run"],
): RowResult[] {
  const byRow = new Map<number, Issue[]>();
  for (const i of result.issues) if (i.rowIndex !== undefined) pushTo(byRow, i.rowIndex, i);
  const out: RowResult[] = [];
  const judge = (rowIndex: number, row: CheckedRow | undefined) => {
    const rowResult = rowStatus(
      {
        rowIndex,
        issues: byRow.get(rowIndex),
        totalCents: row?.totalCents,
        record: row ? records.get(row.employee_id) : undefined,
        run: row && run ? run(row) : undefined,
      },
      locale,
    );
    if (rowResult) out.push(rowResult);
  };
  // The counted rows (the last of a repeated index counts, as a map keeps it), then the rows with
  // issues only, in row order.
  const counted = new Map<number, CheckedRow>();
  for (const row of result.checkedRows) counted.set(row.rowIndex, row);
  for (const [rowIndex, row] of counted) judge(rowIndex, row);
  for (const rowIndex of byRow.keys()) if (!counted.has(rowIndex)) judge(rowIndex, undefined);
  return inRowOrder(out);
}

/** Results in row order; the validation lists its rows in order already, so usually as they are. */
function inRowOrder(results: RowResult[]): RowResult[] {
  for (let at = 1; at < results.length; at++)
    if (results[at]!.rowIndex < results[at - 1]!.rowIndex)
      return results.sort((a, b) => a.rowIndex - b.rowIndex);
  return results;
}

/** The three cells a result shows (status, message, row total): "" clears them. */
function resultCells(result: RowResult | undefined): [CellValue, CellValue, CellValue] {
  if (!result) return ["", "", ""];
  // Reais for people to read (display only: the cents stay in the validation result).
  return [
    safeText(result.status),
    safeText(result.message),
    result.totalCents === undefined ? "" : result.totalCents / 100,
  ];
}

/**
 * Writes the status, message and row total of some rows only (those live validation re-judged),
 * in one sync; rows without a result are cleared. The add-in's columns must exist (a first
 * validation adds them: `writeRowResults`); when they do not, they are added first.
 */
export async function writeSomeRowResults(
  workbook: Workbook,
  table: TableInfo,
  mapping: TableMapping,
  rows: ReadonlyArray<{ rowIndex: number; result: RowResult | undefined }>,
  locale: Locale = "pt-BR",
): Promise<TableInfo> {
  const cols =
    mapping.statusColumn !== undefined &&
    mapping.messageColumn !== undefined &&
    mapping.totalColumn !== undefined
      ? {
          table,
          status: table.header[mapping.statusColumn]!,
          message: table.header[mapping.messageColumn]!,
          total: table.header[mapping.totalColumn]!,
        }
      : await ensureAddinColumns(workbook, table, mapping, locale);
  const cells = rows.map((r) => ({ rowIndex: r.rowIndex, values: resultCells(r.result) }));
  const column = (i: number) => cells.map((c) => ({ rowIndex: c.rowIndex, value: c.values[i]! }));
  await workbook.writeTableCells(cols.table.name, [
    { header: cols.status, cells: column(0) },
    { header: cols.message, cells: column(1) },
    { header: cols.total, cells: column(2), numberFormat: CURRENCY_FORMAT },
  ]);
  return cols.table;
}

/** Adds whichever add-in columns the table lacks, on the right. Returns the table as it is now. */
async function ensureAddinColumns(
  workbook: Workbook,
  table: TableInfo,
  mapping: TableMapping,
  locale: Locale = "pt-BR",
): Promise<{ table: TableInfo; status: string; message: string; total: string }> {
  const headers = ADDIN_HEADERS[locale];
  const name = (i: number | undefined, fallback: string): string =>
    i === undefined ? fallback : (table.header[i] ?? fallback);
  const status = name(mapping.statusColumn, headers.status);
  const message = name(mapping.messageColumn, headers.message);
  const total = name(mapping.totalColumn, headers.total);
  const missing = [
    mapping.statusColumn === undefined ? status : undefined,
    mapping.messageColumn === undefined ? message : undefined,
    mapping.totalColumn === undefined ? total : undefined,
  ].filter((x): x is string => x !== undefined);
  const now = missing.length > 0 ? await workbook.addColumns(table.name, missing) : table;
  // A status column the add-in adds gets its colours (a template's has them from the start).
  if (mapping.statusColumn === undefined)
    await workbook.setColumnHighlight(table.name, status, STATUS_HIGHLIGHT);
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
  const rowCount = cols.table.rowCount;
  const status: CellValue[] = new Array<CellValue>(rowCount).fill("");
  const message: CellValue[] = new Array<CellValue>(rowCount).fill("");
  const total: CellValue[] = new Array<CellValue>(rowCount).fill("");
  for (const result of results) {
    if (result.rowIndex < 0 || result.rowIndex >= rowCount)
      throw new RangeError(`row ${result.rowIndex} is outside table ${table.name}`);
    [status[result.rowIndex], message[result.rowIndex], total[result.rowIndex]] = resultCells(result);
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
