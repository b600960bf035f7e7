/**
 * The sheets the add-in creates through Office.js: a formatted sheet with its table and totals
 * row, and the hidden run log it appends to and reads back. Values go in row blocks as
 * ./office-write.ts writes them (./write-blocks.ts: events off, number formats per column,
 * blocks halved when refused).
 */
import { structuredRefColumn } from "../workbook/names";
import {
  type CellValue,
  DEFAULT_MAX_BLOCK_BYTES,
  type NewTableSpec,
  RUN_LOG_SHEET,
  TEXT_FORMAT,
} from "../workbook/port";
import { HOST_ERROR_CODES, WorkbookHostError } from "./errors";
import type { CellInput, ExcelRun, RangeApi } from "./office-api";
import { queueTableInfo, readRegion, sheetRegion, usedBox } from "./office-read";
import {
  type ColumnFormat,
  columnFormat,
  planColumnBlocks,
  queueColumn,
  sendInHalves,
  syncWithEventsOff,
} from "./write-blocks";
import { checkCell } from "./office-write";

const GENERAL = "General";
const VALUES_ONLY: ColumnFormat = { kind: "values-only" };

/**
 * `Workbook.createSheetWithTable`: one sync to check the names are free, one for the sheet, the
 * header and the table (over all its rows), one per block of values, one for the formatting.
 */
export function createSheetWithTable(run: ExcelRun, spec: NewTableSpec) {
  const width = spec.columns.length;
  if (width === 0)
    throw new WorkbookHostError(HOST_ERROR_CODES.invalidArgument, "a table needs at least one column");
  spec.rows.forEach((row, i) => {
    if (row.length !== width) throw new RangeError(`row ${i} has ${row.length} values for ${width} columns`);
    row.forEach((v, c) => checkCell(v, `row ${i}, column ${c}`));
  });
  return run(async (context) => {
    const { worksheets, tables } = context.workbook;
    const oldSheet = worksheets.getItemOrNullObject(spec.sheet).load("name");
    const oldTable = tables.getItemOrNullObject(spec.table).load("name");
    await context.sync();
    if (!oldSheet.isNullObject)
      throw new WorkbookHostError(HOST_ERROR_CODES.itemAlreadyExists, `sheet ${spec.sheet}`);
    if (!oldTable.isNullObject)
      throw new WorkbookHostError(HOST_ERROR_CODES.itemAlreadyExists, `table ${spec.table}`);

    const ws = worksheets.add(spec.sheet);
    ws.getRangeByIndexes(0, 0, 1, width).values = [spec.columns.map((c) => c.header)];
    // Excel keeps at least one data row: a table of no rows shows one blank row.
    const excelTable = tables.add(ws.getRangeByIndexes(0, 0, 1 + Math.max(1, spec.rows.length), width), true);
    excelTable.name = spec.table;
    await context.sync();

    // The new sheet's cells are General already: a General column is sent its values only (its
    // strings are read as typed in a General cell either way: the format written after them
    // changed nothing).
    const columns = spec.columns.map((col, c) => ({
      value: (r: number) => spec.rows[r]?.[c] ?? "",
      format: col.numberFormat === GENERAL ? VALUES_ONLY : columnFormat(col.numberFormat),
    }));
    const send = (start: number, end: number) =>
      syncWithEventsOff(
        run,
        context,
        () =>
          columns.flatMap((col, columnIndex) => {
            const range = ws.getRangeByIndexes(1 + start, columnIndex, end - start, 1);
            return queueColumn(range, end - start, (i) => col.value(start + i), col.format);
          }),
        { suspendCalculation: true },
      );
    for (const [start, end] of planColumnBlocks(spec.rows.length, columns, DEFAULT_MAX_BLOCK_BYTES))
      await sendInHalves(start, end, send);

    spec.columns.forEach((col, columnIndex) => {
      const cells = ws.getRangeByIndexes(0, columnIndex, 1, 1);
      if (col.widthPoints !== undefined) cells.format.columnWidth = col.widthPoints;
      if (col.validation?.kind === "nonNegativeNumber") {
        excelTable.columns.getItem(col.header).getDataBodyRange().dataValidation.rule = {
          decimal: { formula1: 0, operator: "GreaterThanOrEqualTo" },
        };
      }
      // An empty table's blank row gets the column's format too.
      if (spec.rows.length === 0 && col.numberFormat !== undefined) {
        ws.getRangeByIndexes(1, columnIndex, 1, 1).numberFormat = [[col.numberFormat]];
      }
    });
    if (spec.freezeHeader !== false) ws.freezePanes.freezeRows(1);
    if (spec.totalsRow === true) {
      excelTable.showTotals = true;
      const totals = excelTable.getTotalRowRange();
      totals.numberFormat = [spec.columns.map((c) => c.numberFormat ?? null)];
      totals.formulas = [
        spec.columns.map((columnSpec) => {
          if (columnSpec.total?.kind === "sum")
            return `=SUBTOTAL(109,${spec.table}[${structuredRefColumn(columnSpec.header)}])`;
          if (columnSpec.total?.kind === "label") return `'${columnSpec.total.text}`;
          return "";
        }),
      ];
    }
    if (spec.activate !== false) ws.activate();
    const info = queueTableInfo(excelTable);
    await context.sync();
    return info();
  });
}

