/**
 * The Workbook port: the only way the add-in's model and workflows touch a workbook.
 *
 * One implementation: `OfficeWorkbook` in src/excel, over Office.js in Excel and over the fake
 * Excel of src/excel/fake in tests, benchmarks and the preview (`createMemoryWorkbook`). The port
 * is shaped by Office.js so that the adapter stays thin:
 * - every method is async, and each call maps to a bounded number of `context.sync()` calls
 *   (documented per method), never a sync per row;
 * - large tables are read and written in row blocks whose JSON stays under a byte budget,
 *   because Excel on the web rejects request/response payloads above 5 MB
 *   ("Resource limits and performance optimization for Office Add-ins"; see ./blocks.ts);
 * - a read cannot know its rows' size in advance, so a read block may still be refused by the
 *   host (Office.js error `code` "ResponsePayloadSizeLimitExceeded"). Every implementation then
 *   halves that block and reads it again, down to one row, through `readSizedBlock` and
 *   `BlockSizer.shrink` (./blocks.ts); a single row above the limit fails with
 *   `RowTooLargeError` (its worksheet row number). A refused attempt costs one more sync.
 *   The fake Excel emulates the refusal (its `payloadLimitBytes` option, 5 MB by default);
 * - cell values follow `Range.values`: string, number or boolean, and "" for an empty cell.
 *
 * Rows are addressed by their 0-based index among a table's data rows (header and totals row
 * excluded); where a person needs to see a row, use the 1-based worksheet row number, which the
 * read methods report (`headerRow`, `RowBlock.firstSheetRow`).
 */
import type {
  CellValue,
  RegionInfo,
  TableInfo,
  SheetInfo,
  RowBlock,
  ReadRowsOptions,
  ColumnWrite,
  ColumnWidth,
  WriteOptions,
  NewTableSpec,
  RowRange,
  CellsWrite,
  TableChange,
  Unsubscribe,
  ColumnHighlight,
  JsonValue,
} from "./port-shapes";

// The shapes the port speaks in, where the add-in has always found them.
export {
  TEXT_FORMAT,
  DEFAULT_MAX_BLOCK_BYTES,
  sitsAt,
  type CellValue,
  type RegionInfo,
  type TableInfo,
  type SheetInfo,
  type SheetVisibility,
  type RowBlock,
  type ReadRowsOptions,
  type ColumnWrite,
  type ColumnWidth,
  type WriteOptions,
  type ColumnValidation,
  type NewColumn,
  type NewTableSpec,
  type RowRange,
  type CellsWrite,
  type TableChange,
  type Unsubscribe,
  type ColumnHighlight,
  type JsonValue,
} from "./port-shapes";

export interface Workbook {
  /** Every worksheet, in tab order. One sync. */
  listSheets(): Promise<SheetInfo[]>;

  /** Every table with its header and size. One sync. */
  listTables(): Promise<TableInfo[]>;

  /** One table by name (case-insensitive, as Excel table names are), or null. One sync. */
  getTable(name: string): Promise<TableInfo | null>;

  /**
   * A table's data rows (header and totals row excluded), in blocks. One sync per block.
   * The table must not change while it is read; a table that shrank ends the iteration early.
   * A block the host refuses for its size is halved and read again (one extra sync per refusal;
   * see the file comment); one row too large to read is a `RowTooLargeError`.
   */
  readTableRows(name: string, options?: ReadRowsOptions): AsyncIterable<RowBlock>;

  /**
   * Some data rows of a table, with the table's facts read in the same sync (one sync in all), so
   * the caller can tell whether the table moved since it placed the rows (header, row count).
   * Rows past the table's end are left out. For a few rows (live validation); a large read goes
   * through `readTableRows`, which keeps each sync under the payload limit.
   */
  readTableRowRanges(
    name: string,
    ranges: readonly RowRange[],
  ): Promise<{ table: TableInfo; blocks: RowBlock[] }>;

  /**
   * A sheet's used range when the data is not in a table: its first row is taken as the header.
   * Null when the sheet is empty. One sync.
   */
  getUsedRange(sheet: string): Promise<RegionInfo | null>;

  /**
   * The used range's rows below its first row, in blocks. One sync per block; a block refused
   * for its size is halved and read again, as in `readTableRows`.
   */
  readUsedRangeRows(sheet: string, options?: ReadRowsOptions): AsyncIterable<RowBlock>;

  /**
   * Turns a sheet's used range into a table (first row as header), so its columns can be
   * written back. Fails when the range overlaps a table. One sync.
   */
  convertUsedRangeToTable(sheet: string, table: string): Promise<TableInfo>;

