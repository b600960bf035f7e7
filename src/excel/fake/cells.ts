/**
 * The fake Excel's cells: values, number formats and formulas of one worksheet, and Excel's rules
 * for what a write through `Range.values` stores. This is the one place the project emulates how
 * Excel takes a value.
 *
 * Rules, with the Office doc each follows:
 * - Reads give string | number | boolean, "" for an empty cell; `null` in a written array leaves
 *   the cell unchanged, "" clears it ("Blank and null values in Excel add-ins",
 *   https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-blank-null-values).
 * - A string starting with "=" is a formula ("Range.values": "If the returned value starts with
 *   a plus ("+"), minus ("-"), or equal sign ("="), Excel interprets this value as a formula",
 *   https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-values-member);
 *   "+"/"-"/"@" followed by something that is not a number become formulas too, as typing them does.
 * - A leading apostrophe is Excel's text prefix: "'=x" stores the text "=x".
 * - In a cell whose number format is not text ("@"), text that Excel's input parser reads (numbers,
 *   with leading zeros lost; percentages; currencies; dates; times; TRUE/FALSE) becomes that value,
 *   in en-US through `Range.values` and in the workbook's culture when a person types (./culture.ts),
 *   and a General cell takes the format that goes with it (a date's, "0%"...); with "@" the text is
 *   kept as typed ("Number format codes": "@" is the text placeholder, https://support.microsoft.com/office/number-format-codes-5026bbd6-04bc-48cd-bf33-80f18b4eae68),
 *   and so is a formula: "=B3" typed into a text-formatted cell stays the text "=B3" (ExcelTips
 *   3308, "Formulas Don't Calculate as Formulas", https://excelribbon.tips.net/T003308_Formulas_Dont_Calculate_as_Formulas.html).
 * - Non-finite numbers are refused (InvalidArgument); -0 is stored as 0.
 * - A formula's value is computed by the workbook's calculation (./calculation.ts, ./formulas.ts);
 *   a formula Excel cannot parse is refused (InvalidArgument), and "+"/"-"/"@" text that does not
 *   parse as a formula stays text.
 * - A cell holds at most 32,767 characters; a longer write fails (InvalidArgument), as in Excel.
 */
import { HOST_ERROR_CODES, WorkbookHostError } from "../errors";
import type { CellValue } from "../../workbook/port";
import type { CellInput } from "../office-api";
import { type Culture, parseTyped } from "./culture";
import { isValidFormula } from "./formula-tree";

const TEXT_FORMAT = "@";
const GENERAL_FORMAT = "General";

/** A rectangle of cells, 0-based, `rows` × `cols`. */
export interface Box {
  top: number;
  left: number;
  rows: number;
  cols: number;
}

/** Excel's grid: 1,048,576 rows × 16,384 columns ("Excel specifications and limits"). */
export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;

/** "Total number of characters that a cell can contain: 32,767" ("Excel specifications and limits"). */
const MAX_CELL_CHARS = 32_767;

export function invalidArgument(message: string): WorkbookHostError {
  return new WorkbookHostError(HOST_ERROR_CODES.invalidArgument, message);
}

/** A value Office.js accepts in `Range.values` (or null, which leaves the cell alone). */
export function checkInput(value: unknown): CellInput {
  if (value === null) return null;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw invalidArgument(`${value} cannot be written to a cell`);
    return value === 0 ? 0 : value;
  }
  if (typeof value === "string") {
    if (value.length > MAX_CELL_CHARS)
      throw invalidArgument(`A cell holds at most ${MAX_CELL_CHARS} characters.`);
    return value;
  }
  if (typeof value === "boolean") return value;
  throw invalidArgument(`a ${typeof value} is not a cell value`);
}

/** What the cells ask of the workbook's calculation (./calculation.ts). */
export interface SheetCalculation {
  formulaValue(row: number, column: number): CellValue;
  spilledValue(row: number, column: number): CellValue | undefined;
  /** A cell changed (or cells moved, without a position): results computed before are stale. */
  changed(row?: number, column?: number): void;
}

export class SheetCells {
  private readonly values: CellValue[][] = [];
  private readonly formats: (string | undefined)[][] = [];
  /** Formula text by "row:column". */
  readonly formulas = new Map<string, string>();
  /** The used box as last computed, until a cell changes (a read of every cell is the sheet's size). */
  private used: Box | null | undefined;

