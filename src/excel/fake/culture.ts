/**
 * How Excel reads text into a cell, and formulas in the person's language.
 *
 * - Text written through `Range.values` or `Range.formulas` is read as if typed **in the en-US
 *   culture**, whatever the person's culture (by design, OfficeDev/office-js#1559; dates written
 *   as text are a known trap, #3775 and #5317): "05/06/2026" is 6 May 2026, "10%" is 0.1 and "1-2"
 *   is 2 January. A person typing, and `Range.formulasLocal`, use the workbook's culture
 *   (`Application.cultureInfo`, ExcelApi 1.11): in pt-BR "05/06/2026" is 5 June and "1.234,56" is
 *   1234.56 ("Change the character used to separate thousands or decimals",
 *   https://support.microsoft.com/office/c093b545-71cb-4903-b205-aebb9837bd1e).
 *   numfmt's `parseValue` (MIT, Excel's input parser: numbers with grouping, percentages,
 *   currencies, dates, times and booleans, per locale) reads the text; the number format Excel
 *   gives a General cell typed that way (a date's short date, "0%", the currency) comes with it.
 *   Numbers keep 15 significant digits ("Excel specifications and limits": number precision).
 * - A formula in the person's language (`formulasLocal`, typing): pt-BR separates arguments with
 *   ";" and decimals with ",", and names functions in Portuguese (SOMA for SUM); Excel stores the
 *   invariant form (`Range.formulas`: English names, "," and "."). The names below are those of
 *   Microsoft's Portuguese (Brazil) function reference ("Funções do Excel (por categoria)",
 *   https://support.microsoft.com/pt-br/office/funções-do-excel-por-categoria-5f91f4e9-7b42-46d2-9bd1-63f26a86c0eb);
 *   a custom function's localized name comes from its localized metadata (./custom-functions.ts).
 *   Array constants in local form are not translated.
 */
import { format, getFormatFromId, parseValue } from "numfmt";

import type { CellValue } from "../../workbook/port";

export type Culture = "en-US" | "pt-BR";

/** `Application.cultureInfo`'s separators ("CultureInfo", "NumberFormatInfo", ExcelApi 1.11). */
export const CULTURE_INFO: Record<Culture, { name: Culture; decimal: string; group: string; list: string }> =
  {
    "en-US": { name: "en-US", decimal: ".", group: ",", list: "," },
    "pt-BR": { name: "pt-BR", decimal: ",", group: ".", list: ";" },
  };

/** Excel's currency formats (built-in ids 5–8) in each culture. */
const CURRENCY: Record<Culture, string> = {
  "en-US": "$#,##0.00_);[Red]($#,##0.00)",
  "pt-BR": '"R$" #,##0.00',
};

/** A short date in each culture (built-in id 14 shows the system's short date). */
const SHORT_DATE: Record<Culture, string> = { "en-US": "m/d/yyyy", "pt-BR": "dd/mm/yyyy" };

/**
 * What Excel stores for text typed in `culture`: a number, date, time or boolean with the format
 * a General cell takes, or undefined when the text stays text.
 */
export function parseTyped(
  text: string,
  culture: Culture,
): { value: number | boolean; format?: string } | undefined {
  const parsed = parseValue(text.trim(), { locale: culture }) as
    { value: number | boolean; formatId?: number } | null | undefined;
  if (!parsed || (typeof parsed.value !== "number" && typeof parsed.value !== "boolean")) return undefined;
  const value = typeof parsed.value === "number" ? fifteenDigits(parsed.value) : parsed.value;
  const id = parsed.formatId;
  if (id === undefined) return { value };
  if (id >= 5 && id <= 8) return { value, format: CURRENCY[culture] };
  if (id === 14) return { value, format: SHORT_DATE[culture] };
  return { value, format: String(getFormatFromId(id)) };
}

/** A number as Excel keeps it: 15 significant digits. */
function fifteenDigits(value: number): number {
  return value === 0 ? 0 : Number(value.toPrecision(15));
}

