/**
 * Evaluates the custom conditional formats the add-in writes on its status column, so the
 * preview shows the colours Excel would. Only the shape the add-in uses is understood: a
 * comparison of one cell (relative to the rule range's top-left cell, as Excel reads a custom
 * rule's formula: "ConditionalFormatRule.formula",
 * https://learn.microsoft.com/javascript/api/excel/excel.conditionalformatrule) with a quoted
 * text, `=$G2="Erro"`, or `=LEFT($G2,n)="text"`, and `OR(…)` of such comparisons (what the
 * adapter's `setColumnHighlight` writes for several texts); any other formula colours nothing.
 */
import type { CellSnapshot, ConditionalFormatSnapshot, SheetSnapshot } from "./snapshot";
import { columnIndex, parseRange } from "./snapshot";

const COMPARISON =
  /^\s*(?:LEFT\(\s*(\$?)([A-Z]{1,3})(\$?)(\d+)\s*,\s*(\d+)\s*\)|(\$?)([A-Z]{1,3})(\$?)(\d+))\s*=\s*"((?:[^"]|"")*)"\s*$/i;
const OR = /^\s*OR\((.*)\)\s*$/i;

export interface CellColours {
  fill?: string;
  font?: string;
}

/** The colours of the cell at (row, column), from the first rule that holds there. */
export function conditionalColours(
  sheet: SheetSnapshot,
  row: number,
  column: number,
  at: (r: number, c: number) => CellSnapshot | undefined,
): CellColours | null {
  for (const cf of sheet.conditionalFormats) {
    if (holds(cf, row, column, at))
      return { ...(cf.fill ? { fill: cf.fill } : {}), ...(cf.font ? { font: cf.font } : {}) };
  }
  return null;
}

function holds(
  cf: ConditionalFormatSnapshot,
  row: number,
  column: number,
  at: (r: number, c: number) => CellSnapshot | undefined,
): boolean {
  const box = parseRange(cf.ref);
  if (row < box.top || row > box.bottom || column < box.left || column > box.right) return false;
  const body = cf.formula.replace(/^=/, "");
  const parts = OR.exec(body)?.[1];
  const comparisons = parts === undefined ? [body] : splitArguments(parts);
  return comparisons.some((c) => compares(c, box, row, column, at));
}

function compares(
  comparison: string,
  box: { top: number; left: number },
  row: number,
  column: number,
  at: (r: number, c: number) => CellSnapshot | undefined,
): boolean {
  const match = COMPARISON.exec(comparison);
  if (!match) return false;
  const left = match[2] !== undefined;
  const [colAbs, letters, rowAbs, rowText] = left
    ? [match[1], match[2], match[3], match[4]]
    : [match[6], match[7], match[8], match[9]];
  const refRow = Number(rowText) - 1;
  const refCol = columnIndex(letters ?? "A");
  const targetRow = rowAbs ? refRow : refRow + (row - box.top);
  const targetColumn = colAbs ? refCol : refCol + (column - box.left);
  let text = String(at(targetRow, targetColumn)?.value ?? "");
  if (left) text = text.slice(0, Number(match[5]));
  const expected = (match[10] ?? "").replace(/""/g, '"');
  return text.localeCompare(expected, undefined, { sensitivity: "accent" }) === 0;
}

/** "a,b" → ["a", "b"], keeping commas inside quotes and parentheses. */
function splitArguments(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === "(") depth++;
    else if (!quoted && ch === ")") depth--;
    else if (!quoted && depth === 0 && ch === ",") {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}
