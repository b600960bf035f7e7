/**
 * Writing through Office.js, in row blocks under the payload budget, one `context.sync()` per
 * block ("Performance optimization using the Excel JavaScript API",
 * https://learn.microsoft.com/office/dev/add-ins/excel/performance), with ./write-blocks.ts:
 * - events are off while the add-in writes (`syncWithEventsOff`, the one place that turns them
 *   off and always back on), so live validation does not see the add-in's own writes, and
 *   calculation is suspended until the block's sync (`application.suspendApiCalculationUntilNextSync`);
 * - blocks are sized from the JSON each sync sends (values and number formats), and a block the
 *   host refuses for its size is sent again in halves;
 * - number formats are set per column range, not per cell: a text format ("@") before the values,
 *   so digit strings such as CPFs stay text; any other format (currency) after them. A column
 *   written without a format gets "@" on the cells that receive text, before the text: Excel
 *   would otherwise read "1-2" as a date and "10%" as 0.1 (`Range.values` parses strings as en-US
 *   typing, OfficeDev/office-js#1559);
 * - values are assigned as 2-D arrays of the range's exact shape (`Range.values`; Office.js has
 *   no `setValues`).
 */
import { planWriteBlocks as planBlocks, rowJsonBytes } from "../workbook/blocks";
import {
  type CellsWrite,
  type CellValue,
  type ColumnHighlight,
  type ColumnWidth,
  type ColumnWrite,
  DEFAULT_MAX_BLOCK_BYTES,
  TEXT_FORMAT,
  type TableInfo,
  type WriteOptions,
} from "../workbook/port";
import { HOST_ERROR_CODES, WorkbookHostError } from "./errors";
import type { CellInput, ExcelRun } from "./office-api";
import { queueTableInfo } from "./office-read";
import {
  type HandedOver,
  columnFormat,
  isText,
  planColumnBlocks,
  queueColumn,
  sendInHalves,
  syncWithEventsOff,
} from "./write-blocks";

/** Values Office.js refuses (InvalidArgument), refused here before anything is sent. */
export function checkCell(value: unknown, where: string): CellValue {
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new RangeError(`InvalidArgument: ${value} cannot be written to a cell (${where})`);
  }
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
    throw new TypeError(`InvalidArgument: ${typeof value} is not a cell value (${where})`);
  }
  return value;
}

/** `Workbook.writeColumns`: one sync for the table's columns, then one per block. */
export function writeColumns(
  run: ExcelRun,
  table: string,
  columns: ColumnWrite[],
  options: WriteOptions = {},
): Promise<void> {
  return run(async (context) => {
    const excelTable = context.workbook.tables.getItem(table).load("name");
    const cols = excelTable.columns.load("items/name");
    const body = excelTable.getDataBodyRange().load("rowCount");
    await context.sync();
    const names = cols.items.map((c) => c.name);
    const targets = columns.map((col) => {
      const exact = names.indexOf(col.header);
      const index = exact >= 0 ? exact : names.findIndex((n) => n.toLowerCase() === col.header.toLowerCase());
      if (index < 0) {
        throw new WorkbookHostError(
          HOST_ERROR_CODES.itemNotFound,
          `column "${col.header}" in table ${excelTable.name}`,
        );
      }
      if (col.values.length !== body.rowCount) {
        throw new RangeError(
          `column "${col.header}" has ${col.values.length} values for ${body.rowCount} rows of table ${excelTable.name}`,
        );
      }
      col.values.forEach((v, r) => checkCell(v, `column "${col.header}", row ${r}`));
      return { name: names[index] ?? col.header, col };
    });
    const planned = targets.map(({ name, col }) => ({
      name,
      value: (r: number) => col.values[r] ?? "",
      format: columnFormat(col.numberFormat),
    }));
    const blocks = planColumnBlocks(body.rowCount, planned, options.maxBlockBytes ?? DEFAULT_MAX_BLOCK_BYTES);
    const send = (start: number, end: number) =>
      syncWithEventsOff(
        run,
        context,
        () =>
          planned.flatMap((column) => {
            const range = excelTable.columns
              .getItem(column.name)
              .getDataBodyRange()
              .getRow(0)
              .getOffsetRange(start, 0)
              .getResizedRange(end - start - 1, 0);
            return queueColumn(range, end - start, (i) => column.value(start + i), column.format);
          }),
        { suspendCalculation: true },
      );
    for (const [start, end] of blocks) {
      options.signal?.throwIfAborted();
      await sendInHalves(start, end, send);
    }
  });
}