/** Portuguese (Brazil) → English function names. */
const PT_BR_FUNCTIONS: Record<string, string> = {
  ABS: "ABS",
  AGORA: "NOW",
  ANO: "YEAR",
  ARRED: "ROUND",
  "ARREDONDAR.PARA.BAIXO": "ROUNDDOWN",
  "ARREDONDAR.PARA.CIMA": "ROUNDUP",
  ARRUMAR: "TRIM",
  CLASSIFICAR: "SORT",
  CONCAT: "CONCAT",
  CONCATENAR: "CONCATENATE",
  "CONT.NÚM": "COUNT",
  "CONT.SE": "COUNTIF",
  "CONT.SES": "COUNTIFS",
  "CONT.VALORES": "COUNTA",
  CORRESP: "MATCH",
  DATA: "DATE",
  DATAM: "EDATE",
  DIA: "DAY",
  DIREITA: "RIGHT",
  E: "AND",
  "ÉCÉL.VAZIA": "ISBLANK",
  ÉERRO: "ISERROR",
  ESQUERDA: "LEFT",
  "EXT.TEXTO": "MID",
  FILTRO: "FILTER",
  FIMMÊS: "EOMONTH",
  HOJE: "TODAY",
  ÍNDICE: "INDEX",
  INT: "INT",
  MAIÚSCULA: "UPPER",
  MÁXIMO: "MAX",
  MÉDIA: "AVERAGE",
  MÊS: "MONTH",
  MÍNIMO: "MIN",
  MINÚSCULA: "LOWER",
  NÃO: "NOT",
  "NÚM.CARACT": "LEN",
  OU: "OR",
  PROCV: "VLOOKUP",
  PROCX: "XLOOKUP",
  SE: "IF",
  SEERRO: "IFERROR",
  SENÃODISP: "IFNA",
  SOMA: "SUM",
  SOMARPRODUTO: "SUMPRODUCT",
  SOMASE: "SUMIF",
  SOMASES: "SUMIFS",
  SUBTOTAL: "SUBTOTAL",
  TEXTO: "TEXT",
  ÚNICO: "UNIQUE",
  VALOR: "VALUE",
};
const PT_TO_EN = new Map(Object.entries(PT_BR_FUNCTIONS));
const EN_TO_PT = new Map([...PT_TO_EN].map(([pt, en]) => [en, pt]));
const PT_BOOLEANS = new Map([
  ["VERDADEIRO", "TRUE"],
  ["FALSO", "FALSE"],
]);
const EN_BOOLEANS = new Map([...PT_BOOLEANS].map(([pt, en]) => [en, pt]));

/** Custom functions' names: the localized name → the invariant one, by upper case. */
export type NameMap = ReadonlyMap<string, string>;

/**
 * Walks a formula outside its string literals, quoted sheet names and structured references,
 * giving each stretch of code to `code`; strings and quoted names are kept as they are, and inside
 * a structured reference (where "'" escapes a bracket) only the separators between its parts
 * ("[#Data];[Amount]" in pt-BR) go through `separator`.
 */
function mapCode(
  formula: string,
  code: (stretch: string) => string,
  separator: (s: string) => string,
): string {
  let out = "";
  let i = 0;
  while (i < formula.length) {
    const ch = formula[i];
    if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < formula.length && !(formula[j] === ch && formula[j + 1] !== ch))
        j += formula[j] === ch ? 2 : 1;
      out += formula.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (ch === "[") {
      let depth = 0;
      let j = i;
      for (; j < formula.length; j++) {
        const bracketChar = formula[j];
        if (bracketChar === "'") {
          out += formula.slice(j, j + 2);
          j++;
          continue;
        }
        if (bracketChar === "[") depth++;
        if (bracketChar === "]") depth--;
        out +=
          depth === 1 && (bracketChar === ";" || bracketChar === ",") ? separator(bracketChar) : bracketChar;
        if (depth === 0) break;
      }
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < formula.length && formula[j] !== '"' && formula[j] !== "'" && formula[j] !== "[") j++;
    out += code(formula.slice(i, j));
    i = j;
  }
  return out;
}

