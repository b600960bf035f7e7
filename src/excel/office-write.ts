/**
 * Writing through Office.js, in row blocks under the payload budget, one `context.sync()` per
 * block ("Performance optimization using the Excel JavaScript API",
 * https://learn.microsoft.com/office/dev/add-ins/excel/performance):
 * - events are off while the add-in writes (`context.runtime.enableEvents`), so live validation
 *   does not see the add-in's own writes, and calculation is suspended until the block's sync
 *   (`application.suspendApiCalculationUntilNextSync`);
 * - number formats are set per column range, not per cell: a text format ("@") before the values,
 *   so digit strings such as CPFs stay text; any other format (currency) after them;
 * - values are assigned as 2-D arrays of the range's exact shape (`Range.values`; Office.js has
 *   no `setValues`).
 */
import { planWriteBlocks, rowJsonBytes } from "../workbook/blocks";
import { structuredRefColumn } from "../workbook/names";
import {
  type CellsWrite,
  type CellValue,
  type ColumnWidth,
  type ColumnWrite,
  DEFAULT_MAX_BLOCK_BYTES,
  type NewTableSpec,
  RUN_LOG_SHEET,
  TEXT_FORMAT,
  type WriteOptions,
} from "../workbook/port";
import { HOST_ERROR_CODES, WorkbookHostError } from "./errors";
import type { CellInput, ExcelRun, RangeApi, RequestContextApi } from "./office-api";
import { queueTableInfo } from "./office-read";

/** Values Office.js refuses (InvalidArgument), refused here before anything is sent. */
function checkCell(value: unknown, where: string): CellValue {
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new RangeError(`InvalidArgument: ${value} cannot be written to a cell (${where})`);
  }
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
    throw new TypeError(`InvalidArgument: ${typeof value} is not a cell value (${where})`);
  }
  return value;
}

const column = <T>(n: number, at: (i: number) => T): T[][] => Array.from({ length: n }, (_, i) => [at(i)]);

/** Queues values (and the column's format) into a one-column range of `n` rows. */
function queueColumn(range: RangeApi, n: number, value: (i: number) => CellInput, format?: string): void {
  if (format === TEXT_FORMAT) range.numberFormat = column(n, () => TEXT_FORMAT);
  range.values = column(n, value);
  if (format !== undefined && format !== TEXT_FORMAT) range.numberFormat = column(n, () => format);
}

/** One block's sync with events off and calculation suspended; events come back even on failure. */
async function quietSync(run: ExcelRun, context: RequestContextApi, queue: () => void): Promise<void> {
  context.runtime.enableEvents = false;
  context.workbook.application.suspendApiCalculationUntilNextSync();
  queue();
  context.runtime.enableEvents = true;
  try {
    await context.sync();
  } catch (e) {
    // The failed batch may have stopped before turning events back on.
    await run(async (c) => {
      c.runtime.enableEvents = true;
      await c.sync();
    });
    throw e;
  }
}

/** `Workbook.writeColumns`: one sync for the table's columns, then one per block. */
export function writeColumns(
  run: ExcelRun,
  table: string,
  columns: ColumnWrite[],
  options: WriteOptions = {},
): Promise<void> {
  return run(async (context) => {
    const t = context.workbook.tables.getItem(table).load("name");
    const cols = t.columns.load("items/name");
    const body = t.getDataBodyRange().load("rowCount");
    await context.sync();
    const names = cols.items.map((c) => c.name);
    const targets = columns.map((col) => {
      const exact = names.indexOf(col.header);
      const index = exact >= 0 ? exact : names.findIndex((n) => n.toLowerCase() === col.header.toLowerCase());
      if (index < 0) {
        throw new WorkbookHostError(
          HOST_ERROR_CODES.itemNotFound,
          `column "${col.header}" in table ${t.name}`,
        );
      }
      if (col.values.length !== body.rowCount) {
        throw new RangeError(
          `column "${col.header}" has ${col.values.length} values for ${body.rowCount} rows of table ${t.name}`,
        );
      }
      col.values.forEach((v, r) => checkCell(v, `column "${col.header}", row ${r}`));
      return { name: names[index] ?? col.header, col };
    });
    const formatBytes = targets.reduce(
      (n, { col }) => n + (col.numberFormat ? col.numberFormat.length + 3 : 0),
      0,
    );
    const rowBytes = (r: number) => rowJsonBytes(targets.map(({ col }) => col.values[r] ?? "")) + formatBytes;
    const blocks = planWriteBlocks(body.rowCount, rowBytes, options.maxBlockBytes ?? DEFAULT_MAX_BLOCK_BYTES);
    for (const [start, end] of blocks) {
      options.signal?.throwIfAborted();
      await quietSync(run, context, () => {
        for (const { name, col } of targets) {
          const range = t.columns
            .getItem(name)
            .getDataBodyRange()
            .getRow(0)
            .getOffsetRange(start, 0)
            .getResizedRange(end - start - 1, 0);
          queueColumn(range, end - start, (i) => col.values[start + i] ?? "", col.numberFormat);
        }
      });
    }
  });
}

