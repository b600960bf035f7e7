/**
 * What the spreadsheet view needs from the workbook, and nothing more: a snapshot to draw, typing
 * into a cell as a person does, selecting a cell and switching sheets, and a signal after every
 * change (the add-in's writes included) so the view redraws.
 *
 * The one implementation, `FakeSheetSource` (./fake-source.ts), is the fake Excel that the
 * add-in's Office.js adapter talks to: the view shows exactly what the add-in wrote, and typing
 * raises the events the adapter listens to.
 */
import type { WorkbookSnapshot } from "./snapshot";

export interface CellSelection {
  sheet: string;
  /** A1 address of the selected cell. */
  address: string;
}

export interface SheetSource {
  /**
   * The workbook as it is now (a copy the caller may keep, not change: callers that ask before
   * the next change share it).
   */
  snapshot(): Promise<WorkbookSnapshot>;
  /** The selected cell, which the add-in moves when it points at a problem. */
  selection(): CellSelection | null;
  /**
   * Types `text` into a cell as a person does in Excel: Excel's rules turn it into a value (a
   * number, in the display language's separators, unless the cell is text-formatted "@"; a
   * formula when it starts with "="), then the tables' `onChanged` events fire, which the add-in
   * listens to.
   */
  typeCell(sheet: string, address: string, text: string): Promise<void>;
  select(selection: CellSelection): Promise<void>;
  /** Makes a sheet the active one (a click on its tab). */
  activate(sheet: string): Promise<void>;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}
