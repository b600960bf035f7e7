/**
 * A native PivotTable the add-in builds over a table of the workbook (the ledger), with a column
 * chart of its body beside it: a person reads it, filters it and refreshes it in Excel. The port is
 * beside the Workbook port (./port.ts); src/excel implements it over Office.js's PivotTable API
 * (ExcelApi 1.8), and the fake Excel runs it in tests and the preview.
 *
 * The pivot sums one column of the source (the amount) by one column on rows (the cost centre) and
 * one on columns (the product), with an optional report filter (the month) left at "(All)": a
 * person picks the month in Excel (filtering from the add-in needs `PivotField.applyFilter`,
 * ExcelApi 1.12, newer than the manifest's minimum). Columns are found by their header; a header
 * missing from the source is an error that names it.
 */
import type { CellValue } from "./port";

/** A clustered column chart of the pivot's body: row labels × column items, without grand totals. */
interface PivotChartSpec {
  /** The chart's name on the sheet: building again re-points the chart of that name. */
  name: string;
  title: string;
  /** The cells it covers, top-left and bottom-right ("H3", "P20"). */
  from: string;
  to: string;
}

export interface PivotSheetSpec {
  /** The sheet the pivot is on: created when missing (not activated unless `activate`). */
  sheet: string;
  /** The PivotTable's name: building again finds it by this name, keeps it and refreshes it. */
  name: string;
  /** The source table's name (the ledger, e.g. "ValePix_Historico"). */
  source: string;
  /** Header of the source column on rows (the cost centre). */
  rows: string;
  /** Header of the source column on columns (the product). */
  columns: string;
  /** Header of the source column summed (the amount). */
  values: string;
  /** Number format of the sums (and their totals). */
  valuesNumberFormat?: string;
  /** Header of the report filter (the month), shown two rows above the body at "(All)". */
  filter?: string;
  /** Top-left cell of the pivot's body ("A3": with a filter, the two rows above hold it). */
  at: string;
  chart?: PivotChartSpec;
  /** Show the sheet when built (default false). */
  activate?: boolean;
}

/** The pivot's body (without its filter area) as Excel shows it. */
export interface PivotSheetCells {
  /** "Sheet!A3:E9". */
  address: string;
  values: CellValue[][];
}

export interface PivotSheetPort {
  /** Creates the pivot (and its chart), or refreshes the existing one; its cells as Excel shows them. */
  buildPivot(spec: PivotSheetSpec): Promise<PivotSheetCells & { created: boolean }>;
  /**
   * Refreshes the named pivot from its source's rows now (the table may have grown) and re-points
   * the named chart at its new body; null when the pivot does not exist.
   */
  refreshPivot(target: { sheet: string; name: string; chart?: string }): Promise<PivotSheetCells | null>;
}
