/**
 * The fake workbook as a test, a benchmark or the preview looks at it, as a person would see it:
 * cells, formats, formulas, sheets' layout, tables, charts, the selection and the settings. No
 * syncs and no stats: looking changes nothing. `FakeExcel` (./index.ts) builds on it.
 */
import { parseA1 } from "../../workbook/names";
import type { CellValue } from "../../workbook/port";
import { boxAddress } from "./box";
import type { Box } from "./cells";
import { formulasToLocal } from "./culture";
import { FakeModel, type FakeSheet, type Visibility } from "./model";
import { type PlottedChart, chartsOf, plotted, plottedBox } from "./charts";

export class FakeWorkbookView {
  readonly model = new FakeModel();

  /** A cell's value by sheet and A1 address, or 0-based row and column. */
  cell(sheet: string, a1: string): CellValue;
  cell(sheet: string, row: number, column: number): CellValue;
  cell(sheet: string, a1OrRow: string | number, columnIndex?: number): CellValue {
    const { row, column } =
      typeof a1OrRow === "string" ? parseA1(a1OrRow) : { row: a1OrRow, column: columnIndex ?? 0 };
    return this.sheet(sheet).cells.value(row, column);
  }

  /** A cell's number format ("General" when none was set). */
  numberFormat(sheet: string, a1: string): string {
    const { row, column } = parseA1(a1);
    return this.sheet(sheet).cells.format(row, column);
  }

  formula(sheet: string, a1: string): string | undefined {
    const { row, column } = parseA1(a1);
    return this.sheet(sheet).cells.formula(row, column);
  }

  /** Every formula on every sheet (to prove that API text never became one). */
  allFormulas(): Array<{ sheet: string; row: number; column: number; formula: string }> {
    return this.model.sheets.flatMap((s) =>
      [...s.cells.formulas].map(([key, formula]) => {
        const [row = 0, column = 0] = key.split(":").map(Number);
        return { sheet: s.name, row, column, formula };
      }),
    );
  }

  /** Values from A1 to the bottom-right used cell. */
  sheetValues(sheet: string): CellValue[][] {
    const fakeSheet = this.sheet(sheet);
    const box = this.model.calc.usedBox(fakeSheet);
    if (!box) return [];
    return fakeSheet.cells.read({ top: 0, left: 0, rows: box.top + box.rows, cols: box.left + box.cols });
  }

  sheetNames(): string[] {
    return this.model.sheets.map((s) => s.name);
  }

  sheetLayout(sheet: string): {
    visibility: Visibility;
    frozenRows: number;
    widths: Record<number, number>;
    validations: Array<{ address: string; rule: unknown }>;
    conditionalFormats: Array<{ address: string; formula: string; fill?: string; font?: string }>;
  } {
    const fakeSheet = this.sheet(sheet);
    return {
      visibility: fakeSheet.visibility,
      frozenRows: fakeSheet.frozenRows,
      widths: Object.fromEntries(fakeSheet.widths),
      validations: fakeSheet.validations.map((v) => ({ address: boxAddress(v.box), rule: v.rule })),
      conditionalFormats: fakeSheet.conditionalFormats.map(({ box, ...rest }) => ({
        address: boxAddress(box),
        ...rest,
      })),
    };
  }

  /**
   * What Excel's own window draws of a box: the arrays `Range.values`, `formulas`,
   * `formulasLocal` and `numberFormat` give (./range.ts), read from the model. Excel's grid is
   * not an add-in: drawing it sends no request to anyone.
   */
  cellArrays(
    sheet: string,
    box: Box,
  ): {
    values: CellValue[][];
    formulas: CellValue[][];
    formulasLocal: CellValue[][];
    numberFormat: string[][];
  } {
    const { cells } = this.sheet(sheet);
    const { culture, calc } = this.model;
    const formulas = cells.readFormulas(box);
    return {
      values: cells.read(box),
      formulas,
      formulasLocal: formulasToLocal(formulas, culture, calc.customFunctions?.localNames(culture)),
      numberFormat: cells.readFormats(box),
    };
  }

  /** A sheet's used range by values, spills included (`Worksheet.getUsedRange(true)`), or null when blank. */
  usedAddress(sheet: string): string | null {
    const box = this.model.calc.usedBox(this.sheet(sheet));
    return box && boxAddress(box);
  }

  /** Every table, in the workbook's order (`Workbook.tables`): its header's cells as they read now. */
  allTables(): Array<{
    name: string;
    sheet: string;
    address: string;
    header: string[];
    showTotals: boolean;
  }> {
    return this.model.tables.map((table) => {
      const box = this.model.tableBox(table);
      const header = table.sheet.cells.read({ ...box, rows: 1 })[0] ?? [];
      return {
        name: table.name,
        sheet: table.sheet.name,
        address: boxAddress(box),
        header: header.map(String),
        showTotals: table.showTotals,
      };
    });
  }

  /** A table's place and shape, as the model holds it. */
  table(name: string): {
    sheet: string;
    address: string;
    header: string[];
    rowCount: number;
    showTotals: boolean;
  } {
    const tableModel = this.model.requireTable(name);
    return {
      sheet: tableModel.sheet.name,
      address: boxAddress(this.model.tableBox(tableModel)),
      header: tableModel.columns.map((c) => c.name),
      rowCount: tableModel.rowCount,
      showTotals: tableModel.showTotals,
    };
  }

  /** The totals row's values, or null when the table shows none. */
  totalsRow(table: string): CellValue[] | null {
    const tableModel = this.model.requireTable(table);
    if (!tableModel.showTotals) return null;
    return (
      tableModel.sheet.cells.read({
        top: tableModel.headerRow + 1 + tableModel.rowCount,
        left: tableModel.left,
        rows: 1,
        cols: tableModel.columns.length,
      })[0] ?? []
    );
  }

  /** A sheet's charts: what each was made from, where it sits, and what it plots now. */
  charts(sheet: string): Array<{
    name: string;
    type: string;
    title: string;
    legend: string;
    source: string;
    seriesBy: "Columns" | "Rows";
    position: { from: string; to: string } | undefined;
    plotted: PlottedChart;
  }> {
    return chartsOf(this.sheet(sheet)).map((c) => ({
      name: c.name,
      type: c.type,
      title: c.title,
      legend: c.legendPosition,
      source: `${c.sourceSheet.name}!${boxAddress(plottedBox(c))}`,
      seriesBy: c.seriesBy,
      position: c.position && { from: boxAddress(c.position.from), to: boxAddress(c.position.to) },
      plotted: plotted(c, this.model.culture),
    }));
  }

  activeSheet(): string | undefined {
    return this.model.active?.name;
  }

  /** The selection's sheet and address ("B3", or "B3,D5:E6" for several areas, as Excel joins them). */
  selection(): { sheet: string; address: string } | undefined {
    const selection = this.model.selection;
    if (!selection) return undefined;
    if (!("areas" in selection)) return { sheet: selection.sheet, address: "" };
    return { sheet: selection.sheet, address: selection.areas.map(boxAddress).join(",") };
  }

  settings(): Record<string, unknown> {
    return Object.fromEntries([...this.model.settings].map(([k, v]) => [k, JSON.parse(v) as unknown]));
  }

  protected sheet(name: string): FakeSheet {
    return this.model.requireSheet(name);
  }
}
