/**
 * Directory pulls: employees, products and benefits into tables, refreshed in
 * place by id while keeping the columns and rows the user added (src/workbook/table-sync.ts).
 *
 * - Employees: the `situation` filter takes a `value` of the situations list (API document,
 *   "Employee situation"); a value not in the list is refused before the employees are read.
 *   The situation is shown in the display language ("Ativo", "Active") and read back in either;
 *   its code (`active`) is kept in a column of its own, for filters.
 * - Benefits: one row per benefit, one column per product with its monthly amount in reais
 *   (blank: the product is not in the benefit), so the same table can be edited and saved back
 *   with `saveBenefits` (./benefits.ts).
 * Identifiers are text-formatted ("@"), so Excel keeps them exactly.
 */
import { defineWords } from "../../money";
import { pullAll, type ValePixClient } from "../../api";
import { type LocalTableNames, localTableName } from "../../workbook/names";
import type { Benefit, Employee, Product, Situation } from "../../api";
import { formatCpf, normalizeCpf } from "../../money";
import { IDENTITY_HEADERS } from "../../workbook/headers";
import type { Locale } from "../../workbook/messages";
import { TEXT_FORMAT } from "../../workbook/port";
import { codeOfWord, codeWord } from "../../workbook/api-words";
import { CURRENCY_FORMAT, productHeaders } from "../../workbook/template";
import type { OnProgress } from "../../api/progress";
import { type SyncColumn, type SyncResult, syncTable, type TableSpec } from "../../workbook/table-sync";

export interface PullOptions {
  signal?: AbortSignal;
  onProgress?: OnProgress;
  locale?: Locale;
  /** Table to refresh or create (defaults below). */
  table?: string;
  /** Clock for the ETA (default Date.now). */
  now?: () => number;
}

/** The directory's tables, named in the display language that creates them (either is found later). */
export const DEFAULT_TABLES = {
  employees: { "pt-BR": "ValePix_Colaboradores", "en-US": "ValePix_Employees" },
  products: { "pt-BR": "ValePix_Produtos", "en-US": "ValePix_Products" },
  benefits: { "pt-BR": "ValePix_Beneficios", "en-US": "ValePix_Benefits" },
} as const satisfies Record<string, LocalTableNames>;

/** Bad input to a directory workflow; nothing was sent or written. */
export class DirectoryInputError extends Error {
  override name = "DirectoryInputError";
  constructor(
    readonly code: "unknown_situation" | "table_not_found" | "column_missing",
    message: string,
  ) {
    super(message);
  }
}

const HEADERS = defineWords(
  {
    situation: "Situação",
    situationCode: "Código da situação",
    benefits: "Benefícios",
    productId: "ID do produto",
    code: "Código",
    benefitId: "ID do benefício",
    description: "Descrição",
    sheets: { employees: "Colaboradores", products: "Produtos", benefits: "Benefícios" },
  },
  {
    situation: "Situation",
    situationCode: "Situation code",
    benefits: "Benefits",
    productId: "Product ID",
    code: "Code",
    benefitId: "Benefit ID",
    description: "Description",
    sheets: { employees: "Employees", products: "Products", benefits: "Benefits" },
  },
);

export function directoryHeaders(locale: Locale = "pt-BR") {
  return { ...IDENTITY_HEADERS[locale], ...HEADERS[locale] };
}

/** The situations the employee filter accepts (their `value`). One call. */
export async function listSituations(
  employees: Pick<ValePixClient["employees"], "situations">,
  options: { signal?: AbortSignal } = {},
): Promise<Situation[]> {
  return employees.situations({ signal: options.signal });
}

export async function pullEmployees(
  employees: Pick<ValePixClient["employees"], "list" | "situations">,
  workbook: Parameters<typeof syncTable>[0],
  options: PullOptions & { situation?: string } = {},
): Promise<SyncResult> {
  const { situation, signal } = options;
  if (situation !== undefined) {
    const known = await listSituations(employees, { signal });
    if (!known.some((s) => s.value === situation)) {
      throw new DirectoryInputError(
        "unknown_situation",
        `"${situation}" is not a situation the API lists; use one of: ${known.map((s) => s.value).join(", ")}.`,
      );
    }
  }
  const list = employees.list(situation !== undefined ? { situation } : {}, { signal });
  const records = await pullAll(list, "employees", options);
  const table =
    options.table ?? (await localTableName(workbook, DEFAULT_TABLES.employees, options.locale ?? "pt-BR"));
  return syncTable(workbook, employeeSpec(table, options), records, options);
}

