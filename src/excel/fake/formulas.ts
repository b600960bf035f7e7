/**
 * The fake Excel's formula engine: a formula is parsed by @borgar/fx (MIT, a tokenizer and parser
 * made for Excel's grammar: references, structured references, spill references, array constants),
 * its worksheet functions are @formulajs/formulajs's (MIT, Excel's function library in
 * JavaScript), and this file evaluates the tree against the fake's cells. Both stay out of the
 * add-in's bundle: only the fake and the preview use them.
 *
 * What Excel does that this follows, with its source:
 * - Operators and their coercions ("Calculation operators and precedence in Excel",
 *   https://support.microsoft.com/office/calculation-operators-and-precedence-in-excel-48be406d-4975-4d31-b2b8-7af9e0e2878a):
 *   text that reads as a number takes part in arithmetic, other text is `#VALUE!`, TRUE is 1, an
 *   empty cell is 0 (or "" beside text); `&` joins text; comparisons ignore case and order numbers
 *   before text before logical values; errors propagate.
 * - A result is the double computed (`=22*32.7` reads 719.4000000000001 through `Range.values`;
 *   Excel shows it at 15 significant digits, "Excel specifications and limits": number precision).
 * - An array result spills from its cell to the right and down; a spill blocked by a value is
 *   `#SPILL!`; `A1#` is the spill of A1 ("Dynamic array formulas and spilled array behavior",
 *   https://support.microsoft.com/office/dynamic-array-formulas-and-spilled-array-behavior-205c6b06-03ba-4151-89a1-87a7eb36e531).
 * - An unknown function is `#NAME?`; a reference to a sheet or table that does not exist is `#REF!`;
 *   a circular reference evaluates to 0 (Excel warns and shows 0, "Remove or allow a circular
 *   reference", https://support.microsoft.com/office/remove-or-allow-a-circular-reference-8540bd0f-6e97-4483-bcf7-1b49cd50d123).
 * - `IF`, `IFERROR` and `IFNA` evaluate only the branch they return (so a function in the other
 *   branch is never called).
 * - Dates are serial numbers: day 1 is 1900-01-01 and day 60 the 1900-02-29 that never was
 *   ("DATE function", https://support.microsoft.com/office/date-function-e36c0c8c-4104-49da-ab83-82328b832349).
 */
import { parse, parseA1Ref, parseStructRef, tokenize } from "@borgar/fx";
import * as formulajs from "@formulajs/formulajs";
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

const ERROR_CODES = new Set(["#NULL!", "#GETTING_DATA", ...Object.values(ERRORS).map((e) => e.code)]);

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

type Node = ReturnType<typeof parse>;

const parsed = new Map<string, Node | ExcelError>();

/** The formula's tree ("=" included or not), cached: a workbook repeats few distinct formulas. */
function treeOf(formula: string): Node | ExcelError {
  let tree = parsed.get(formula);
  if (tree === undefined) {
    try {
      const source = formula.startsWith("=") ? formula : `=${formula}`;
      tree = parse(tokenize(source, { mergeRefs: true, allowTernary: false }), {});
    } catch {
      // Excel refuses to store a formula it cannot parse; one that reaches here (a fake's caller
      // writing it raw) reads as #NAME?, as an unparseable name does.
      tree = ERRORS.name;
    }
    if (parsed.size > 10_000) parsed.clear();
    parsed.set(formula, tree);
  }
  return tree;
}

/** Whether `formula` parses as Excel's grammar (the fake refuses to store one that does not). */
export function isValidFormula(formula: string): boolean {
  return !(treeOf(formula) instanceof ExcelError);
}

/** Worksheet functions that give arrays (Excel's dynamic-array functions). */
const ARRAY_FUNCTIONS = new Set([
  "FILTER",
  "SORT",
  "SORTBY",
  "UNIQUE",
  "SEQUENCE",
  "RANDARRAY",
  "TRANSPOSE",
  "MMULT",
  "FREQUENCY",
  "TEXTSPLIT",
  "VSTACK",
  "HSTACK",
  "TOCOL",
  "TOROW",
  "WRAPROWS",
  "WRAPCOLS",
  "TAKE",
  "DROP",
  "CHOOSECOLS",
  "CHOOSEROWS",
  "EXPAND",
  "INDEX",
  "OFFSET",
  "INDIRECT",
  "IF",
  "IFERROR",
  "IFNA",
]);

const arrayCapable = new Map<string, boolean>();

/**
 * Whether a formula can give an array, read from its tree: an array constant, a spill reference,
 * a range of several cells outside a function's arguments, a dynamic-array function, or a custom
 * function (which may give a matrix). The others give one value whatever the cells hold.
 */