const NAME = /([A-Za-zÀ-ÿ_][A-Za-zÀ-ÿ0-9_.]*)(\s*\()|\b(VERDADEIRO|FALSO|TRUE|FALSE)\b/giu;

/** `formulasLocal` → `formulas`: the invariant form of a formula typed in `culture`. */
export function formulaFromLocal(formula: string, culture: Culture, custom: NameMap = new Map()): string {
  if (culture === "en-US")
    return mapCode(
      formula,
      (c) =>
        c.replace(NAME, (m, name: string, paren: string) =>
          name ? (custom.get(name.toUpperCase()) ?? name) + paren : m,
        ),
      (sep) => sep,
    );
  return mapCode(
    formula,
    (c) =>
      c
        .replace(/,/g, "\uE000")
        .replace(/;/g, ",")
        .replace(/\uE000/g, ".")
        .replace(
          NAME,
          (_match, name: string | undefined, paren: string | undefined, bool: string | undefined) => {
            if (bool) return PT_BOOLEANS.get(bool.toUpperCase()) ?? bool;
            const upper = (name ?? "").toUpperCase();
            return (custom.get(upper) ?? PT_TO_EN.get(upper) ?? name ?? "") + (paren ?? "");
          },
        ),
    (sep) => (sep === ";" ? "," : sep),
  );
}

/** `formulas` → `formulasLocal`: a formula as a person in `culture` reads it. */
function formulaToLocal(formula: string, culture: Culture, custom: NameMap = new Map()): string {
  const local = (name: string) => custom.get(name.toUpperCase()) ?? name;
  if (culture === "en-US")
    return mapCode(
      formula,
      (c) => c.replace(NAME, (m, name: string, paren: string) => (name ? local(name) + paren : m)),
      (sep) => sep,
    );
  return mapCode(
    formula,
    (c) =>
      c
        .replace(/,/g, "\uE000")
        .replace(/\./g, (dot, at: number, whole: string) =>
          /\d/.test(whole[at - 1] ?? "") && /\d/.test(whole[at + 1] ?? "") ? "," : dot,
        )
        .replace(/\uE000/g, ";")
        .replace(
          NAME,
          (_match, name: string | undefined, paren: string | undefined, bool: string | undefined) => {
            if (bool) return EN_BOOLEANS.get(bool.toUpperCase()) ?? bool;
            const upper = (name ?? "").toUpperCase();
            return (custom.has(upper) ? local(upper) : (EN_TO_PT.get(upper) ?? name ?? "")) + (paren ?? "");
          },
        ),
    (sep) => (sep === "," ? ";" : sep),
  );
}

/** `Range.formulas` → `Range.formulasLocal`: each formula as a person in `culture` reads it, other cells as they are. */
export function formulasToLocal(rows: CellValue[][], culture: Culture, custom?: NameMap): CellValue[][] {
  return rows.map((row) =>
    row.map((v) => (typeof v === "string" && v.startsWith("=") ? formulaToLocal(v, culture, custom) : v)),
  );
}

const BOOLEAN_TEXT: Record<Culture, [string, string]> = {
  "en-US": ["TRUE", "FALSE"],
  "pt-BR": ["VERDADEIRO", "FALSO"],
};

/** What a cell shows (`Range.text`): its value through its number format, in `culture`. */
export function shownText(value: CellValue, numberFormat: string, culture: Culture): string {
  if (typeof value === "boolean") return BOOLEAN_TEXT[culture][value ? 0 : 1];
  if (typeof value === "string") return value;
  try {
    return format(numberFormat, value, { locale: culture, throws: true });
  } catch {
    return format("General", value, { locale: culture });
  }
}
