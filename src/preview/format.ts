/**
 * What a cell shows: its value through its Excel number format code, with the separators of
 * the display language (numfmt implements Excel's format codes: sections, literals, text "@",
 * dates as serial numbers). pt-BR shows `"R$" #,##0.00` as "R$ 1.234,56", as Excel does in a
 * Brazilian locale; en-US as "R$ 1,234.56".
 */
import { format as numfmt, formatColor } from "numfmt";
import type { CellSnapshot } from "./snapshot";

export type DisplayLocale = "pt-BR" | "en-US";

const BOOLEANS: Record<DisplayLocale, [string, string]> = {
  "pt-BR": ["VERDADEIRO", "FALSO"],
  "en-US": ["TRUE", "FALSE"],
};

export function displayText(cell: CellSnapshot | undefined, locale: DisplayLocale): string {
  if (!cell) return "";
  const { value } = cell;
  if (typeof value === "boolean") return BOOLEANS[locale][value ? 0 : 1];
  if (value === "") return "";
  const code = cell.format ?? "General";
  if (typeof value === "string" || code === "@") return String(value);
  try {
    return numfmt(code, value, { locale, throws: true });
  } catch {
    // A format code numfmt cannot read: show the number as General does.
    return numfmt("General", value, { locale });
  }
}

/** The colour a format section names (e.g. `[Red]` for negatives), or null. */
export function displayColour(cell: CellSnapshot | undefined): string | null {
  if (!cell || typeof cell.value !== "number" || !cell.format) return null;
  try {
    const colour = formatColor(cell.format, cell.value);
    return typeof colour === "string" ? colour : null;
  } catch {
    return null;
  }
}

/** Numbers line up on the right, text on the left, as in Excel's General alignment. */
export function alignsRight(cell: CellSnapshot | undefined): boolean {
  return typeof cell?.value === "number" && cell.format !== "@";
}
