/**
 * The distribution template: a new sheet with a table ready to fill in, built from the active
 * employees and the products (docs/architecture.md §1 src/workbook).
 *
 * Layout: ID do colaborador | CPF | Nome | E-mail | Centro de custo | one column per product |
 * Status ValePix | Mensagem ValePix | Total da linha, with a totals row.
 * - The cost centre is left blank for people to fill in: it is booked with the payment in the
 *   ledger, never sent.
 * - ID and CPF columns are text-formatted ("@"), so Excel keeps leading zeros; the CPF is written
 *   formatted (123.456.789-09): people read it at a glance, and normalizeCpf reads it back.
 * - Product columns: currency format, data validation "non-negative number", a sum in the totals
 *   row. Their header is the product name, so the automatic mapping finds it; when two products
 *   share a name (after normalization), or the name is a known header (any alias of mapping.ts:
 *   "Documento", "Obs", "Cargo", ...), or starts like a formula, the header carries the id in
 *   brackets ("Vale Refeição [prod_1]").
 * - API text (ids, names, e-mails) goes through safeText.
 * - The mapping of every column is saved with the workbook, so a product renamed later in the
 *   API does not break the sheet.
 */
import type { Employee, Product } from "../api/schemas";
import { SITUATION_ACTIVE } from "../api/schemas";
import { formatCpf, normalizeCpf } from "../money";
import { ADDIN_HEADERS, ALIAS_KEYS, IDENTITY_HEADERS, headerKey } from "./headers";
import { type TableMapping, computeMapping, mappingToOverride } from "./mapping";
import { saveMappingOverride } from "./mapping-store";
import type { Locale } from "../money";
import { STATUS_HIGHLIGHT } from "./status-rule";
import { uniqueSheetName, uniqueTableName } from "./names";
import { type CellValue, type NewColumn, TEXT_FORMAT, type TableInfo, type Workbook } from "./port";
import { isFormulaLike, safeText } from "./safe-text";

/** Excel number format for amounts in reais (literal symbol; separators follow Excel's locale). */
export const CURRENCY_FORMAT = '"R$" #,##0.00';

export interface TemplateOptions {
  employees: readonly Employee[];
  products: readonly Product[];
  /** Language of headers and sheet name. Default "pt-BR". */
  locale?: Locale;
  /** Desired sheet name (made unique). Default "Distribuição" / "Distribution". */
  sheetName?: string;
  /** Desired table name (made unique). Default "ValePix_Distribuicao" / "ValePix_Distribution". */
  tableName?: string;
  /** Include employees whose situation is not active. Default false. */
  includeInactive?: boolean;
}

export interface TemplateResult {
  table: TableInfo;
  mapping: TableMapping;
}

/**
 * Product headers: the name, or "name [id]" when the name alone would not map back safely.
 * Every alias of mapping.ts (identity, info and add-in headers such as "Documento", "Obs",
 * "Cargo") is reserved on top of `reserved`: a bare "Documento" would map as a second CPF column.
 */
export function productHeaders(products: readonly Product[], reserved: readonly string[] = []): string[] {
  const count = new Map<string, number>();
  for (const product of products)
    count.set(headerKey(product.name), (count.get(headerKey(product.name)) ?? 0) + 1);
  const reservedKeys = new Set([...ALIAS_KEYS, ...reserved.map(headerKey)]);
  return products.map((product) => {
    const key = headerKey(product.name);
    const name = product.name.replace(/^[=+\-@\t\r\s]+/, "").trim();
    const clash =
      key === "" || (count.get(key) ?? 0) > 1 || reservedKeys.has(key) || isFormulaLike(product.name);
    return clash ? `${name || "Produto"} [${product.id}]` : product.name;
  });
}

