/**
 * The fake Excel's operators and their coercions ("Calculation operators and precedence in Excel",
 * https://support.microsoft.com/office/calculation-operators-and-precedence-in-excel-48be406d-4975-4d31-b2b8-7af9e0e2878a):
 * text that reads as a number takes part in arithmetic, other text is `#VALUE!`, TRUE is 1, an
 * empty cell is 0 (or "" beside text); `&` joins text; comparisons ignore case and order numbers
 * before text before logical values; errors propagate. Applied to arrays element by element.
 */
import { ERRORS, ExcelError, type FormulaValue, type Matrix, type Scalar } from "./formula-values";

// ---------------------------------------------------------------------------------------------
// Coercions

const EN_US_NUMBER = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*%?\s*$/;

export function toNumber(v: Scalar): number | ExcelError {
  if (v instanceof ExcelError) return v;
  if (v === null) return 0;
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (!EN_US_NUMBER.test(v)) return ERRORS.value;
  const percent = v.trim().endsWith("%");
  const n = Number(v.trim().replace(/%$/, ""));
  return percent ? n / 100 : n;
}

function toText(v: Scalar): string | ExcelError {
  if (v instanceof ExcelError) return v;
  if (v === null) return "";
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (typeof v === "number") return String(Number(v.toPrecision(15)));
  return v;
}

/** Excel's order of kinds in a comparison: numbers, then text, then logical values. */
const rank = (v: number | string | boolean) => (typeof v === "number" ? 0 : typeof v === "string" ? 1 : 2);

function compare(a: Scalar, b: Scalar): number | ExcelError {
  if (a instanceof ExcelError) return a;
  if (b instanceof ExcelError) return b;
  // An empty cell is 0 beside a number, "" beside text, FALSE beside a logical value.
  const blank = (other: Scalar) => (typeof other === "string" ? "" : typeof other === "boolean" ? false : 0);
  const x = a ?? blank(b);
  const y = b ?? blank(a);
  if (rank(x) !== rank(y)) return rank(x) - rank(y);
  if (typeof x === "string" && typeof y === "string") {
    const [p, q] = [x.toLowerCase(), y.toLowerCase()];
    return p < q ? -1 : p > q ? 1 : 0;
  }
  return Number(x) - Number(y);
}

// ---------------------------------------------------------------------------------------------
// Arrays: operators apply element by element, a scalar against every element

export function lift(a: FormulaValue, b: FormulaValue, op: (x: Scalar, y: Scalar) => Scalar): FormulaValue {
  if (!Array.isArray(a) && !Array.isArray(b)) return op(a, b);
  const A = Array.isArray(a) ? a : [[a]];
  const B = Array.isArray(b) ? b : [[b]];
  const rows = Math.max(A.length, B.length);
  const cols = Math.max(A[0]?.length ?? 0, B[0]?.length ?? 0);
  const at = (m: Matrix, r: number, c: number): Scalar => {
    const row = m.length === 1 ? m[0] : m[r];
    if (!row) return ERRORS.na;
    return row.length === 1 ? (row[0] ?? null) : c < row.length ? (row[c] ?? null) : ERRORS.na;
  };
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => op(at(A, r, c), at(B, r, c))),
  );
}

export function arithmetic(operator: string): (x: Scalar, y: Scalar) => Scalar {
  return (x, y) => {
    const p = toNumber(x);
    if (p instanceof ExcelError) return p;
    const q = toNumber(y);
    if (q instanceof ExcelError) return q;
    switch (operator) {
      case "+":
        return p + q;
      case "-":
        return p - q;
      case "*":
        return p * q;
      case "/":
        return q === 0 ? ERRORS.div0 : p / q;
      default: {
        const r = p ** q;
        return Number.isFinite(r) ? r : ERRORS.num;
      }
    }
  };
}

export function comparison(operator: string): (x: Scalar, y: Scalar) => Scalar {
  return (x, y) => {
    const d = compare(x, y);
    if (d instanceof ExcelError) return d;
    switch (operator) {
      case "=":
        return d === 0;
      case "<>":
        return d !== 0;
      case "<":
        return d < 0;
      case ">":
        return d > 0;
      case "<=":
        return d <= 0;
      default:
        return d >= 0;
    }
  };
}

export function join(x: Scalar, y: Scalar): Scalar {
  const p = toText(x);
  if (p instanceof ExcelError) return p;
  const q = toText(y);
  return q instanceof ExcelError ? q : p + q;
}
