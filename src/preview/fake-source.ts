/**
 * The spreadsheet view's `SheetSource` over the fake Excel (src/excel/fake), the same workbook
 * the add-in's adapter (`OfficeWorkbook`) reads and writes through `Excel.run`. The page gives
 * the add-in `run` below as its `Excel.run`: the fake's, followed by a redraw. What a person
 * does in Excel's window (typing, AutoExpansion, selecting, clicking a sheet's tab) and what
 * that window draws are Excel's own, not an add-in's: they act on the fake's model directly and
 * send nothing through office.js, as in Excel. Typing goes through the fake's `typeCell`, which
 * stores the value by Excel's rules and raises `Table.onChanged`, as an edit in Excel does
 * ("Table.onChanged",
 * https://learn.microsoft.com/javascript/api/excel/excel.table#excel-excel-table-onchanged-member). */
import type { ExcelRun } from "../excel";
import type { FakeExcel } from "../excel/fake";
import { readSnapshot } from "./fake-io";
import type { DisplayLocale } from "./format";
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

  typeCell(sheet: string, address: string, text: string): Promise<void> {
    return this.personDoes(() => {
      if (text !== "") this.excel.expandTableBelow(sheet, address);
      this.excel.typeCell(sheet, address, text);
    });
  }

  select({ sheet, address }: CellSelection): Promise<void> {
    return this.personDoes(() => this.excel.selectAreas(sheet, address));
  }

  activate(sheet: string): Promise<void> {
    return this.personDoes(() => this.excel.activateSheet(sheet));
  }

  /** A person's action in Excel's window, then a redraw; Excel's refusal is the promise's. */
  private personDoes(action: () => void): Promise<void> {
    return new Promise<void>((resolve) => {
      action();
      this.changed();
      resolve();
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
