/**
 * The in-memory workbook of the tests and benchmarks: the real Office.js adapter
 * (`OfficeWorkbook`, ./office-workbook.ts) over the fake Excel (./fake), so there is one
 * emulation of Excel, and every test that uses a workbook runs the adapter's code as a user's
 * Excel would. Besides the port, it offers what a person sees in the workbook (cells, formats,
 * formulas, totals, layout) and can do there (type into a cell), without syncs.
 *
 *   const wb = createMemoryWorkbook({ tables: [{ name: "Dist", sheet: "Folha", header, rows }] });
 *   await validateTable(wb, "Dist", ...);  wb.cell("Folha", "B2");  wb.stats.syncs;
 */
import type { CellValue, ColumnValidation, NewColumn } from "../workbook/port";
import {
  type FakeExcel,
  type FakeExcelInit,
  type FakeStats,
  type FakeTableInit,
  createFakeExcel,
} from "./fake";
import { OfficeFormulaSheet } from "./formula-sheet";
import { OfficeWorkbook, type OfficeWorkbookOptions } from "./office-workbook";
import { OfficePivotSheet } from "./pivot-sheet";

/** What a memory workbook starts with (cells and tables are stored as given, without conversion). */
export type MemoryWorkbookInit = FakeExcelInit;
export type MemoryTableInit = FakeTableInit;

/** The Workbook port over a fake Excel, with a person's view of the cells. */
export class MemoryWorkbook extends OfficeWorkbook {
  constructor(
    /** The fake Excel underneath (syncs, bytes, and everything `FakeExcel` shows). */
    readonly excel: FakeExcel,
    options?: OfficeWorkbookOptions,
  ) {
    super(excel.run, options);
  }

  /** A workbook holding one table ("Table1" on "Sheet1" unless named) from a header and rows. */
  static fromTable(
    header: string[],
    rows: CellValue[][],
    options: Partial<Omit<MemoryTableInit, "header" | "rows">> &
      Pick<MemoryWorkbookInit, "payloadLimitBytes"> = {},
  ): MemoryWorkbook {
    const { payloadLimitBytes, ...table } = options;
    return createMemoryWorkbook({
      tables: [{ name: "Table1", sheet: "Sheet1", ...table, header, rows }],
      ...(payloadLimitBytes !== undefined ? { payloadLimitBytes } : {}),
    });
  }

  /** The formula-sheet port over the same fake Excel, as the composition root builds it over Excel's. */
  formulaSheet(): OfficeFormulaSheet {
    return new OfficeFormulaSheet(this.excel.run);
  }

  /** The PivotTable port over the same fake Excel. */
  pivotSheet(): OfficePivotSheet {
    return new OfficePivotSheet(this.excel.run);
  }

  /** Syncs and bytes the adapter paid so far (see `FakeStats`). */
  get stats(): FakeStats {
    return this.excel.stats;
  }

  resetStats(): void {
    this.excel.resetStats();
  }

  /** A cell's value by sheet and A1 address, or 0-based row and column. */
  cell(sheet: string, a1: string): CellValue;
  cell(sheet: string, row: number, column: number): CellValue;
  cell(sheet: string, a1OrRow: string | number, column?: number): CellValue {
    return typeof a1OrRow === "string"
      ? this.excel.cell(sheet, a1OrRow)
      : this.excel.cell(sheet, a1OrRow, column ?? 0);
  }

  /** A cell's number format ("General" when none was set). */
  numberFormat(sheet: string, a1: string): string {
    return this.excel.numberFormat(sheet, a1);
  }

  formula(sheet: string, a1: string): string | undefined {
    return this.excel.formula(sheet, a1);
  }

  /** Every formula on every sheet (to prove that API text never became one). */
  allFormulas(): ReturnType<FakeExcel["allFormulas"]> {
    return this.excel.allFormulas();
  }

  /** Values from A1 to the bottom-right used cell. */
  sheetValues(sheet: string): CellValue[][] {
    return this.excel.sheetValues(sheet);
  }

  sheetLayout(sheet: string): ReturnType<FakeExcel["sheetLayout"]> {
    return this.excel.sheetLayout(sheet);
  }

  /** The totals row's values, or null when the table shows none. */
  totalsRow(table: string): CellValue[] | null {
    return this.excel.totalsRow(table);
  }

  activeSheet(): string | undefined {
    return this.excel.activeSheet();
  }

  /**
   * A table's columns as Excel holds them: the header, the data validation over the column's
   * data body (the only rule the add-in sets: a decimal ≥ 0), and the totals row's content.
   */
  tableColumns(
    table: string,
  ): Array<{ header: string; validation?: ColumnValidation; total?: NewColumn["total"] }> {
    const tableModel = this.excel.model.requireTable(table);
    const totalsRow = tableModel.headerRow + 1 + tableModel.rowCount;
    return tableModel.columns.map((col, i) => {
      const column = tableModel.left + i;
      const covered = tableModel.sheet.validations.some(
        ({ box, rule }) =>
          box.left <= column &&
          column < box.left + box.cols &&
          box.top <= tableModel.headerRow + 1 &&
          tableModel.headerRow + tableModel.rowCount < box.top + box.rows &&
          isNonNegativeDecimal(rule),
      );
      const formula = tableModel.showTotals ? tableModel.sheet.cells.formula(totalsRow, column) : undefined;
      const label = tableModel.showTotals ? tableModel.sheet.cells.value(totalsRow, column) : "";
      const total: NewColumn["total"] | undefined = formula?.startsWith("=SUBTOTAL(109,")
        ? { kind: "sum" }
        : formula === undefined && typeof label === "string" && label !== ""
          ? { kind: "label", text: label }
          : undefined;
      return {
        header: col.name,
        ...(covered ? { validation: { kind: "nonNegativeNumber" as const } } : {}),
        ...(total ? { total } : {}),
      };
    });
  }

  /** Types a value into a cell as a person would (raises `Table.onChanged`). */
  typeCell(sheet: string, a1: string, value: CellValue): void {
    this.excel.typeCell(sheet, a1, value);
  }
}

function isNonNegativeDecimal(rule: unknown): boolean {
  const decimal = (rule as { decimal?: { formula1?: unknown; operator?: unknown } } | null)?.decimal;
  return decimal?.operator === "GreaterThanOrEqualTo" && Number(decimal.formula1) === 0;
}

/**
 * A memory workbook with the given content; payloads are limited as on Excel on the web (5 MB).
 * Its culture is pt-BR unless `init` says otherwise: a person typing into it types as the
 * add-in's users do, in Brazilian Excel.
 */
export function createMemoryWorkbook(
  init: MemoryWorkbookInit = {},
  options?: OfficeWorkbookOptions,
): MemoryWorkbook {
  return new MemoryWorkbook(createFakeExcel({ culture: "pt-BR", ...init }), options);
}