/** The sheet's and the table's names: the ones asked for (or the locale's default), made unique. */
async function templateNames(
  workbook: Workbook,
  options: TemplateOptions,
  locale: Locale,
): Promise<{ sheet: string; table: string }> {
  const [sheets, tables] = await Promise.all([workbook.listSheets(), workbook.listTables()]);
  const sheet = uniqueSheetName(
    options.sheetName ?? (locale === "pt-BR" ? "Distribuição" : "Distribution"),
    sheets.map((s) => s.name),
  );
  const table = uniqueTableName(
    options.tableName ?? (locale === "pt-BR" ? "ValePix_Distribuicao" : "ValePix_Distribution"),
    tables.map((t) => t.name),
  );
  return { sheet, table };
}

/** The template's columns: identity, cost centre, one per product, then the add-in's own. */
function templateColumns(locale: Locale, products: readonly Product[]): NewColumn[] {
  const ids = IDENTITY_HEADERS[locale];
  const own = ADDIN_HEADERS[locale];
  const fixedHeaders = [
    ids.employee_id,
    ids.cpf,
    ids.name,
    ids.email,
    ids.costCentre,
    own.status,
    own.message,
    own.total,
  ];
  // The fixed headers are aliases already; they are passed in case one ever is not.
  const pHeaders = productHeaders(products, fixedHeaders);

  return [
    {
      header: ids.employee_id,
      numberFormat: TEXT_FORMAT,
      widthPoints: 110,
      total: { kind: "label", text: "Total" },
    },
    { header: ids.cpf, numberFormat: TEXT_FORMAT, widthPoints: 100 },
    { header: ids.name, widthPoints: 180 },
    { header: ids.email, widthPoints: 200 },
    { header: ids.costCentre, numberFormat: TEXT_FORMAT, widthPoints: 110 },
    ...pHeaders.map((header): NewColumn => ({
      header,
      numberFormat: CURRENCY_FORMAT,
      widthPoints: 110,
      validation: { kind: "nonNegativeNumber" },
      total: { kind: "sum" },
    })),
    { header: own.status, widthPoints: 240 },
    { header: own.message, widthPoints: 320 },
    { header: own.total, numberFormat: CURRENCY_FORMAT, widthPoints: 110, total: { kind: "sum" } },
  ];
}

/** One row per employee (the active ones unless asked otherwise), by name; the rest left blank. */
function templateRows(options: TemplateOptions, locale: Locale): CellValue[][] {
  const collator = new Intl.Collator(locale, { sensitivity: "base" });
  const people = options.employees
    .filter((e) => options.includeInactive === true || e.situation === SITUATION_ACTIVE)
    .slice()
    .sort((a, b) => collator.compare(a.name, b.name));
  const blanks = (n: number): CellValue[] => Array.from({ length: n }, () => "");
  return people.map((employee) => {
    const cpf = employee.cpf === undefined ? undefined : normalizeCpf(employee.cpf);
    return [
      safeText(employee.employee_id),
      cpf?.ok ? formatCpf(cpf.digits) : "",
      safeText(employee.name),
      safeText(employee.email ?? ""),
      ...blanks(1 + options.products.length + 3),
    ];
  });
}

export async function createDistributionTemplate(
  workbook: Workbook,
  options: TemplateOptions,
): Promise<TemplateResult> {
  const locale = options.locale ?? "pt-BR";
  const { sheet, table } = await templateNames(workbook, options, locale);
  const products = [...options.products];
  const info = await workbook.createSheetWithTable({
    sheet,
    table,
    columns: templateColumns(locale, products),
    rows: templateRows(options, locale),
    freezeHeader: true,
    totalsRow: true,
    activate: true,
  });
  await workbook.setColumnHighlight(info.name, ADDIN_HEADERS[locale].status, STATUS_HIGHLIGHT);
  // Pin the product columns to their ids: the sheet keeps working if a product is renamed.
  const mapping = computeMapping(info.header, products);
  await saveMappingOverride(workbook, info.name, mappingToOverride(mapping));
  return { table: info, mapping };
}
