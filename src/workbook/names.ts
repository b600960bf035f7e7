/**
 * Excel's rules for sheet and table names, and A1 addressing helpers.
 *
 * Sheet names: 1–31 characters, none of `: \ / ? * [ ]`, not starting or ending with an
 * apostrophe, not "History" (Excel reserves it). Table names: start with a letter or an
 * underscore, then letters, digits, underscores or periods, no spaces, at most 255 characters,
 * not a cell reference ("A1", "R1C1") and not "C" or "R"; unique in the workbook,
 * case-insensitively ("Rename an Excel table", Microsoft support).
 */

const SHEET_FORBIDDEN = /[:\\/?*[\]]/;

export function sheetNameProblem(name: string): string | null {
  if (name.length === 0) return "a sheet name cannot be empty";
  if (name.length > 31) return "a sheet name has at most 31 characters";
  if (SHEET_FORBIDDEN.test(name)) return "a sheet name cannot contain : \\ / ? * [ ]";
  if (name.startsWith("'") || name.endsWith("'"))
    return "a sheet name cannot start or end with an apostrophe";
  if (name.toLowerCase() === "history") return '"History" is reserved by Excel';
  return null;
}

const CELL_REF = /^([a-z]{1,3}\d+|r\d*c\d*)$/i;

export function tableNameProblem(name: string): string | null {
  if (name.length === 0) return "a table name cannot be empty";
  if (name.length > 255) return "a table name has at most 255 characters";
  if (!/^[\p{L}_\\][\p{L}\p{N}_.]*$/u.test(name)) {
    return "a table name starts with a letter or _ and has only letters, digits, _ and .";
  }
  if (CELL_REF.test(name) || /^[cr]$/i.test(name)) return "a table name cannot look like a cell reference";
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
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : ` (${n})`;
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
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? clean : `${clean}_${n}`;
    if (!used.has(candidate.toLowerCase()) && tableNameProblem(candidate) === null) return candidate;
  }
}

/** Column letters of a 0-based column index: 0 → "A", 27 → "AB". */
export function columnLetters(index: number): string {
  let s = "";
  let n = index + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** 0-based row and column of an A1 reference ("C5" → { row: 4, column: 2 }). */
export function parseA1(ref: string): { row: number; column: number } {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ref.trim());
  if (!m?.[1] || !m[2]) throw new RangeError(`not an A1 cell reference: ${ref}`);
  let column = 0;
  for (const ch of m[1].toUpperCase()) column = column * 26 + (ch.charCodeAt(0) - 64);
  const row = Number(m[2]);
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