/**
 * `Workbook.appendRunLog`: one sync, written below the log's last used row (found by Excel in
 * the same batch: used range → last row → the cell in column A under it). When the hidden sheet
 * does not exist yet, that sync fails with ItemNotFound and a second one creates it.
 */
export async function appendRunLog(run: ExcelRun, rows: CellValue[][]): Promise<void> {
  if (rows.length === 0) return;
  rows.forEach((row, i) => row.forEach((v, c) => checkCell(v, `run-log row ${i}, column ${c}`)));
  const width = Math.max(1, ...rows.map((r) => r.length));
  const values: CellInput[][] = rows.map((r) => Array.from({ length: width }, (_, c) => r[c] ?? null));
  // Text format for strings, so ids and hashes come back exactly as written; null leaves others.
  const formats = values.map((r) => r.map((v) => (typeof v === "string" ? TEXT_FORMAT : null)));
  const write = (range: RangeApi) => {
    range.numberFormat = formats;
    range.values = values;
  };
  try {
    await run(async (context) => {
      const ws = context.workbook.worksheets.getItem(RUN_LOG_SHEET);
      write(
        ws
          .getUsedRange(true)
          .getLastRow()
          .getEntireRow()
          .getCell(0, 0)
          .getOffsetRange(1, 0)
          .getResizedRange(rows.length - 1, width - 1),
      );
      await context.sync();
    });
  } catch (e) {
    // Checked by shape, not `instanceof Object`: office.js's errors may come from another realm.
    if (!(typeof e === "object" && e !== null && "code" in e && e.code === HOST_ERROR_CODES.itemNotFound))
      throw e;
    await run(async (context) => {
      const ws = context.workbook.worksheets.add(RUN_LOG_SHEET);
      ws.visibility = "Hidden";
      write(ws.getRangeByIndexes(0, 0, rows.length, width));
      await context.sync();
    });
  }
}

/** `Workbook.readRunLog`: the hidden log's rows, from A1 to its last used cell; none when it does not exist. */
export async function readRunLog(run: ExcelRun): Promise<CellValue[][]> {
  const exists = await run(async (context) => {
    const ws = context.workbook.worksheets.getItemOrNullObject(RUN_LOG_SHEET).load("name");
    await context.sync();
    return !ws.isNullObject;
  });
  if (!exists) return [];
  const box = await usedBox(run, RUN_LOG_SHEET);
  if (!box) return [];
  const out: CellValue[][] = [];
  const whole = { ...box, top: 0, rows: box.top + box.rows, left: 0, cols: box.left + box.cols };
  for await (const block of readRegion(run, sheetRegion(RUN_LOG_SHEET, whole), {})) out.push(...block.rows);
  // Rows above the first logged one (a blank first row) are not log entries.
  return out.filter((row) => row.some((v) => v !== ""));
}