function employeeSpec(table: string, options: PullOptions): TableSpec<Employee> {
  const headers = directoryHeaders(options.locale);
  const cpf = (employee: Employee) => {
    const normalized = employee.cpf === undefined ? undefined : normalizeCpf(employee.cpf);
    return normalized?.ok ? formatCpf(normalized.digits) : (employee.cpf ?? "");
  };
  return {
    table,
    sheet: headers.sheets.employees,
    key: (e) => e.employee_id,
    keyHeader: headers.employee_id,
    columns: [
      {
        header: headers.employee_id,
        value: (e) => e.employee_id,
        numberFormat: TEXT_FORMAT,
        widthPoints: 120,
      },
      { header: headers.name, value: (e) => e.name, widthPoints: 180 },
      { header: headers.cpf, value: cpf, numberFormat: TEXT_FORMAT, widthPoints: 100 },
      { header: headers.email, value: (e) => e.email ?? "", widthPoints: 200 },
      {
        header: headers.situation,
        // In the display language (src/workbook/api-words.ts), read back in either.
        value: (e) => codeWord("situation", e.situation, options.locale ?? "pt-BR"),
        normalize: (text) => codeOfWord("situation", text),
        widthPoints: 80,
      },
      // As many ids as conventions: fitted to what is there.
      { header: headers.benefits, value: (e) => (e.benefit_convention_ids ?? []).join(", ") },
      // The API's code, for filters whatever language wrote the rows.
      {
        header: headers.situationCode,
        value: (e) => e.situation,
        numberFormat: TEXT_FORMAT,
        widthPoints: 100,
      },
    ],
  };
}

export async function pullProducts(
  products: Pick<ValePixClient["products"], "list">,
  workbook: Parameters<typeof syncTable>[0],
  options: PullOptions = {},
): Promise<SyncResult> {
  const records = await pullAll(products.list({}, { signal: options.signal }), "products", options);
  const headers = directoryHeaders(options.locale);
  const spec: TableSpec<Product> = {
    table:
      options.table ?? (await localTableName(workbook, DEFAULT_TABLES.products, options.locale ?? "pt-BR")),
    sheet: headers.sheets.products,
    key: (p) => p.id,
    keyHeader: headers.productId,
    columns: [
      { header: headers.productId, value: (p) => p.id, numberFormat: TEXT_FORMAT, widthPoints: 120 },
      { header: headers.name, value: (p) => p.name, widthPoints: 180 },
      { header: headers.code, value: (p) => p.code ?? "", widthPoints: 80 },
    ],
  };
  return syncTable(workbook, spec, records, options);
}

/** The benefits table's fixed headers and one header per product (name, or "name [id]"). */
export function benefitColumns(products: readonly Product[], locale: Locale = "pt-BR") {
  const headers = directoryHeaders(locale);
  const fixed = [headers.benefitId, headers.name, headers.description];
  return {
    id: headers.benefitId,
    name: headers.name,
    description: headers.description,
    products: productHeaders(products, fixed),
  };
}

export async function pullBenefits(
  api: {
    benefits: Pick<ValePixClient["benefits"], "list">;
    products: Pick<ValePixClient["products"], "list">;
  },
  workbook: Parameters<typeof syncTable>[0],
  options: PullOptions = {},
): Promise<SyncResult> {
  const { signal } = options;
  const products = await pullAll(api.products.list({}, { signal }), "products", options);
  const records = await pullAll(api.benefits.list({}, { signal }), "benefits", options);
  const cols = benefitColumns(products, options.locale);
  const amount = (benefit: Benefit, productId: string) => {
    const item = benefit.items?.find((i) => i.product_id === productId);
    return item === undefined ? "" : item.monthly_amount / 100;
  };
  const spec: TableSpec<Benefit> = {
    table:
      options.table ?? (await localTableName(workbook, DEFAULT_TABLES.benefits, options.locale ?? "pt-BR")),
    sheet: directoryHeaders(options.locale).sheets.benefits,
    key: (b) => b.id,
    keyHeader: cols.id,
    columns: [
      { header: cols.id, value: (b) => b.id, numberFormat: TEXT_FORMAT, widthPoints: 120 },
      { header: cols.name, value: (b) => b.name, widthPoints: 180 },
      { header: cols.description, value: (b) => b.description ?? "", widthPoints: 240 },
      ...products.map((p, i): SyncColumn<Benefit> => ({
        header: cols.products[i]!,
        value: (b) => amount(b, p.id),
        numberFormat: CURRENCY_FORMAT,
        widthPoints: 110,
      })),
    ],
  };
  return syncTable(workbook, spec, records, options);
}
