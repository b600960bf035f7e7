/**
 * A plain snapshot of a workbook: what the spreadsheet view draws and what the .xlsx converter
 * (./xlsx.ts) writes and reads. It is data, not an emulation: the workbook itself is the fake
 * Excel of src/excel, and ./fake-io.ts reads a snapshot out of it and builds a fake from one,
 * through the Excel JavaScript API the add-in uses. Plain data, so a page reload (the language
 * switch, an opened file) can carry it in IndexedDB (./workbook-store.ts).
 */
import type { CellValue, JsonValue, SheetVisibility } from "../workbook/port";

export interface CellSnapshot {
  /** The value as `Range.values` reads it ("" is empty; a formula's last computed value). */
  value: CellValue;
  /** Formula text starting with "=", when the cell holds one. */
  formula?: string;
  /** A value spilled by a formula elsewhere (not stored: the formula spills it again). */
  spilled?: true;
  /** The formula in the workbook's culture (`Range.formulasLocal`), when it differs. */
  formulaLocal?: string;
  /** Excel number format code; absent is "General". "@" is text. */
  format?: string;
}

export interface TableSnapshot {
  name: string;
  /** A1 range of the whole table: header row, data rows and totals row when shown. */
  ref: string;
  /** Header texts, left to right. */
  columns: string[];
  hasTotalsRow: boolean;
}

/**
 * A rule colouring cells where `formula` (written for the top-left cell of `ref`, as Excel's
 * custom conditional formats are) is true: the adapter's status colours.
 */
export interface ConditionalFormatSnapshot {
  ref: string;
  formula: string;
  /** Colours as "#RRGGBB". */
  fill?: string;
  font?: string;
}

export interface SheetSnapshot {
  name: string;
  visibility: SheetVisibility;
  /** Cells by A1 address ("B3"); absent cells are empty with the General format. */
  cells: Record<string, CellSnapshot>;
  tables: TableSnapshot[];
  /** Column widths in points, by 0-based column index. */
  columnWidths: Record<number, number>;
  /** Rows frozen at the top (0 = none). */
  frozenRows: number;
  conditionalFormats: ConditionalFormatSnapshot[];
  /** Native charts on the sheet, with what they plot now (not kept in saved files). */
  charts?: ChartSnapshot[];
}

/** A chart and what it plots from its cells (src/excel/fake/charts.ts `plotted`). */
export interface ChartSnapshot {
  name: string;
  type: string;
  title: string;
  /** The range it plots ("Conciliação ValePix!A14:C20"). */
  source: string;
  /** The categories as their cells show them. */
  labels: string[];
  series: Array<{ name: string; values: Array<number | null> }>;
}

export interface WorkbookSnapshot {
  sheets: SheetSnapshot[];
  /** The workbook's own settings (`Workbook.settings`): saved inside the file, as in Excel. */
  settings: Record<string, JsonValue>;
  /** Name of the active sheet. */
  activeSheet?: string;
}

export function emptySheet(name: string, visibility: SheetVisibility = "visible"): SheetSnapshot {
  return { name, visibility, cells: {}, tables: [], columnWidths: {}, frozenRows: 0, conditionalFormats: [] };
}

// ---------------------------------------------------------------------------------------------
// A1 addresses (0-based row and column inside the code, 1-based rows and letters on screen)

/** 0 → "A", 25 → "Z", 26 → "AA". */
export function columnLetters(column: number): string {
  let remaining = column + 1;
  let out = "";
  while (remaining > 0) {
    const rem = (remaining - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    remaining = Math.floor((remaining - 1) / 26);
  }
  return out;
}

export function columnIndex(letters: string): number {
  let index = 0;
  for (const ch of letters.toUpperCase()) index = index * 26 + (ch.charCodeAt(0) - 64);
  return index - 1;
}

export function a1(row: number, column: number): string {
  return `${columnLetters(column)}${row + 1}`;
}

export interface CellRef {
  row: number;
  column: number;
}

export function parseA1(address: string): CellRef {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(address.trim());
  if (!match?.[1] || !match[2]) throw new Error(`not a cell address: ${address}`);
  return { row: Number(match[2]) - 1, column: columnIndex(match[1]) };
}

export interface RangeRef {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** "A1:C4" (or a single cell) → inclusive 0-based bounds. */
export function parseRange(ref: string): RangeRef {
  const [from = "", to = from] = ref.split(":");
  const start = parseA1(from);
  const end = parseA1(to);
  return {
    top: Math.min(start.row, end.row),
    left: Math.min(start.column, end.column),
    bottom: Math.max(start.row, end.row),
    right: Math.max(start.column, end.column),
  };
}

export function formatRange(range: RangeRef): string {
  return `${a1(range.top, range.left)}:${a1(range.bottom, range.right)}`;
}

/** The bounding box of a sheet's cells and tables, or null when it has none. */
export function usedBounds(sheet: SheetSnapshot): RangeRef | null {
  let box: RangeRef | null = null;
  const grow = (range: RangeRef) => {
    box = box
      ? {
          top: Math.min(box.top, range.top),
          left: Math.min(box.left, range.left),
          bottom: Math.max(box.bottom, range.bottom),
          right: Math.max(box.right, range.right),
        }
      : range;
  };
  for (const [address, cell] of Object.entries(sheet.cells)) {
    if (cell.value === "" && cell.formula === undefined) continue;
    const { row, column } = parseA1(address);
    grow({ top: row, left: column, bottom: row, right: column });
  }
  for (const table of sheet.tables) grow(parseRange(table.ref));
  return box;
}