/**
 * `Workbook.writeTableCells`: one sync. Each column's rows are written as runs of consecutive
 * rows (one range per run), relative to the table's data body; events off and calculation
 * suspended as for every write. A missing column fails the sync (ItemNotFound).
 */
export function writeTableCells(run: ExcelRun, table: string, columns: CellsWrite[]): Promise<void> {
  return run(async (context) => {
    const t = context.workbook.tables.getItem(table);
    const runs = columns.map((col) => {
      // One value per row (the last given wins), in row order, then runs of consecutive rows.
      const byRow = new Map<number, CellValue>();
      for (const c of col.cells) {
        if (!Number.isInteger(c.rowIndex) || c.rowIndex < 0)
          throw new RangeError(`row ${c.rowIndex} is not a data row of table ${table}`);
        byRow.set(c.rowIndex, checkCell(c.value, `column "${col.header}", row ${c.rowIndex}`));
      }
      const out: Array<{ start: number; values: CellValue[] }> = [];
      for (const [rowIndex, value] of [...byRow].sort((x, y) => x[0] - y[0])) {
        const last = out.at(-1);
        if (last && last.start + last.values.length === rowIndex) last.values.push(value);
        else out.push({ start: rowIndex, values: [value] });
      }
      return { col, out };
    });
    await quietSync(run, context, () => {
      for (const { col, out } of runs)
        for (const r of out) {
          const range = t.columns
            .getItem(col.header)
            .getDataBodyRange()
            .getRow(0)
            .getOffsetRange(r.start, 0)
            .getResizedRange(r.values.length - 1, 0);
          queueColumn(range, r.values.length, (i) => r.values[i] ?? "", col.numberFormat);
        }
    });
  });
}

/** `Workbook.appendRows`: one sync for the table's width, one per block, one for the table's facts. */
export function appendRows(run: ExcelRun, table: string, rows: CellValue[][], options: WriteOptions = {}) {
  return run(async (context) => {
    const t = context.workbook.tables.getItem(table).load("name");
    const header = t.getHeaderRowRange().load("columnCount");
    await context.sync();
    const width = header.columnCount;
    rows.forEach((row, i) => {
      if (row.length !== width)
        throw new RangeError(`row ${i} has ${row.length} values for ${width} columns`);
      row.forEach((v, c) => checkCell(v, `row ${i}, column ${c}`));
    });
    const blocks = planWriteBlocks(
      rows.length,
      (r) => rowJsonBytes(rows[r] ?? []),
      options.maxBlockBytes ?? DEFAULT_MAX_BLOCK_BYTES,
    );
    for (const [start, end] of blocks) {
      options.signal?.throwIfAborted();
      await quietSync(run, context, () => void t.rows.add(undefined, rows.slice(start, end)));
    }
    const info = queueTableInfo(t);
    await context.sync();
    return info();
  });
}

/**
 * `Workbook.setColumnWidths`: one sync. The whole column of the table (header, data, totals)
 * takes the width: `RangeFormat.columnWidth` sets it in points, `RangeFormat.autofitColumns()`
 * fits it to the data (https://learn.microsoft.com/javascript/api/excel/excel.rangeformat).
 */
