/**
 * Reading through Office.js: table facts and row blocks. Each function is one or a few
 * `Excel.run` batches with one `context.sync()` per block, loading only what it needs
 * ("Performance optimization using the Excel JavaScript API": load only the properties you use,
 * batch, https://learn.microsoft.com/office/dev/add-ins/excel/performance).
 */
import { BlockSizer, readSizedBlock } from "../workbook/blocks";
import type { CellValue, ReadRowsOptions, RegionInfo, RowBlock, RowRange, TableInfo } from "../workbook/port";
import { HOST_ERROR_CODES, WorkbookHostError } from "./errors";
import type { ExcelRun, RangeApi, TableApi } from "./office-api";

/** Queues the loads of a table's facts; call the returned function after the sync. */
export function queueTableInfo(table: TableApi): () => TableInfo {
  table.load("name,showTotals");
  const sheet = table.worksheet.load("name");
  const header = table.getHeaderRowRange().load("values,rowIndex,columnIndex");
  const body = table.getDataBodyRange().load("rowCount");
  return () => ({
    name: table.name,
    sheet: sheet.name,
    header: (header.values[0] ?? []).map((h) => String(h)),
    rowCount: body.rowCount,
    headerRow: header.rowIndex + 1,
    firstColumn: header.columnIndex,
    hasTotalsRow: table.showTotals,
  });
}

/** Every table: one sync for the names, one for the facts. */
export function listTables(run: ExcelRun): Promise<TableInfo[]> {
  return run(async (context) => {
    const tables = context.workbook.tables.load("items/name");
    await context.sync();
    const infos = tables.items.map((t) => queueTableInfo(t));
    if (infos.length > 0) await context.sync();
    return infos.map((info) => info());
  });
}

/** One table by name, or null: one sync to find it, one for its facts. */
export function getTable(run: ExcelRun, name: string): Promise<TableInfo | null> {
  return run(async (context) => {
    const table = context.workbook.tables.getItemOrNullObject(name);
    table.load("name");
    await context.sync();
    if (table.isNullObject) return null;
    const info = queueTableInfo(table);
    await context.sync();
    return info();
  });
}

/**
 * Some data rows of a table and its facts, in one sync: each range is the data body's first row
 * moved down and grown (positions relative to the table, wherever it sits now). Rows past the
 * table's end, read from below it, are dropped after the sync. With the table's id, so a caller
 * can keep its position for the change events to come.
 */
export function readTableRowRanges(
  run: ExcelRun,
  name: string,
  ranges: readonly RowRange[],
): Promise<{ id: string; table: TableInfo; blocks: RowBlock[] }> {
  return run(async (context) => {
    const excelTable = context.workbook.tables.getItem(name).load("id");
    const info = queueTableInfo(excelTable);
    const wanted = ranges.filter((r) => r.rowCount > 0 && r.firstRow >= 0);
    const reads = wanted.map((r) =>
      excelTable
        .getDataBodyRange()
        .getRow(0)
        .getOffsetRange(r.firstRow, 0)
        .getResizedRange(r.rowCount - 1, 0)
        .load("values"),
    );
    await context.sync();
    const table = info();
    const blocks = wanted
      .map((r, i) => ({
        offset: r.firstRow,
        firstSheetRow: table.headerRow + 1 + r.firstRow,
        rows: reads[i]!.values.slice(0, Math.max(0, table.rowCount - r.firstRow)),
      }))
      .filter((b) => b.rows.length > 0);
    return { id: excelTable.id, table, blocks };
  });
}

interface Region {
  /** Range of the region's rows `offset`..`offset+count-1`, full width, in the given context. */
  rows(context: Parameters<Parameters<ExcelRun>[0]>[0], offset: number, count: number): RangeApi;
  /** Loads (in the same sync) how many data rows the region has now and where row 0 sits. */
  size(context: Parameters<Parameters<ExcelRun>[0]>[0]): () => { rowCount: number; firstSheetRow: number };
}

/**
 * Reads a region's rows in blocks: one `Excel.run` per block with one sync in it, which loads the
 * block's values and the region's current size together, so a region that shrank ends the
 * iteration instead of reading past it. A block refused for its size is halved and read again
 * (../workbook/blocks.ts `readSizedBlock`).
 */
