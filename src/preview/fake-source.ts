/**
 * The spreadsheet view's `SheetSource` over the fake Excel (src/excel/fake), the same workbook
 * the add-in's adapter (`OfficeWorkbook`) reads and writes through `Excel.run`. The page gives
 * the add-in `run` below as its `Excel.run`: the fake's own, followed by a redraw. A person's
 * typing goes through the fake's `typeCell`, which stores the value by Excel's rules and raises
 * `Table.onChanged`, as an edit in Excel does ("Table.onChanged",
 * https://learn.microsoft.com/javascript/api/excel/excel.table#excel-excel-table-onchanged-member).
 */
import type { ExcelRun } from "../excel";
import type { FakeExcel } from "../excel/fake";
import { readSnapshot } from "./fake-io";
import type { DisplayLocale } from "./format";
import { parseRange } from "./snapshot";
import type { CellSelection, SheetSource } from "./sheet-source";
import type { WorkbookSnapshot } from "./snapshot";

export class FakeSheetSource implements SheetSource {
  private readonly listeners = new Set<() => void>();
  /** Changes signalled so far: a snapshot read since the last one is the workbook as it is now. */
  private changes = 0;
  private latest: { changes: number; snapshot: Promise<WorkbookSnapshot> } | undefined;

  constructor(
    readonly excel: FakeExcel,
    locale: DisplayLocale,
  ) {
    // The preview's Excel runs in the display language's culture: typing reads as it does there.
    excel.setCulture(locale);
    // A custom function's answer changes cells without a sync: redraw then too.
    excel.onRecalculated(() => this.changed());
  }

  /** `Excel.run` for the add-in: the fake's, then a redraw of what the batch changed. */
  readonly run: ExcelRun = async (batch) => {
    try {
      return await this.excel.run(batch);
    } finally {
      this.changed();
    }
  };

  /**
   * The workbook, read once per change: the view's redraw and the page's keeping ask for it
   * after the same changes, and reading 8,000 rows takes a second or more.
   */
  snapshot(): Promise<WorkbookSnapshot> {
    if (this.latest?.changes !== this.changes) {
      const latest = { changes: this.changes, snapshot: readSnapshot(this.excel) };
      // A failed read is not kept: the next caller reads again.
      latest.snapshot.catch(() => {
        if (this.latest === latest) this.latest = undefined;
      });
      this.latest = latest;
    }
    return this.latest.snapshot;
  }

  selection(): CellSelection | null {
    const selected = this.excel.selection();
    // A selected range shows its top-left cell in the name box, as Excel's active cell (the
    // first area's, when several are selected); a selected chart or shape has no cell.
    const first = selected?.address.split(",")[0]?.split(":")[0];
    return selected && first ? { sheet: selected.sheet, address: first } : null;
  }

  async typeCell(sheet: string, address: string, text: string): Promise<void> {
    if (text !== "") await this.expandTableTo(sheet, address);
    this.excel.typeCell(sheet, address, text);
    this.changed();
  }

  /**
   * Excel's AutoExpansion: typing into the empty row just below a table (one without a totals
   * row), in the table's columns, makes that row part of the table, with the formats of the row
   * above ("Overview of Excel tables", Resize a table by adding rows and columns: "To add a row
   * at the bottom of the table, start typing in a cell below the last table row. The table
   * expands to include the new row"). Done with `TableRowCollection.add`, as an add-in would.
   */
  private async expandTableTo(sheet: string, address: string): Promise<void> {
    const at = parseRange(address);
    await this.excel.run(async (context) => {
      const tables = context.workbook.tables.load("items/name,items/showTotals");
      await context.sync();
      const places = tables.items.map((t) => ({
        table: t,
        range: t.getRange().load("address,rowIndex,columnIndex,rowCount,columnCount"),
        sheet: t.worksheet.load("name"),
      }));
      await context.sync();
      const below = places.find(
        ({ table, range, sheet: s }) =>
          !table.showTotals &&
          s.name.toLowerCase() === sheet.toLowerCase() &&
          at.top === range.rowIndex + range.rowCount &&
          at.left >= range.columnIndex &&
          at.left < range.columnIndex + range.columnCount,
      );
      if (!below) return;
      const row = context.workbook.worksheets
        .getItem(sheet)
        .getRangeByIndexes(at.top, below.range.columnIndex, 1, below.range.columnCount)
        .load("values");
      await context.sync();
      if (row.values[0]?.some((v) => v !== "")) return;
      below.table.rows.add(undefined, [Array.from({ length: below.range.columnCount }, () => "")]);
      await context.sync();
    });
  }

  select({ sheet, address }: CellSelection): Promise<void> {
    return this.excel.run(async (context) => {
      context.workbook.worksheets.getItem(sheet).getRange(address).select();
      await context.sync();
      this.changed();
    });
  }

  activate(sheet: string): Promise<void> {
    return this.excel.run(async (context) => {
      context.workbook.worksheets.getItem(sheet).activate();
      await context.sync();
      this.changed();
    });
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.changes++;
    for (const listener of [...this.listeners]) listener();
  }
}
