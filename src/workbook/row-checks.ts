/**
 * Two checks on a row's text cells that catch what payroll sheets really do:
 *
 * - Totals rows. Payroll exports end with a row labelled "TOTAL", "Total geral:" or "Soma" in
 *   their first column, which is often the CPF, the employee id or the registration number
 *   (Matrícula). Such a row holds sums, not a person: it is skipped with a warning instead of
 *   being reported as an invalid CPF or a row without identity.
 * - Names against identity. A sort of one column, or a paste one row off, leaves each CPF beside
 *   someone else's name and amounts: the CPF pays the wrong person. When the row's name shares no
 *   word with the name on record, the row is warned. Shortened and reordered names ("Ana S.",
 *   "Souza, Ana") share a word and are not warned; connectives ("da", "de", "do", "dos", "das",
 *   "e") and initials do not count as shared words.
 */
import { headerKey } from "./headers";
import type { CellValue } from "./port";

/** `headerKey` of the labels payroll exports put on their totals rows. */
const TOTALS_KEYS = new Set([
  "total",
  "totais",
  "totalgeral",
  "totaisgerais",
  "subtotal",
  "soma",
  "somatotal",
  "somatorio",
  "grandtotal",
]);

/** The cell's text when it is a totals label ("TOTAL", "Total geral:", "Soma"), else undefined. */
export function totalsLabel(cell: CellValue | undefined): string | undefined {
  // Cheap refusals first: this runs on identity cells of rows that failed to match.
  if (typeof cell !== "string" || cell.length > 40) return undefined;
  const text = cell.trim();
  if (!/^\p{L}/u.test(text)) return undefined;
  return TOTALS_KEYS.has(headerKey(text)) ? text : undefined;
}

const CONNECTIVES = new Set(["da", "de", "do", "dos", "das", "e"]);

/**
 * The words of a person's name that identify them: accents and case dropped, connectives and
 * initials (one letter) left out. "Souza, Ana M." -> ["souza", "ana"].
 */
export function nameWords(name: string): string[] {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !CONNECTIVES.has(w));
}

/**
 * False only when both names have words and none is shared: the row's name and the name on
 * record are then two different people. A name without words (blank, initials only) says
 * nothing, so it is not a disagreement.
 */
export function namesAgree(rowName: string, recordedName: string): boolean {
  if (rowName === recordedName) return true;
  const row = nameWords(rowName);
  const recorded = nameWords(recordedName);
  if (row.length === 0 || recorded.length === 0) return true;
  return row.some((w) => recorded.includes(w));
}