  /**
   * Writes whole columns of a table (values by data row, optional number format), in row
   * blocks under the byte budget: one sync per block for all the given columns together.
   * Strings stay text: in a column written without a number format, the cells that get a
   * non-empty string are formatted as text ("@") first, since Excel would read "1-2" as a date
   * and "10%" as 0.1; a column written with a format takes values as Excel takes them typed in
   * (in en-US). API text still goes through `safeText` (./safe-text.ts) first.
   */
  writeColumns(table: string, columns: ColumnWrite[], options?: WriteOptions): Promise<void>;

  /**
   * Writes some cells of some table columns (e.g. the status cells of the rows people just
   * edited), in one sync whatever the table's size. For a few rows: whole columns go through
   * `writeColumns`. Strings as in `writeColumns` (API text through `safeText`). Rows are the
   * table's data rows as they are when the cells are written: a row the table no longer has (it
   * shrank) fails the write, and nothing is written below the table.
   */
  writeTableCells(table: string, columns: CellsWrite[]): Promise<void>;

  /** Adds empty columns on the right of a table, in order. Existing headers fail. One sync. */
  addColumns(table: string, headers: string[]): Promise<TableInfo>;

  /**
   * Sets the width of table columns, by header: `widthPoints` given, that width; otherwise the
   * best fit for their current data (Office.js `RangeFormat.columnWidth` and
   * `RangeFormat.autofitColumns()`, ExcelApi 1.2). A header the table lacks fails. One sync.
   */
  setColumnWidths(table: string, columns: ReadonlyArray<ColumnWidth>): Promise<void>;

  /**
   * Appends data rows at the bottom of a table (above its totals row), each with one value per
   * header column, in row blocks under the byte budget: one sync per block. Cells below the
   * table, in its columns, move down (Office.js `TableRowCollection.add(null, values)`); new
   * cells take the number format of the last data row, as Excel extends a table's formatting.
   * Strings stay text, as in `writeColumns` (API text through `safeText`).
   * Returns the table as it is now.
   */
  appendRows(table: string, rows: CellValue[][], options?: WriteOptions): Promise<TableInfo>;

  /**
   * Creates a sheet holding one formatted table (number formats, widths, validation, frozen
   * header, totals row). The rows are written in blocks under the byte budget: one sync for the
   * sheet and table, one per block, one for the formatting.
   */
  createSheetWithTable(spec: NewTableSpec): Promise<TableInfo>;

  /**
   * Appends rows to the hidden run-log sheet (created hidden on first use, named
   * `RUN_LOG_SHEET`). Rows are appended after the last used row. One sync (two on creation).
   */
  appendRunLog(rows: CellValue[][]): Promise<void>;

  /** Every run-log row, oldest first; [] when there is no log yet. One sync per block. */
  readRunLog(): Promise<CellValue[][]>;

  /**
   * Reads a non-secret add-in setting kept inside the workbook file (Office.js
   * `Workbook.settings`), or undefined.
   */
  getSetting(key: string): Promise<JsonValue | undefined>;

  /**
   * Keeps a non-secret add-in setting inside the workbook file (e.g. the column mapping).
   *
   * NEVER store the API token (or any credential or personal data) here: workbook settings
   * travel inside the .xlsx to everyone the file is shared with (docs/architecture.md §2 "Token"; API
   * document, Authentication rule 5). The token lives in the per-user token store of src/excel.
   */
  setSetting(key: string, value: JsonValue): Promise<void>;

  /** Removes a setting; absent keys are ignored. */
  removeSetting(key: string): Promise<void>;

  /**
   * Calls `listener` after people change cells of a table (Office.js `Table.onChanged`), for live
   * validation. Writes made through this port are not reported (the Office host turns events off
   * while it writes). One sync to subscribe; on the Office host, one sync per change to place it.
   * The table is found by name when subscribing and followed if it is renamed later.
   */
  onTableChanged(table: string, listener: (change: TableChange) => void): Promise<Unsubscribe>;

  /** Selects one data cell of a table (and shows its sheet), e.g. the cell a problem is about. Two syncs. */
  selectTableCell(table: string, rowIndex: number, header: string): Promise<void>;

  /**
   * Gives a table column exactly one conditional-format rule (replacing the rules on its data
   * cells): cells whose text is one of `highlight.texts` get its colours. Excel keeps applying it
   * as people type and as rows are added. Two syncs.
   */
  setColumnHighlight(table: string, header: string, highlight: ColumnHighlight): Promise<void>;
}

/** Name of the hidden sheet that holds the run log. */
export const RUN_LOG_SHEET = "ValePix_Log";
