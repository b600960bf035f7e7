/**
 * The one blank-cell rule: `null`, `undefined`, `""` (how Office.js `Range.values` reads an empty
 * cell) or a string of spaces only. "Spaces" are every Unicode space, U+00A0 and U+202F (what
 * `Intl.NumberFormat` writes) and U+FEFF included: `String.prototype.trim` removes exactly the
 * ECMAScript WhiteSpace and LineTerminator characters, which cover them all. A number, a boolean
 * or any other value is never blank.
 */
export function isBlankCell(cell: unknown): boolean {
  if (cell === null || cell === undefined || cell === "") return true;
  return typeof cell === "string" && cell.trim() === "";
}
