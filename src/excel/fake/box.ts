/**
 * Geometry of cell ranges (`Box`, 0-based top/left with a size): whether two meet, where, and
 * the A1 address Office.js writes for one ("B3", "B3:D7", without the sheet).
 */
import { columnLetters } from "../../workbook/names";
import type { Box } from "./cells";

export function overlaps(box: Box, other: Box): boolean {
  return intersect(box, other) !== null;
}

export function intersect(box: Box, other: Box): Box | null {
  const top = Math.max(box.top, other.top);
  const left = Math.max(box.left, other.left);
  const bottom = Math.min(box.top + box.rows, other.top + other.rows);
  const right = Math.min(box.left + box.cols, other.left + other.cols);
  return bottom > top && right > left ? { top, left, rows: bottom - top, cols: right - left } : null;
}

/** "B3" or "B3:D7", as Office.js writes addresses (without the sheet). */
export function boxAddress(box: Box): string {
  const first = `${columnLetters(box.left)}${box.top + 1}`;
  if (box.rows === 1 && box.cols === 1) return first;
  return `${first}:${columnLetters(box.left + box.cols - 1)}${box.top + box.rows}`;
}
