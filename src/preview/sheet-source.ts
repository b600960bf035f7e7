/**
 * What the spreadsheet view needs from a workbook, and nothing more: a snapshot to draw, typing
 * into a cell as a person does, switching sheets, replacing the whole workbook (an opened
 * .xlsx), and a signal after every change (the add-in's writes included) so the view redraws.
 *
 * Implementations: `ModelSheetSource` (./model-source.ts, over the neutral model). The view and
 * the .xlsx converter only know this interface, so the workbook behind it can be the fake Excel
 * that the add-in's Office.js adapter talks to.
 */
import type { WorkbookModel } from "./model";

export interface CellSelection {
  sheet: string;
  /** A1 address of the selected cell. */
  address: string;
}

export interface SheetSource {
  /** The workbook as it is now (a copy the caller may keep). */
  snapshot(): WorkbookModel;
  /** The selected cell, which the add-in moves when it points at a problem. */
  selection(): CellSelection | null;
  /**
   * Types `text` into a cell as a person does in Excel: Excel's rules turn it into a value (a
   * number unless the cell is text-formatted "@", a formula when it starts with "="), then the
   * worksheet's and tables' `onChanged` events fire, which the add-in listens to.
   */
  typeCell(sheet: string, address: string, text: string): Promise<void>;
  select(selection: CellSelection): void;
  /** Makes a sheet the active one (a click on its tab). */
  activate(sheet: string): void;
  /** Replaces the whole workbook (an opened .xlsx file). */
  load(model: WorkbookModel): Promise<void>;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}
