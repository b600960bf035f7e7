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

export function toNumber(value: Scalar): number | ExcelError {
  if (value instanceof ExcelError) return value;
  if (value === null) return 0;
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (!EN_US_NUMBER.test(value)) return ERRORS.value;
  const percent = value.trim().endsWith("%");
  const parsed = Number(value.trim().replace(/%$/, ""));
  return percent ? parsed / 100 : parsed;
}

function toText(value: Scalar): string | ExcelError {
  if (value instanceof ExcelError) return value;
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") return String(Number(value.toPrecision(15)));
  return value;
}

/** Excel's order of kinds in a comparison: numbers, then text, then logical values. */
const rank = (v: number | string | boolean) => (typeof v === "number" ? 0 : typeof v === "string" ? 1 : 2);

function compare(left: Scalar, right: Scalar): number | ExcelError {
  if (left instanceof ExcelError) return left;
  if (right instanceof ExcelError) return right;
  // An empty cell is 0 beside a number, "" beside text, FALSE beside a logical value.
  const blank = (other: Scalar) => (typeof other === "string" ? "" : typeof other === "boolean" ? false : 0);
  const leftValue = left ?? blank(right);
  const rightValue = right ?? blank(left);
  if (rank(leftValue) !== rank(rightValue)) return rank(leftValue) - rank(rightValue);
  if (typeof leftValue === "string" && typeof rightValue === "string") {
    const [leftLower, rightLower] = [leftValue.toLowerCase(), rightValue.toLowerCase()];
    return leftLower < rightLower ? -1 : leftLower > rightLower ? 1 : 0;
  }
  return Number(leftValue) - Number(rightValue);
}

// ---------------------------------------------------------------------------------------------
// Arrays: operators apply element by element, a scalar against every element

export function lift(
  left: FormulaValue,
  right: FormulaValue,
  op: (x: Scalar, y: Scalar) => Scalar,
): FormulaValue {
  if (!Array.isArray(left) && !Array.isArray(right)) return op(left, right);
  const leftMatrix = Array.isArray(left) ? left : [[left]];
  const rightMatrix = Array.isArray(right) ? right : [[right]];
  const rows = Math.max(leftMatrix.length, rightMatrix.length);
  const cols = Math.max(leftMatrix[0]?.length ?? 0, rightMatrix[0]?.length ?? 0);
  const at = (matrix: Matrix, rowIndex: number, columnIndex: number): Scalar => {
    const row = matrix.length === 1 ? matrix[0] : matrix[rowIndex];
    if (!row) return ERRORS.na;
    return row.length === 1
      ? (row[0] ?? null)
      : columnIndex < row.length
        ? (row[columnIndex] ?? null)
        : ERRORS.na;
  };
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => op(at(leftMatrix, r, c), at(rightMatrix, r, c))),
  );
}

export function arithmetic(operator: string): (x: Scalar, y: Scalar) => Scalar {
  return (left, right) => {
    const leftNumber = toNumber(left);
    if (leftNumber instanceof ExcelError) return leftNumber;
    const rightNumber = toNumber(right);
    if (rightNumber instanceof ExcelError) return rightNumber;
    switch (operator) {
      case "+":
        return leftNumber + rightNumber;
      case "-":
        return leftNumber - rightNumber;
      case "*":
        return leftNumber * rightNumber;
      case "/":
        return rightNumber === 0 ? ERRORS.div0 : leftNumber / rightNumber;
      default: {
        const power = leftNumber ** rightNumber;
        return Number.isFinite(power) ? power : ERRORS.num;
      }
    }
  };
}

export function comparison(operator: string): (x: Scalar, y: Scalar) => Scalar {
  return (left, right) => {
    const order = compare(left, right);
    if (order instanceof ExcelError) return order;
    switch (operator) {
      case "=":
        return order === 0;
      case "<>":
        return order !== 0;
      case "<":
        return order < 0;
      case ">":
        return order > 0;
      case "<=":
        return order <= 0;
      default:
        return order >= 0;
    }
  };
}

export function join(left: Scalar, right: Scalar): Scalar {
  const leftText = toText(left);
  if (leftText instanceof ExcelError) return leftText;
  const rightText = toText(right);
  return rightText instanceof ExcelError ? rightText : leftText + rightText;
}