export async function* readRegion(
  run: ExcelRun,
  region: Region,
  options: ReadRowsOptions,
): AsyncIterable<RowBlock> {
  const sizer = new BlockSizer(options);
  let offset = 0;
  let known: number | undefined;
  let base: number | undefined;
  for (;;) {
    options.signal?.throwIfAborted();
    if (known !== undefined && offset >= known) return;
    let firstSheetRow = 0;
    const remaining = known === undefined ? Number.MAX_SAFE_INTEGER : known - offset;
    const { value: rows } = await readSizedBlock(sizer, remaining, (base ?? 1) + offset, (count) =>
      run(async (context) => {
        const range = region.rows(context, offset, count).load("values");
        const size = region.size(context);
        // One sync per block of thousands of rows (sized under the payload limit), not per row.
        // eslint-disable-next-line office-addins/no-context-sync-in-loop
        await context.sync();
        const regionSize = size();
        known = regionSize.rowCount;
        base = regionSize.firstSheetRow;
        firstSheetRow = regionSize.firstSheetRow + offset;
        // Excel gives null, not an error, for a get over five million cells ("a range is limited
        // to five million cells for get operations", on every platform: "Resource limits and
        // performance optimization for Office Add-ins"; OfficeDev/office-js#4783, #6781): the
        // block is refused as one too large, and read again in halves.
        const values = range.values as CellValue[][] | null;
        if (values === null)
          throw new WorkbookHostError(
            HOST_ERROR_CODES.responsePayloadSizeLimitExceeded,
            `Excel gave no values for ${count} rows: above its five-million-cell limit for a get.`,
          );
        // Rows past the region's end (it shrank, or the first block was larger) are not its rows.
        return values.slice(0, Math.max(0, regionSize.rowCount - offset));
      }),
    );
    if (rows.length === 0) return;
    sizer.observe(rows);
    yield { offset, firstSheetRow, rows };
    offset += rows.length;
  }
}

/** A table's data rows: `body.getRow(0)` moved down by `offset` and grown to `count` rows. */
export function tableRegion(name: string): Region {
  return {
    rows: (context, offset, count) =>
      context.workbook.tables
        .getItem(name)
        .getDataBodyRange()
        .getRow(0)
        .getOffsetRange(offset, 0)
        .getResizedRange(count - 1, 0),
    size: (context) => {
      const body = context.workbook.tables.getItem(name).getDataBodyRange().load("rowCount,rowIndex");
      return () => ({ rowCount: body.rowCount, firstSheetRow: body.rowIndex + 1 });
    },
  };
}

/** Rows of a fixed rectangle of a sheet (a used range, measured once before the reading). */
export function sheetRegion(
  sheet: string,
  box: { top: number; left: number; rows: number; cols: number },
): Region {
  return {
    rows: (context, offset, count) =>
      context.workbook.worksheets
        .getItem(sheet)
        .getRangeByIndexes(box.top + offset, box.left, count, box.cols),
    size: () => () => ({ rowCount: box.rows, firstSheetRow: box.top + 1 }),
  };
}

/** The used range of a sheet (by values), or null when it is blank: one sync. */
export function usedBox(
  run: ExcelRun,
  sheet: string,
): Promise<{ top: number; left: number; rows: number; cols: number } | null> {
  return run(async (context) => {
    const used = context.workbook.worksheets.getItem(sheet).getUsedRangeOrNullObject(true);
    used.load("rowIndex,columnIndex,rowCount,columnCount");
    await context.sync();
    if (used.isNullObject) return null;
    return { top: used.rowIndex, left: used.columnIndex, rows: used.rowCount, cols: used.columnCount };
  });
}

/** A sheet's used range with its first row as the header: two syncs (one when blank). */
export async function getUsedRegion(run: ExcelRun, sheet: string): Promise<RegionInfo | null> {
  const box = await usedBox(run, sheet);
  if (!box) return null;
  const header = await run(async (context) => {
    const ws = context.workbook.worksheets.getItem(sheet).load("name");
    const headerCells = ws.getRangeByIndexes(box.top, box.left, 1, box.cols).load("values");
    await context.sync();
    return { name: ws.name, values: headerCells.values[0] ?? [] };
  });
  return {
    sheet: header.name,
    header: header.values.map((h: CellValue) => String(h)),
    rowCount: box.rows - 1,
    headerRow: box.top + 1,
    firstColumn: box.left,
  };
}
