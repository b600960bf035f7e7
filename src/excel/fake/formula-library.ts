/**
 * The fake Excel's bridge to @formulajs/formulajs (MIT, Excel's worksheet functions in JavaScript):
 * a function found by its name, formula values handed over and results taken back. Dates are
 * serial numbers: day 1 is 1900-01-01 and day 60 the 1900-02-29 that never was
 * ("DATE function", https://support.microsoft.com/office/date-function-e36c0c8c-4104-49da-ab83-82328b832349).
 */
import * as formulajs from "@formulajs/formulajs";
import { ERROR_CODES, ERRORS, ExcelError, type FormulaValue, type Scalar } from "./formula-values";

// ---------------------------------------------------------------------------------------------
// Serial dates: formulajs's date functions return JavaScript dates at local midnight

const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(1899, 11, 30);

function dateToSerial(d: Date): number {
  const wall = Date.UTC(
    d.getFullYear(),
    d.getMonth(),
    d.getDate(),
    d.getHours(),
    d.getMinutes(),
    d.getSeconds(),
    d.getMilliseconds(),
  );
  return (wall - EPOCH) / DAY_MS;
}

/** A formulajs result as a formula value. */
export function fromLibrary(v: unknown): FormulaValue {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? ERRORS.value : dateToSerial(v);
  if (v instanceof Error) return ERROR_CODES.has(v.message) ? new ExcelError(v.message) : ERRORS.value;
  if (v === undefined || v === null) return null;
  if (Array.isArray(v)) {
    const rows: unknown[][] = v.map((row: unknown) => (Array.isArray(row) ? (row as unknown[]) : [row]));
    return rows.map((row) => row.map((x) => fromLibrary(x) as Scalar));
  }
  if (typeof v === "number" || typeof v === "string" || typeof v === "boolean") return v;
  return ERRORS.value;
}

/** A formula value as formulajs takes it: errors as its Error values, blanks as null. */
export function toLibrary(v: FormulaValue): unknown {
  if (Array.isArray(v)) return v.map((row) => row.map((x) => toLibrary(x)));
  if (v instanceof ExcelError) return Object.assign(new Error(v.code), { name: v.code });
  return v;
}

type LibraryFunction = (...args: unknown[]) => unknown;

export function libraryFunction(name: string): LibraryFunction | undefined {
  let at: unknown = formulajs;
  for (const part of name.split(".")) {
    if (typeof at !== "object" && typeof at !== "function") return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return typeof at === "function" ? (at as LibraryFunction) : undefined;
}
