/**
 * What the Workbook port (./port.ts) reads, writes and reports: cell values, tables and sheets
 * with their size and place, row blocks, column writes and new tables, table changes, and the
 * settings' JSON, as Office.js shapes them.
 */

/** A cell value as Office.js `Range.values` returns it: "" is an empty cell. */
export type CellValue = string | number | boolean;

/** The Excel number format that makes a cell text (digit strings keep their leading zeros). */
export const TEXT_FORMAT = "@";

/** Default byte budget for one block of JSON: under Excel on the web's 5 MB payload limit. */
export const DEFAULT_MAX_BLOCK_BYTES = 4_000_000;

/** A rectangular region with a header row: a table, or a sheet's used range. */
export interface RegionInfo {
  /** Worksheet name. */
  sheet: string;
  /** Header texts, left to right (an empty header cell is ""). */
  header: string[];
  /** Number of data rows below the header (a table's totals row is not counted). */
  rowCount: number;
  /** 1-based worksheet row number of the header row, as Excel shows it. */
  headerRow: number;
  /** 0-based worksheet column index of the region's first column (0 = column A). */
  firstColumn: number;
}

export interface TableInfo extends RegionInfo {
  /** Table name (unique in the workbook). */
  name: string;
  /** Whether the table shows a totals row under its data rows. */
  hasTotalsRow: boolean;
}

export interface SheetInfo {
  name: string;
  visibility: SheetVisibility;
}

export type SheetVisibility = "visible" | "hidden" | "veryHidden";

/** A block of consecutive data rows. */
export interface RowBlock {
  /** 0-based index of the block's first row among the data rows. */
  offset: number;
  /** 1-based worksheet row number of the block's first row. */
  firstSheetRow: number;
  /** The rows; each row has exactly one value per header column. */
  rows: CellValue[][];
}

export interface ReadRowsOptions {
  /** Fixed number of rows per block. When absent, blocks are sized by `maxBlockBytes`. */
  blockRows?: number;
  /** Byte budget for a block's JSON (default `DEFAULT_MAX_BLOCK_BYTES`). */
  maxBlockBytes?: number;
  /** Stops the iteration (the iterator throws the signal's reason) before the next block. */
  signal?: AbortSignal;
}

export interface ColumnWrite {
  /** Header of an existing table column (matched exactly). */
  header: string;
  /** One value per data row, from row 0; must have exactly `rowCount` entries. */
  values: CellValue[];
  /**
   * Number format for the column's data cells (an Excel format code, e.g. `"@"` for text or
   * `'"R$" #,##0.00'`). It is applied before the values, so text-formatted cells keep
   * digit-only strings such as CPFs as text.
   */
  numberFormat?: string;
}

/** A table column's width: in points, or (without `widthPoints`) fitted to its data. */
export interface ColumnWidth {
  header: string;
  widthPoints?: number | undefined;
}

export interface WriteOptions {
  /** Byte budget per written block (default `DEFAULT_MAX_BLOCK_BYTES`). */
  maxBlockBytes?: number;
  signal?: AbortSignal;
}

/** Data validation on a column's data cells (applies to what people type, as in Excel). */
export type ColumnValidation = { kind: "nonNegativeNumber" };

export interface NewColumn {
  header: string;
  /** Excel number format code for the data cells (and the totals cell). `"@"` is text. */
  numberFormat?: string;
  /** Column width in points (Office.js `format.columnWidth`). */
  widthPoints?: number;
  validation?: ColumnValidation;
  /** What the totals row shows under this column. */
  total?: { kind: "sum" } | { kind: "label"; text: string };
}

export interface NewTableSpec {
  /** Sheet name: must not exist yet (see `uniqueSheetName` in ./names.ts). */
  sheet: string;
  /** Table name: must not exist yet (see `uniqueTableName`). */
  table: string;
  columns: NewColumn[];
  /** Data rows; each row has one value per column. Values are written as `Range.values` would. */
  rows: CellValue[][];
  /** Freeze the header row (and everything above it). Default true. */
  freezeHeader?: boolean;
  /** Show a totals row under the data rows. Default false. */
  totalsRow?: boolean;
  /** Make the new sheet the active one. Default true. */
  activate?: boolean;
}

/** Consecutive data rows of a table: `firstRow` (0-based) and the `rowCount` rows after it. */
export interface RowRange {
  firstRow: number;
  rowCount: number;
}

/** Some cells of one table column: values by 0-based data row (live validation's status cells). */
export interface CellsWrite {
  /** Header of an existing table column. */
  header: string;
  cells: ReadonlyArray<{ rowIndex: number; value: CellValue }>;
  /** Number format for these cells, as in `ColumnWrite.numberFormat`. */
  numberFormat?: string;
}

/**
 * A change made to a table's cells by a person (or a co-author), reported by `onTableChanged`.
 * The workbook's own writes through this port are not reported.
 */
export interface TableChange {
  table: string;
  /** 0-based index of the first data row touched (rows above the data, the header, are cut off). */
  firstRow: number;
  /** Number of data rows touched from `firstRow`; 0 when only the header or totals row changed. */
  rowCount: number;
  /**
   * 0-based index of the first table column touched, and how many from it: a change to the
   * add-in's own columns only (status, message, total) is the add-in's write, to be ignored.
   */
  firstColumn: number;
  columnCount: number;
  /**
   * Rows or columns were inserted or deleted, or a header changed: row indexes and the mapping
   * may have moved, so re-read the table instead of the rows.
   */
  structural: boolean;
  /**
   * The table's position the change was placed against, when the adapter placed it from what it
   * last knew rather than asking Excel (`Table.onChanged` gives only the address). Who reads the
   * changed rows compares it with the table as read in the same sync, and re-reads the whole
   * table when they differ.
   */
  placedOn?: TablePlace;
}

/** Where a table sits: its header's sheet row (1-based), first column (0-based), width and data rows. */
export interface TablePlace {
  headerRow: number;
  firstColumn: number;
  columnCount: number;
  rowCount: number;
}

/** Whether `table` sits at `place` (same header row, first column, width and data rows). */
export function sitsAt(table: TableInfo, place: TablePlace): boolean {
  return (
    table.headerRow === place.headerRow &&
    table.firstColumn === place.firstColumn &&
    table.header.length === place.columnCount &&
    table.rowCount === place.rowCount
  );
}

/** Stops a subscription; calling it twice is harmless. */
export type Unsubscribe = () => void;

/** The one conditional-format rule of a column: cells whose text is one of `texts` are coloured. */
export interface ColumnHighlight {
  /** Exact cell texts to colour (e.g. the "Erro" and "Falhou" statuses). */
  texts: string[];
  /** Fill colour, "#RRGGBB". */
  fill: string;
  /** Font colour, "#RRGGBB". */
  font?: string;
}

/** A JSON value that can be kept in the workbook's settings. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
