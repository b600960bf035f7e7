/**
 * Excel's rules for sheet and table names, and A1 addressing helpers.
 *
 * Sheet names: 1–31 characters, none of `: \ / ? * [ ]`, not starting or ending with an
 * apostrophe, not "History" (Excel reserves it). Table names: start with a letter or an
 * underscore, then letters, digits, underscores or periods, no spaces, at most 255 characters,
 * not a cell reference ("A1", "R1C1") and not "C" or "R"; unique in the workbook,
 * case-insensitively ("Rename an Excel table", Microsoft support).
 */
import type { Locale } from "../money";
import type { TableInfo, Workbook } from "./port";

const SHEET_FORBIDDEN = /[:\\/?*[\]]/;

/** Why Excel refuses a sheet name (sentences in ./problem-messages.ts, `nameProblemMessage`). */
export type SheetNameProblem =
  "empty" | "too_long" | "forbidden_character" | "apostrophe_at_edge" | "reserved";

export function sheetNameProblem(name: string): SheetNameProblem | null {
  if (name.length === 0) return "empty";
  if (name.length > 31) return "too_long";
  if (SHEET_FORBIDDEN.test(name)) return "forbidden_character";
  if (name.startsWith("'") || name.endsWith("'")) return "apostrophe_at_edge";
  if (name.toLowerCase() === "history") return "reserved";
  return null;
}

const CELL_REF = /^([a-z]{1,3}\d+|r\d*c\d*)$/i;

/** Why Excel refuses a table name (sentences in ./problem-messages.ts, `nameProblemMessage`). */
export type TableNameProblem = "empty" | "too_long" | "invalid_character" | "cell_reference";

export function tableNameProblem(name: string): TableNameProblem | null {
  if (name.length === 0) return "empty";
  if (name.length > 255) return "too_long";
  if (!/^[\p{L}_\\][\p{L}\p{N}_.]*$/u.test(name)) return "invalid_character";
  if (CELL_REF.test(name) || /^[cr]$/i.test(name)) return "cell_reference";
  return null;
}

/** `base`, or `base (2)`, `base (3)`, … : the first that is valid and not in `taken`. */
export function uniqueSheetName(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((t) => t.toLowerCase()));
  const clean =
    base
      .replace(/[:\\/?*[\]]/g, " ")
      .replace(/^'+|'+$/g, "")
      .trim() || "Sheet";
  for (let attempt = 1; ; attempt++) {
    const suffix = attempt === 1 ? "" : ` (${attempt})`;
    const candidate = clean.slice(0, 31 - suffix.length).trimEnd() + suffix;
    if (!used.has(candidate.toLowerCase()) && sheetNameProblem(candidate) === null) return candidate;
  }
}

/** `base`, or `base_2`, `base_3`, … : the first that is valid and not in `taken`. */
export function uniqueTableName(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((t) => t.toLowerCase()));
  let clean = base
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N}_.]+/gu, "_");
  if (!/^[\p{L}_]/u.test(clean)) clean = `T_${clean}`;
  for (let attempt = 1; ; attempt++) {
    const candidate = attempt === 1 ? clean : `${clean}_${attempt}`;
    if (!used.has(candidate.toLowerCase()) && tableNameProblem(candidate) === null) return candidate;
  }
}

/** Column letters of a 0-based column index: 0 → "A", 27 → "AB". */
export function columnLetters(index: number): string {
  let letters = "";
  let remaining = index + 1;
  while (remaining > 0) {
    const digit = (remaining - 1) % 26;
    letters = String.fromCharCode(65 + digit) + letters;
    remaining = Math.floor((remaining - 1) / 26);
  }
  return letters;
}

/** 0-based row and column of an A1 reference ("C5" → { row: 4, column: 2 }). */
export function parseA1(ref: string): { row: number; column: number } {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ref.trim());
  if (!match?.[1] || !match[2]) throw new RangeError(`not an A1 cell reference: ${ref}`);
  let column = 0;
  for (const ch of match[1].toUpperCase()) column = column * 26 + (ch.charCodeAt(0) - 64);
  const row = Number(match[2]);
  if (row < 1) throw new RangeError(`not an A1 cell reference: ${ref}`);
  return { row: row - 1, column: column - 1 };
}

/**
 * A column header as it goes inside a structured reference's brackets (`Table[...]`): Excel
 * requires `[`, `]`, `#` and `'` in a column specifier to be escaped with a single quotation
 * mark ("Using structured references with Excel tables", Microsoft support: "Use the escape
 * character for some special characters in column headers"). Every structured reference the
 * add-in builds goes through here: `${table}[${structuredRefColumn(header)}]`.
 */
export function structuredRefColumn(header: string): string {
  return header.replace(/['#[\]]/g, "'$&");
}

/** The header a `structuredRefColumn` specifier names (the escapes removed). */
export function parseStructuredRefColumn(specifier: string): string {
  return specifier.replace(/'(.)/gsu, "$1");
}

/** A table the add-in names in each display language ("ValePix_Colaboradores" / "ValePix_Employees"). */
export type LocalTableNames = Readonly<Record<Locale, string>>;

/**
 * The table of this kind in the workbook, whichever display language created it (the locale's own
 * name first); when there is none, the name to create it under in `locale` (an
 * English pane creates English names, and a workbook started in Portuguese keeps its tables).
 */
export async function localTableName(
  workbook: Pick<Workbook, "getTable">,
  names: LocalTableNames,
  locale: Locale,
): Promise<string> {
  const others = Object.values(names).filter((name) => name !== names[locale]);
  for (const name of [names[locale], ...others]) {
    const found = await workbook.getTable(name);
    if (found) return found.name;
  }
  return names[locale];
}

/** The table of this kind in the workbook, whichever display language created it; null when none. */
export async function findLocalTable(
  workbook: Pick<Workbook, "getTable">,
  names: LocalTableNames,
): Promise<TableInfo | null> {
  for (const name of Object.values(names)) {
    const found = await workbook.getTable(name);
    if (found) return found;
  }
  return null;
}

/**
 * The column of each field in a header, by its header in either display language (case and
 * surrounding spaces aside); -1 for a field a person removed.
 */
export function localColumns<K extends string>(
  header: readonly string[],
  headers: Readonly<Record<Locale, Readonly<Record<K, string>>>>,
): Record<K, number> {
  const lower = header.map((h) => h.trim().toLowerCase());
  const out = {} as Record<K, number>;
  for (const key of Object.keys(headers["pt-BR"]) as K[])
    out[key] = lower.findIndex(
      (h) => h === headers["pt-BR"][key].toLowerCase() || h === headers["en-US"][key].toLowerCase(),
    );
  return out;
}