/**
 * `Workbook.writeTableCells`: one sync. Each column's rows are written as runs of consecutive
 * rows (one range per run), within the table's data body as the sync finds it; events off and
 * calculation suspended as for every write. A missing column fails the sync (ItemNotFound), and
 * so does a row the table no longer has (ItemNotFound or InvalidArgument): nothing is written
 * below the table.
 */
export function writeTableCells(run: ExcelRun, table: string, columns: CellsWrite[]): Promise<void> {
  return run(async (context) => {
    const excelTable = context.workbook.tables.getItem(table);
    const runs = columns.map((col) => {
      // One value per row (the last given wins), in row order, then runs of consecutive rows.
      const byRow = new Map<number, CellValue>();
      for (const cell of col.cells) {
        if (!Number.isInteger(cell.rowIndex) || cell.rowIndex < 0)
          throw new RangeError(`row ${cell.rowIndex} is not a data row of table ${table}`);
        byRow.set(cell.rowIndex, checkCell(cell.value, `column "${col.header}", row ${cell.rowIndex}`));
      }
      const out: Array<{ start: number; values: CellValue[] }> = [];
      for (const [rowIndex, value] of [...byRow].sort((x, y) => x[0] - y[0])) {
        const last = out.at(-1);
        if (last && last.start + last.values.length === rowIndex) last.values.push(value);
        else out.push({ start: rowIndex, values: [value] });
      }
      return { col, out };
    });
    await syncWithEventsOff(
      run,
      context,
      () => {
        const handed: HandedOver = [];
        for (const { col, out } of runs)
          for (const cellRun of out) {
            // The run's cells within the column's data body as it is at this sync: a table that
            // shrank since its rows were read gives a shorter range (the values' shape no longer
            // matches, InvalidArgument) or none (ItemNotFound), and the sync fails instead of
            // writing below the table ("Range.getCell": the cell may lie outside its range;
            // "Range.getIntersection", https://learn.microsoft.com/javascript/api/excel/excel.range).
            const body = excelTable.columns.getItem(col.header).getDataBodyRange();
            const range = body.getIntersection(
              body.getCell(cellRun.start, 0).getResizedRange(cellRun.values.length - 1, 0),
            );
            handed.push(
              ...queueColumn(
                range,
                cellRun.values.length,
                (i) => cellRun.values[i] ?? "",
                columnFormat(col.numberFormat),
              ),
            );
          }
        return handed;
      },
      { suspendCalculation: true },
    );
  });
}

