/**
 * Geometry of cell ranges (`Box`, 0-based top/left with a size): whether two meet, where, and
 * the A1 address Office.js writes for one ("B3", "B3:D7", without the sheet).
 */
import { columnLetters } from "../../workbook/names";
import type { Box } from "./cells";

export function overlaps(a: Box, b: Box): boolean {
  return intersect(a, b) !== null;
}

export function intersect(a: Box, b: Box): Box | null {
  const top = Math.max(a.top, b.top);
  const left = Math.max(a.left, b.left);
  const bottom = Math.min(a.top + a.rows, b.top + b.rows);
  const right = Math.min(a.left + a.cols, b.left + b.cols);
  return bottom > top && right > left ? { top, left, rows: bottom - top, cols: right - left } : null;
}

/** "B3" or "B3:D7", as Office.js writes addresses (without the sheet). */
export function boxAddress(b: Box): string {
  const first = `${columnLetters(b.left)}${b.top + 1}`;
  if (b.rows === 1 && b.cols === 1) return first;
  return `${first}:${columnLetters(b.left + b.cols - 1)}${b.top + b.rows}`;
}
