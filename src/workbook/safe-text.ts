/**
 * Formula-injection-safe text for cells (docs/architecture.md §2 "Writing API text into cells"; OWASP "CSV
 * Injection"): text that comes from the API or from people (names, e-mails, error messages)
 * and starts with `=`, `+`, `-` or `@` would be taken by Excel as a formula when written
 * through `Range.values`. A leading apostrophe makes Excel keep it as text: the apostrophe is
 * Excel's "text prefix", not part of the cell's value, so the cell reads back as the original
 * text. Tab and carriage return are included too, as OWASP lists them.
 *
 * A starter behind leading blanks is one too: spreadsheet programs trim or
 * skip leading whitespace before reading a formula (OWASP's CSV-injection guidance lists
 * " =", tab, CR and LF before a starter), so text whose first character that is not whitespace,
 * a control character or an invisible format character (space, NBSP, tab, CR, LF, U+2000-U+200B,
 * U+FEFF...) is `=`, `+`, `-` or `@` gets the apostrophe too, as does text starting with a tab,
 * a carriage return or a line feed.
 *
 * Digit-only text (CPF, employee ids) that must stay text is a different matter: Excel turns
 * "01234567890" into a number when the cell is not text-formatted. Write such columns with the
 * number format "@" (see `ColumnWrite.numberFormat`), or pass `{ keepDigits: true }` here.
 */

/**
 * A starter after leading characters a reader may skip: whitespace (`\s` covers NBSP,
 * U+2000-U+200A, U+3000, U+FEFF, the line and paragraph separators), control characters (Cc) and
 * format characters (Cf: zero-width space and joiners, bidi marks); or a tab, CR or LF first.
 */
const FORMULA_START = /^[\s\p{Cc}\p{Cf}]*[=+\-@]|^[\t\r\n]/u;
/** Strings Excel would turn into a number or boolean when written to a General cell. */
const LOOKS_NUMERIC = /^\s*[+-]?(\d[\d,]*(\.\d*)?|\.\d+)([eE][+-]?\d+)?%?\s*$|^\s*(true|false)\s*$/i;

export interface SafeTextOptions {
  /** Also protect text that Excel would convert to a number or boolean (e.g. "00123"). */
  keepDigits?: boolean;
}

/** True when `text` would be taken as a formula if written as is. */
export function isFormulaLike(text: string): boolean {
  return FORMULA_START.test(text);
}

/** Text safe to write into a cell through `Range.values`. */
export function safeText(text: string, options: SafeTextOptions = {}): string {
  if (FORMULA_START.test(text)) return `'${text}`;
  if (options.keepDigits === true && LOOKS_NUMERIC.test(text)) return `'${text}`;
  // A text that already starts with an apostrophe would lose it as a prefix: double it.
  if (text.startsWith("'")) return `'${text}`;
  return text;
}