/** `Workbook.appendRows`: one sync for the table's width, one per block, one for the table's facts. */
export function appendRows(run: ExcelRun, table: string, rows: CellValue[][], options: WriteOptions = {}) {
  return run(async (context) => {
    const excelTable = context.workbook.tables.getItem(table).load("name");
    const header = excelTable.getHeaderRowRange().load("columnCount");
    await context.sync();
    const width = header.columnCount;
    rows.forEach((row, i) => {
      if (row.length !== width)
        throw new RangeError(`row ${i} has ${row.length} values for ${width} columns`);
      row.forEach((v, c) => checkCell(v, `row ${i}, column ${c}`));
    });
    // Rows go in with their text blank; the text follows in the same sync, into cells formatted
    // "@" first (see the file comment). Each row is sent up to three times: the added row, its
    // formats and its text.
    const rowBytes = (r: number) => 3 * rowJsonBytes(rows[r] ?? []) + 8 * width;
    const budget = options.maxBlockBytes ?? DEFAULT_MAX_BLOCK_BYTES;
    const send = (start: number, end: number) =>
      syncWithEventsOff(
        run,
        context,
        () => {
          const block = rows.slice(start, end);
          const blank = block.map((row) => row.map((v) => (isText(v) ? "" : v)));
          excelTable.rows.add(undefined, blank);
          if (!block.some((row) => row.some(isText))) return [blank];
          const added = excelTable
            .getDataBodyRange()
            .getLastRow()
            .getOffsetRange(-(block.length - 1), 0)
            .getResizedRange(block.length - 1, 0);
          const formats = block.map((row) => row.map((v) => (isText(v) ? TEXT_FORMAT : null)));
          const text = block.map((row) => row.map((v): CellInput => (isText(v) ? v : null)));
          added.numberFormat = formats;
          added.values = text;
          return [blank, formats, text];
        },
        { suspendCalculation: true },
      );
    for (const [start, end] of planBlocks(rows.length, rowBytes, budget)) {
      options.signal?.throwIfAborted();
      await sendInHalves(start, end, send);
    }
    const info = queueTableInfo(excelTable);
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
    const excelTable = context.workbook.tables.getItem(table);
    for (const width of columns) {
      const column = excelTable.columns.getItem(width.header).getRange();
      if (width.widthPoints !== undefined) column.format.columnWidth = width.widthPoints;
      else column.format.autofitColumns();
    }
    await context.sync();
  });
}

/** `Workbook.addColumns`: one sync to check the names, one to add them. */
export function addColumns(run: ExcelRun, table: string, headers: string[]) {
  return run(async (context) => {
    const excelTable = context.workbook.tables.getItem(table).load("name");
    const cols = excelTable.columns.load("items/name");
    await context.sync();
    const taken = new Set(cols.items.map((c) => c.name.toLowerCase()));
    for (const header of headers) {
      if (header.trim() === "")
        throw new WorkbookHostError(HOST_ERROR_CODES.invalidArgument, "empty column header");
      if (taken.has(header.toLowerCase())) {
        throw new WorkbookHostError(
          HOST_ERROR_CODES.invalidArgument,
          `table ${excelTable.name} already has a column "${header}"`,
        );
      }
      taken.add(header.toLowerCase());
    }
    let info: (() => TableInfo) | undefined;
    await syncWithEventsOff(run, context, () => {
      for (const header of headers) excelTable.columns.add(undefined, undefined, header);
      info = queueTableInfo(excelTable);
    });
    return info!();
  });
}

/**
 * `Workbook.setColumnHighlight`: one sync for the column's first cell, one for its rule. A custom
 * rule's formula is relative to the range's top-left cell ("Apply conditional formatting to Excel
 * ranges", custom formula), in English function names.
 */
export function setColumnHighlight(run: ExcelRun, table: string, header: string, highlight: ColumnHighlight) {
  return run(async (context) => {
    const body = context.workbook.tables.getItem(table).columns.getItem(header).getDataBodyRange();
    const first = body.getCell(0, 0).load("address");
    await context.sync();
    const cell = first.address.slice(first.address.lastIndexOf("!") + 1);
    const tests = highlight.texts.map((t) => `${cell}="${t.replace(/"/g, '""')}"`);
    await syncWithEventsOff(run, context, () => {
      body.conditionalFormats.clearAll();
      const rule = body.conditionalFormats.add("Custom");
      rule.custom.rule.formula = tests.length === 1 ? `=${tests[0]}` : `=OR(${tests.join(",")})`;
      rule.custom.format.fill.color = highlight.fill;
      if (highlight.font !== undefined) rule.custom.format.font.color = highlight.font;
    });
  });
}