export function mayGiveArray(formula: string): boolean {
  let known = arrayCapable.get(formula);
  if (known === undefined) {
    const tree = treeOf(formula);
    known = !(tree instanceof ExcelError) && arrayNode(tree);
    if (arrayCapable.size > 10_000) arrayCapable.clear();
    arrayCapable.set(formula, known);
  }
  return known;
}

function arrayNode(node: AnyNode): boolean {
  switch (node.type) {
    case "ArrayExpression":
      return true;
    case "ReferenceIdentifier":
      return /[:[]/.test(String(node.value));
    case "UnaryExpression":
      return node.operator === "#" || (node.arguments as AnyNode[]).some((a) => arrayNode(a));
    case "BinaryExpression":
      return (node.arguments as AnyNode[]).some((a) => arrayNode(a));
    case "CallExpression": {
      const name = String((node.callee as { name: string }).name).toUpperCase();
      if (name.includes(".") && !libraryFunction(name)) return true;
      if (ARRAY_FUNCTIONS.has(name)) return true;
      return false;
    }
    default:
      return false;
  }
}

/** Evaluates `formula` in the cell `at`: a scalar, or an array that the cell spills. */
export function evaluateFormula(formula: string, at: CellAt, host: FormulaHost): FormulaValue {
  const tree = treeOf(formula);
  if (tree instanceof ExcelError) return tree;
  const value = new Evaluator(host, at).evaluate(tree);
  return normalise(value);
}

/**
 * A 1×1 array is its element; blanks of a result are 0. A number is the double computed: Excel
 * shows 15 significant digits, but `Range.values` hands back the double (`=22*32.7` reads
 * 719.4000000000001), which the add-in reads at 15 digits (src/money/cents.ts).
 */
function normalise(value: FormulaValue): FormulaValue {
  if (!Array.isArray(value)) return finish(value);
  if (value.length === 1 && value[0]?.length === 1) return finish(value[0][0] ?? null);
  return value.map((row) => row.map(finish));
}

function finish(v: Scalar): Scalar {
  if (v === null) return 0;
  if (typeof v === "number") return Number.isFinite(v) ? v + 0 : ERRORS.num;
  return v;
}

// ---------------------------------------------------------------------------------------------
// Coercions

const EN_US_NUMBER = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*%?\s*$/;

function toNumber(v: Scalar): number | ExcelError {
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

function lift(a: FormulaValue, b: FormulaValue, op: (x: Scalar, y: Scalar) => Scalar): FormulaValue {
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

function arithmetic(operator: string): (x: Scalar, y: Scalar) => Scalar {
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

function comparison(operator: string): (x: Scalar, y: Scalar) => Scalar {
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

function join(x: Scalar, y: Scalar): Scalar {
  const p = toText(x);
  if (p instanceof ExcelError) return p;
  const q = toText(y);
  return q instanceof ExcelError ? q : p + q;
}

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
function fromLibrary(v: unknown): FormulaValue {
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
function toLibrary(v: FormulaValue): unknown {
  if (Array.isArray(v)) return v.map((row) => row.map((x) => toLibrary(x)));
  if (v instanceof ExcelError) return Object.assign(new Error(v.code), { name: v.code });
  return v;
}

type LibraryFunction = (...args: unknown[]) => unknown;

function libraryFunction(name: string): LibraryFunction | undefined {
  let at: unknown = formulajs;
  for (const part of name.split(".")) {
    if (typeof at !== "object" && typeof at !== "function") return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return typeof at === "function" ? (at as LibraryFunction) : undefined;
}

// ---------------------------------------------------------------------------------------------
// The evaluator

interface AnyNode {
  type: string;
  [key: string]: unknown;
}

class Evaluator {
  constructor(
    private readonly host: FormulaHost,
    private readonly at: CellAt,
  ) {}

  evaluate(node: AnyNode): FormulaValue {
    switch (node.type) {
      case "Literal":
        return node.value as Scalar;
      case "ErrorLiteral":
        return new ExcelError(String(node.value).toUpperCase());
      case "ArrayExpression":
        return (node.elements as AnyNode[][]).map((row) => row.map((e) => this.scalar(this.evaluate(e))));
      case "ReferenceIdentifier":
        return this.reference(String(node.value), node.kind as string);
      case "UnaryExpression":
        return this.unary(String(node.operator), (node.arguments as AnyNode[])[0] as AnyNode);
      case "BinaryExpression":
        return this.binary(String(node.operator), node.arguments as AnyNode[]);
      case "CallExpression":
        return this.call(
          String((node.callee as { name: string }).name).toUpperCase(),
          node.arguments as AnyNode[],
        );
      default:
        // LAMBDA, LET and names the fake does not define.
        return ERRORS.name;
    }
  }

  private scalar(v: FormulaValue): Scalar {
    return Array.isArray(v) ? (v[0]?.[0] ?? null) : v;
  }

  private unary(operator: string, operand: AnyNode): FormulaValue {
    if (operator === "#") {
      if (operand.type !== "ReferenceIdentifier") return ERRORS.ref;
      const ref = parseA1Ref(String(operand.value));
      if (!ref || !("range" in ref)) return ERRORS.ref;
      const sheet = ref.context?.[0] ?? this.at.sheet;
      const { top, left } = ref.range;
      if (top == null || left == null) return ERRORS.ref;
      return this.host.spillOf(sheet, top, left) ?? ERRORS.ref;
    }
    const value = this.evaluate(operand);
    const each = (x: Scalar): Scalar => {
      const n = toNumber(x);
      if (n instanceof ExcelError) return n;
      return operator === "-" ? -n : operator === "%" ? n / 100 : n;
    };
    return Array.isArray(value) ? value.map((row) => row.map(each)) : each(value);
  }

  private binary(operator: string, [a, b]: AnyNode[]): FormulaValue {
    if (!a || !b) return ERRORS.value;
    const x = this.evaluate(a);
    const y = this.evaluate(b);
    if (["+", "-", "*", "/", "^"].includes(operator)) return lift(x, y, arithmetic(operator));
    if (["=", "<>", "<", ">", "<=", ">="].includes(operator)) return lift(x, y, comparison(operator));
    if (operator === "&") return lift(x, y, join);
    // Range, union and intersection operators between evaluated references: not emulated.
    return ERRORS.value;
  }

  private reference(text: string, kind: string): FormulaValue {
    if (kind === "table") {
      const ref = parseStructRef(text);
      if (!ref) return ERRORS.ref;
      const area = this.host.tableArea(ref.table ?? "", ref.columns ?? [], ref.sections ?? [], this.at);
      return area ? this.read(area) : ERRORS.ref;
    }
    if (kind === "name") return ERRORS.name;
    const ref = parseA1Ref(text);
    if (!ref || !("range" in ref)) return ERRORS.ref;
    const sheet = ref.context?.[0] ?? this.at.sheet;
    const used = this.host.usedArea(sheet);
    if (!used) return ERRORS.ref;
    const r = ref.range;
    // A whole column or row reaches as far as the sheet's used cells.
    const area: Area = {
      sheet,
      top: r.top ?? 0,
      left: r.left ?? 0,
      bottom: r.bottom ?? (r.top == null ? used.bottom : r.top),
      right: r.right ?? (r.left == null ? used.right : r.left),
    };
    if (area.top === area.bottom && area.left === area.right) {
      const v = this.host.cell(sheet, area.top, area.left);
      return v === undefined ? ERRORS.ref : v;
    }
    return this.read(area);
  }

  private read(area: Area): Matrix {
    const rows = Math.max(0, area.bottom - area.top + 1);
    const cols = Math.max(0, area.right - area.left + 1);
    if (rows === 0 || cols === 0) return [[null]];
    return Array.from({ length: rows }, (_, r) =>
      Array.from({ length: cols }, (_, c) => this.host.cell(area.sheet, area.top + r, area.left + c) ?? null),
    );
  }

  private call(name: string, args: AnyNode[]): FormulaValue {
    switch (name) {
      case "IF": {
        if (args.length < 2 || args.length > 3) return ERRORS.value;
        const test = this.scalar(this.evaluate(args[0] as AnyNode));
        const n = toNumber(typeof test === "string" ? ERRORS.value : test);
        if (n instanceof ExcelError) return n;
        const branch = n !== 0 ? args[1] : args[2];
        return branch ? this.evaluate(branch) : n !== 0;
      }
      case "IFERROR":
      case "IFNA": {
        if (args.length !== 2) return ERRORS.value;
        const value = this.evaluate(args[0] as AnyNode);
        const caught = (v: Scalar) => v instanceof ExcelError && (name === "IFERROR" || v.code === "#N/A");
        if (Array.isArray(value)) {
          const fallback = this.scalar(this.evaluate(args[1] as AnyNode));
          return value.map((row) => row.map((v) => (caught(v) ? fallback : v)));
        }
        return caught(value) ? this.evaluate(args[1] as AnyNode) : value;
      }
      default:
        break;
    }
    const values = args.map((a) => this.evaluate(a));
    if (name.includes(".")) {
      const custom = this.host.customFunction(name, values, this.at);
      if (custom !== undefined) return custom;
    }
    const fn = libraryFunction(name);
    if (!fn) return ERRORS.name;
    try {
      return fromLibrary(fn(...values.map(toLibrary)));
    } catch {
      return ERRORS.value;
    }
  }
}

/** A formula value as a cell reads it through `Range.values`: an error reads as its code. */
export function asCellValue(v: Scalar): CellValue {
  if (v instanceof ExcelError) return v.code;
  return v ?? 0;
}
