/**
 * A formula of the fake Excel as a tree, parsed by @borgar/fx (MIT, Excel's grammar: references,
 * structured references, spill references, array constants) and cached, and what the tree tells
 * without evaluating it: whether the formula parses, and whether it can give an array that spills.
 */
import { parse, tokenize } from "@borgar/fx";
import { ERRORS, ExcelError } from "./formula-values";
import { libraryFunction } from "./formula-library";

/** A node of @borgar/fx's tree, read by its type. */
export interface AnyNode {
  type: string;
  [key: string]: unknown;
}

type Node = ReturnType<typeof parse>;

const parsed = new Map<string, Node | ExcelError>();

/** The formula's tree ("=" included or not), cached: a workbook repeats few distinct formulas. */
export function treeOf(formula: string): Node | ExcelError {
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