export function setColumnWidths(run: ExcelRun, table: string, columns: ReadonlyArray<ColumnWidth>) {
  return run(async (context) => {
    const t = context.workbook.tables.getItem(table);
    for (const c of columns) {
      const column = t.columns.getItem(c.header).getRange();
      if (c.widthPoints !== undefined) column.format.columnWidth = c.widthPoints;
      else column.format.autofitColumns();
    }
    await context.sync();
  });
}

/** `Workbook.addColumns`: one sync to check the names, one to add them. */
export function addColumns(run: ExcelRun, table: string, headers: string[]) {
  return run(async (context) => {
    const t = context.workbook.tables.getItem(table).load("name");
    const cols = t.columns.load("items/name");
    await context.sync();
    const taken = new Set(cols.items.map((c) => c.name.toLowerCase()));
    for (const h of headers) {
      if (h.trim() === "")
        throw new WorkbookHostError(HOST_ERROR_CODES.invalidArgument, "empty column header");
      if (taken.has(h.toLowerCase())) {
        throw new WorkbookHostError(
          HOST_ERROR_CODES.invalidArgument,
          `table ${t.name} already has a column "${h}"`,
        );
      }
      taken.add(h.toLowerCase());
    }
    context.runtime.enableEvents = false;
    for (const h of headers) t.columns.add(undefined, undefined, h);
    context.runtime.enableEvents = true;
    const info = queueTableInfo(t);
    await context.sync();
    return info();
  });
}

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
    const t = tables.add(ws.getRangeByIndexes(0, 0, 1 + Math.max(1, spec.rows.length), width), true);
    t.name = spec.table;
    await context.sync();

    const bytes = (r: number) => rowJsonBytes(spec.rows[r] ?? []) + width * 12;
    for (const [start, end] of planWriteBlocks(spec.rows.length, bytes)) {
      await quietSync(run, context, () => {
        spec.columns.forEach((col, c) => {
          const range = ws.getRangeByIndexes(1 + start, c, end - start, 1);
          queueColumn(range, end - start, (i) => spec.rows[start + i]?.[c] ?? "", col.numberFormat);
        });
      });
    }

    spec.columns.forEach((col, c) => {
      const cells = ws.getRangeByIndexes(0, c, 1, 1);
      if (col.widthPoints !== undefined) cells.format.columnWidth = col.widthPoints;
      if (col.validation?.kind === "nonNegativeNumber") {
        t.columns.getItem(col.header).getDataBodyRange().dataValidation.rule = {
          decimal: { formula1: 0, operator: "GreaterThanOrEqualTo" },
        };
      }
      // An empty table's blank row gets the column's format too.
      if (spec.rows.length === 0 && col.numberFormat !== undefined) {
        ws.getRangeByIndexes(1, c, 1, 1).numberFormat = [[col.numberFormat]];
      }
    });
    if (spec.freezeHeader !== false) ws.freezePanes.freezeRows(1);
    if (spec.totalsRow === true) {
      t.showTotals = true;
      const totals = t.getTotalRowRange();
      totals.numberFormat = [spec.columns.map((c) => c.numberFormat ?? null)];
      totals.formulas = [
        spec.columns.map((c) => {
          if (c.total?.kind === "sum")
            return `=SUBTOTAL(109,${spec.table}[${structuredRefColumn(c.header)}])`;
          if (c.total?.kind === "label") return `'${c.total.text}`;
          return "";
        }),
      ];
    }
    if (spec.activate !== false) ws.activate();
    const info = queueTableInfo(t);
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
    if (!(e instanceof Object && "code" in e && e.code === HOST_ERROR_CODES.itemNotFound)) throw e;
    await run(async (context) => {
      const ws = context.workbook.worksheets.add(RUN_LOG_SHEET);
      ws.visibility = "Hidden";
      write(ws.getRangeByIndexes(0, 0, rows.length, width));
      await context.sync();
    });
  }
}