  constructor(private readonly calc: SheetCalculation) {}

  value(row: number, column: number): CellValue {
    if (this.formulas.has(`${row}:${column}`)) return this.calc.formulaValue(row, column);
    const stored = this.values[row]?.[column] ?? "";
    if (stored !== "" || this.formulas.size === 0) return stored;
    return this.calc.spilledValue(row, column) ?? "";
  }

  /** The stored value without evaluating a formula (for SUBTOTAL sums). */
  rawValue(row: number, column: number): CellValue {
    return this.values[row]?.[column] ?? "";
  }

  formula(row: number, column: number): string | undefined {
    return this.formulas.get(`${row}:${column}`);
  }

  format(row: number, column: number): string {
    return this.formats[row]?.[column] ?? GENERAL_FORMAT;
  }

  read(box: Box): CellValue[][] {
    const out = new Array<CellValue[]>(box.rows);
    const plain = this.formulas.size === 0;
    for (let i = 0; i < box.rows; i++) {
      const src = this.values[box.top + i];
      const row = new Array<CellValue>(box.cols);
      for (let offset = 0; offset < box.cols; offset++) {
        row[offset] = plain ? (src?.[box.left + offset] ?? "") : this.value(box.top + i, box.left + offset);
      }
      out[i] = row;
    }
    return out;
  }

  readFormats(box: Box): string[][] {
    return grid(box, (r, c) => this.format(r, c));
  }

  /** `Range.formulas`: the formula where there is one, else the value. */
  readFormulas(box: Box): CellValue[][] {
    return grid(box, (r, c) => this.formula(r, c) ?? this.rawValue(r, c));
  }

  /** Stores a value exactly (no Excel conversion), removing any formula. */
  putRaw(row: number, column: number, value: CellValue): void {
    const valuesRow = (this.values[row] ??= []);
    for (let gapColumn = valuesRow.length; gapColumn < column; gapColumn++) valuesRow[gapColumn] = "";
    valuesRow[column] = value;
    this.formulas.delete(`${row}:${column}`);
    this.used = undefined;
    this.calc.changed(row, column);
  }

  setFormat(row: number, column: number, format: string): void {
    const formatsRow = (this.formats[row] ??= []);
    formatsRow[column] = format === "" ? undefined : format;
  }

  /**
   * Stores a value as `Range.values` does (text read as typed in en-US), or as a person typing in
   * `culture` does (a formula already in its invariant form): see the file comment.
   */
  typeInto(row: number, column: number, value: CellValue, culture: Culture = "en-US"): void {
    if (typeof value !== "string") {
      this.putRaw(row, column, value);
      return;
    }
    if (value.startsWith("'")) {
      this.putRaw(row, column, value.slice(1));
      return;
    }
    // A cell formatted as text takes what is typed as text, formulas included.
    if (this.format(row, column) === TEXT_FORMAT) return this.putRaw(row, column, value);
    if (value.startsWith("=") && value.length > 1) {
      // Excel refuses a formula it cannot parse ("There's a problem with this formula"), and one
      // longer than 8,192 characters ("Excel specifications and limits": length of formula contents).
      if (value.length > 8_192) throw invalidArgument("A formula is limited to 8,192 characters.");
      if (!isValidFormula(value)) throw invalidArgument(`${value} is not a valid formula`);
      this.putRaw(row, column, "");
      this.formulas.set(`${row}:${column}`, value);
      this.used = undefined;
      return;
    }
    const typed = parseTyped(value, culture);
    if (typed) {
      this.putRaw(row, column, typed.value);
      if (typed.format && this.format(row, column) === GENERAL_FORMAT)
        this.setFormat(row, column, typed.format);
      return;
    }
    if (/^[+\-@]/.test(value) && value.length > 1 && isValidFormula(value.replace(/^@/, ""))) {
      this.putRaw(row, column, "");
      this.formulas.set(`${row}:${column}`, value.startsWith("@") ? `=${value.slice(1)}` : `=${value}`);
      this.used = undefined;
      return;
    }
    this.putRaw(row, column, value);
  }

