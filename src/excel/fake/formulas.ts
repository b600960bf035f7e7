/**
 * The fake Excel's formula engine: a formula is parsed by @borgar/fx (./formula-tree.ts), its
 * worksheet functions are @formulajs/formulajs's (./formula-library.ts), and this file
 * evaluates the tree against the fake's cells with Excel's operators (./formula-operators.ts).
 * Both libraries stay out of the add-in's bundle: only the fake and the preview use them.
 *
 * What Excel does that this follows, with its source:
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
 */
import { parseA1Ref, parseStructRef } from "@borgar/fx";
import {
  type Area,
  type CellAt,
  ERRORS,
  ExcelError,
  type FormulaHost,
  type FormulaValue,
  type Matrix,
  type Scalar,
} from "./formula-values";
import { arithmetic, comparison, join, lift, toNumber } from "./formula-operators";
import { fromLibrary, libraryFunction, toLibrary } from "./formula-library";
import { type AnyNode, treeOf } from "./formula-tree";

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

function finish(value: Scalar): Scalar {
  if (value === null) return 0;
  if (typeof value === "number") return Number.isFinite(value) ? value + 0 : ERRORS.num;
  return value;
}

// ---------------------------------------------------------------------------------------------
// The evaluator

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

  private scalar(value: FormulaValue): Scalar {
    return Array.isArray(value) ? (value[0]?.[0] ?? null) : value;
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
    const each = (element: Scalar): Scalar => {
      const asNumber = toNumber(element);
      if (asNumber instanceof ExcelError) return asNumber;
      return operator === "-" ? -asNumber : operator === "%" ? asNumber / 100 : asNumber;
    };
    return Array.isArray(value) ? value.map((row) => row.map(each)) : each(value);
  }

  private binary(operator: string, [a, b]: AnyNode[]): FormulaValue {
    if (!a || !b) return ERRORS.value;
    const left = this.evaluate(a);
    const right = this.evaluate(b);
    if (["+", "-", "*", "/", "^"].includes(operator)) return lift(left, right, arithmetic(operator));
    if (["=", "<>", "<", ">", "<=", ">="].includes(operator)) return lift(left, right, comparison(operator));
    if (operator === "&") return lift(left, right, join);
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
    const range = ref.range;
    // A whole column or row reaches as far as the sheet's used cells.
    const area: Area = {
      sheet,
      top: range.top ?? 0,
      left: range.left ?? 0,
      bottom: range.bottom ?? (range.top == null ? used.bottom : range.top),
      right: range.right ?? (range.left == null ? used.right : range.left),
    };
    if (area.top === area.bottom && area.left === area.right) {
      const value = this.host.cell(sheet, area.top, area.left);
      return value === undefined ? ERRORS.ref : value;
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
        const condition = toNumber(typeof test === "string" ? ERRORS.value : test);
        if (condition instanceof ExcelError) return condition;
        const branch = condition !== 0 ? args[1] : args[2];
        return branch ? this.evaluate(branch) : condition !== 0;
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
