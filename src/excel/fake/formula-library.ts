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

function dateToSerial(date: Date): number {
  const wall = Date.UTC(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  );
  return (wall - EPOCH) / DAY_MS;
}

/** A formulajs result as a formula value. */
export function fromLibrary(value: unknown): FormulaValue {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? ERRORS.value : dateToSerial(value);
  if (value instanceof Error)
    return ERROR_CODES.has(value.message) ? new ExcelError(value.message) : ERRORS.value;
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) {
    const rows: unknown[][] = value.map((row: unknown) => (Array.isArray(row) ? (row as unknown[]) : [row]));
    return rows.map((row) => row.map((x) => fromLibrary(x) as Scalar));
  }
  if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") return value;
  return ERRORS.value;
}

/** A formula value as formulajs takes it: errors as its Error values, blanks as null. */
export function toLibrary(value: FormulaValue): unknown {
  if (Array.isArray(value)) return value.map((row) => row.map((x) => toLibrary(x)));
  if (value instanceof ExcelError) return Object.assign(new Error(value.code), { name: value.code });
  return value;
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