  /** Bounding box of cells holding a value or formula, like `getUsedRange(true)`; null when none. */
  usedBox(): Box | null {
    if (this.used === undefined) this.used = this.measureUsed();
    return this.used === null ? null : { ...this.used };
  }

  private measureUsed(): Box | null {
    let top = -1;
    let bottom = -1;
    let left = Infinity;
    let right = -1;
    this.values.forEach((row, rowIndex) => {
      row?.forEach((value, columnIndex) => {
        if (value === "" && !this.formulas.has(`${rowIndex}:${columnIndex}`)) return;
        if (top < 0) top = rowIndex;
        bottom = Math.max(bottom, rowIndex);
        left = Math.min(left, columnIndex);
        right = Math.max(right, columnIndex);
      });
    });
    for (const key of this.formulas.keys()) {
      const [r = 0, c = 0] = key.split(":").map(Number);
      top = top < 0 ? r : Math.min(top, r);
      bottom = Math.max(bottom, r);
      left = Math.min(left, c);
      right = Math.max(right, c);
    }
    return top < 0 ? null : { top, left, rows: bottom - top + 1, cols: right - left + 1 };
  }

  /** Moves cells at and below `row`, in columns left..right (inclusive), `count` rows down. */
  shiftDown(row: number, left: number, right: number, count: number): void {
    for (let sourceRow = this.values.length - 1; sourceRow >= row; sourceRow--) {
      for (let column = left; column <= right; column++) {
        const value = this.values[sourceRow]?.[column];
        if (value !== undefined && value !== "") {
          this.putRaw(sourceRow + count, column, value);
          this.putRaw(sourceRow, column, "");
        }
      }
    }
    for (let sourceRow = this.formats.length - 1; sourceRow >= row; sourceRow--) {
      for (let column = left; column <= right; column++) {
        const format = this.formats[sourceRow]?.[column];
        if (format === undefined) continue;
        this.setFormat(sourceRow + count, column, format);
        this.setFormat(sourceRow, column, "");
      }
    }
    const moved = [...this.formulas].filter(([key]) => {
      const [r = 0, c = 0] = key.split(":").map(Number);
      return r >= row && c >= left && c <= right;
    });
    for (const [key] of moved) this.formulas.delete(key);
    for (const [key, f] of moved) {
      const [r = 0, c = 0] = key.split(":").map(Number);
      this.formulas.set(`${r + count}:${c}`, f);
    }
    this.used = undefined;
    this.calc.changed();
  }

  /** Shifts cells at and right of `column` one column right, in rows top..bottom (inclusive). */
  shiftRight(top: number, bottom: number, column: number): void {
    for (let row = top; row <= bottom; row++) {
      const values = this.values[row];
      if (values && values.length > column) values.splice(column, 0, "");
      const formats = this.formats[row];
      if (formats && formats.length > column) formats.splice(column, 0, undefined);
    }
    const moved = [...this.formulas].filter(([key]) => {
      const [r = 0, c = 0] = key.split(":").map(Number);
      return r >= top && r <= bottom && c >= column;
    });
    for (const [key] of moved) this.formulas.delete(key);
    for (const [key, f] of moved) {
      const [r = 0, c = 0] = key.split(":").map(Number);
      this.formulas.set(`${r}:${c + 1}`, f);
    }
    this.used = undefined;
    this.calc.changed();
  }
}

function grid<T>(box: Box, at: (row: number, column: number) => T): T[][] {
  return Array.from({ length: box.rows }, (_, i) =>
    Array.from({ length: box.cols }, (_, c) => at(box.top + i, box.left + c)),
  );
}

/** Throws InvalidArgument unless `input` is a 2-D array of exactly the box's shape. */
export function checkShape(input: unknown, box: Box, property: string): unknown[][] {
  const ok =
    Array.isArray(input) &&
    input.length === box.rows &&
    input.every((row) => Array.isArray(row) && row.length === box.cols);
  if (!ok) {
    // "The number of rows or columns in the input array doesn't match the size or dimensions of
    // the range" (InvalidArgument), as Office.js reports it.
    throw invalidArgument(
      `${property}: the input array does not match the range's ${box.rows}×${box.cols} dimensions`,
    );
  }
  return input as unknown[][];
}
