/**
 * A sheet the add-in builds for a person to read and keep: labels, formulas and number formats in
 * cells, and a native chart over some of them (the VALEPIX reconciliation sheet,
 * src/features/functions). The port is beside the Workbook port (./port.ts); src/excel implements
 * it over Office.js (`Range.formulas`, `Worksheet.charts`), and the fake Excel runs it in tests
 * and the preview.
 *
 * Formulas are written in Excel's invariant form (`Range.formulas`: English function names, comma
 * separators, whatever the person's language; "Range.formulas" vs "Range.formulasLocal", Excel
 * JavaScript API reference): Excel shows them in the person's language. Text that comes from data
 * must go through `safeText` (./safe-text.ts) before it is a `value`.
 */
import type { CellValue } from "./port";

export interface FormulaSheetCell {
  /** A1 address of one cell on the sheet ("B4"). */
  address: string;
  /** A formula ("=SUM(B1:B3)"), written through `Range.formulas`. */
  formula?: string;
  /** A value, written through `Range.values` (ignored when there is a formula). */
  value?: CellValue;
  numberFormat?: string;
}

interface FormulaSheetChart {
  /** The chart's name on the sheet: building again replaces the chart of that name. */
  name: string;
  type: "ColumnClustered" | "BarClustered" | "Line" | "LineMarkers";
  /** A1 range on the sheet it plots ("A13:C19"). */
  source: string;
  seriesBy: "Columns" | "Rows";
  title: string;
  /** The cells it covers, top-left and bottom-right ("E3", "L19"). */
  from: string;
  to: string;
}

export interface FormulaSheetSpec {
  /** The sheet's name: created when missing; built again, its cells are rewritten in place. */
  name: string;
  cells: FormulaSheetCell[];
  /** Number formats over ranges ("N2:N5001"), e.g. for the cells a dynamic array spills into. */
  formats?: Array<{ range: string; numberFormat: string }>;
  /** Column widths in points, by column letter. */
  widths?: Record<string, number>;
  chart?: FormulaSheetChart;
  /** Show the sheet when built (default true). */
  activate?: boolean;
}

export interface FormulaSheetPort {
  /** Builds the sheet (in one or two syncs); `created` is false when it was built over an old one. */
  buildSheet(spec: FormulaSheetSpec): Promise<{ created: boolean }>;
}
