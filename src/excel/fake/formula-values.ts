/**
 * The values a formula of the fake Excel works with: Excel's error values, a cell's content as a
 * formula sees it (a scalar, or an array that spills), and what the engine asks of the workbook.
 * A cell holding an error reads as its code through `Range.values`.
 */
import type { CellValue } from "../../workbook/port";

/** An Excel error value ("#DIV/0!", "#N/A", ...); a cell holding one reads as its code. */
export class ExcelError {
  constructor(
    readonly code: string,
    /** A custom function's message (Excel shows it on the cell's error indicator). */
    readonly message?: string,
  ) {}
}

export const ERRORS = {
  div0: new ExcelError("#DIV/0!"),
  na: new ExcelError("#N/A"),
  name: new ExcelError("#NAME?"),
  num: new ExcelError("#NUM!"),
  ref: new ExcelError("#REF!"),
  value: new ExcelError("#VALUE!"),
  spill: new ExcelError("#SPILL!"),
  busy: new ExcelError("#BUSY!"),
  calc: new ExcelError("#CALC!"),
} as const;

/** Every error code Excel shows, including those the engine never makes itself. */
export const ERROR_CODES = new Set(["#NULL!", "#GETTING_DATA", ...Object.values(ERRORS).map((e) => e.code)]);

/** A cell's content as a formula sees it: null is an empty cell. */
export type Scalar = number | string | boolean | ExcelError | null;
export type Matrix = Scalar[][];
export type FormulaValue = Scalar | Matrix;

/** A rectangle on a sheet, 0-based and inclusive. */
export interface Area {
  sheet: string;
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** What the engine asks of the workbook. */
export interface FormulaHost {
  /** A cell's value (a formula cell evaluated), null when empty; undefined when the sheet is unknown. */
  cell(sheet: string, row: number, column: number): Scalar | undefined;
  /** The used rows and columns of a sheet (to bound `A:A`), or undefined when the sheet is unknown. */
  usedArea(sheet: string): Area | undefined;
  /** A table's columns' data rows, for `Table[Column]`; undefined when unknown. */
  tableArea(table: string, columns: string[], sections: string[], at: CellAt): Area | undefined;
  /** The array a formula cell spills (its own value first), for `A1#`. */
  spillOf(sheet: string, row: number, column: number): Matrix | undefined;
  /** A custom function's current result (e.g. `VALEPIX.BALANCE`), or undefined when unknown. */
  customFunction(name: string, args: FormulaValue[], at: CellAt): FormulaValue | undefined;
}

export interface CellAt {
  sheet: string;
  row: number;
  column: number;
}

/** A formula value as a cell reads it through `Range.values`: an error reads as its code. */
export function asCellValue(value: Scalar): CellValue {
  if (value instanceof ExcelError) return value.code;
  return value ?? 0;
}
