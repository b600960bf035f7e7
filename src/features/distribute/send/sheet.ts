/**
 * Reading a distribution table as the desired state: employees and products from the API, the
 * saved column mapping, validation (src/workbook), the items it wants and their fingerprint, and
 * each employee's last payment from this table (the workbook's ledger, for the status rule). An
 * invalid table is written back (per-row errors beside the rows) and refused: nothing is sent.
 */
import type { Employee, Product } from "../../../api";
import {
  type Issue,
  type Locale,
  type PaymentRecords,
  type SendRow,
  type TableInfo,
  type TableMapping,
  type ValidationOptions,
  type ValidationResult,
  type Workbook,
  loadMapping,
  validateTable,
  validationRowResults,
  writeRowResults,
} from "../../../workbook";
import { type DesiredItem, desiredItems } from "./plan";
import { type DirectoryApi, type DirectoryLists, directoryOf, loadDirectory } from "./directory";
import type { WorkflowReads } from "./reads";
import { sheetFingerprint } from "../../../workbook/run-log";
import { readPaymentRecords } from "../../../workbook/ledger";

export interface SheetRead {
  table: TableInfo;
  mapping: TableMapping;
  /** Valid rows, in sheet order. */
  rows: SendRow[];
  /** What the draft must hold: rows with a positive total. */
  desired: DesiredItem[];
  /** `sheetFingerprint` of `desired`. */
  fingerprint: string;
  /** Warnings (errors refuse the read). */
  issues: Issue[];
  /** The validation, for the rows' statuses (`validationRowResults`). */
  result: ValidationResult;
  products: Product[];
  /** Every employee listed (names and CPFs for the ledger). */
  employees: Employee[];
  /** Each employee's last payment from this table (src/workbook/ledger.ts). */
  records: PaymentRecords;
}

/** The table has errors: they were written beside the rows, and nothing was sent. */
export class SheetInvalidError extends Error {
  override name = "SheetInvalidError";
  constructor(
    readonly table: string,
    readonly issues: Issue[],
    locale: Locale,
  ) {
    const errors = issues.filter((i) => i.severity === "error");
    super(
      `Table ${table} has ${errors.length} error(s); nothing was sent. ` +
        errors
          .slice(0, 3)
          .map((i) => i.message[locale])
          .join(" | ") +
        (errors.length > 3 ? " | …" : ""),
    );
  }
}

export class TableNotFoundError extends Error {
  override name = "TableNotFoundError";
  constructor(readonly table: string) {
    super(`There is no table named ${table} in this workbook.`);
  }
}

export interface ReadSheetOptions {
  validation?: ValidationOptions | undefined;
  locale?: Locale | undefined;
  signal?: AbortSignal | undefined;
  /** The employees and products when the caller has them already (else they are listed). */
  directory?: DirectoryLists | undefined;
  /** Reads kept across the workflow: the directory is listed only when it holds none (./directory.ts). */
  reads?: WorkflowReads | undefined;
}

/** Reads and validates `table`; throws `SheetInvalidError` (after writing the errors back) when it has errors. */
export async function readDistributionSheet(
  api: DirectoryApi,
  workbook: Workbook,
  tableName: string,
  options: ReadSheetOptions = {},
): Promise<SheetRead> {
  const locale = options.locale ?? "pt-BR";
  const table = await workbook.getTable(tableName);
  if (!table) throw new TableNotFoundError(tableName);
  const { employees, products, index } = options.directory
    ? directoryOf(options.directory)
    : options.reads
      ? await options.reads.directory.read(api, () => loadDirectory(api, options.signal))
      : directoryOf(await loadDirectory(api, options.signal));
  const mapping = await loadMapping(workbook, table.name, table.header, products);
  const result = await validateTable(workbook, table.name, {
    header: table.header,
    mapping,
    employees: index,
    products,
    ...(options.validation ? { options: options.validation } : {}),
  });
  const records = await readPaymentRecords(workbook, table.name, options.signal);
  if (!result.ok) {
    await writeRowResults(workbook, table, mapping, validationRowResults(result, locale, records), locale);
    throw new SheetInvalidError(table.name, result.issues, locale);
  }
  const rows = result.rows;
  const desired = desiredItems(rows);
  return {
    table,
    mapping,
    rows,
    desired,
    fingerprint: await sheetFingerprint(desired),
    issues: result.issues,
    result,
    products,
    employees,
    records,
  };
}

/**
 * Writes every row's status of a table read without errors, by the status rule: ready to send,
 * left out (with its last payment), skipped (the ribbon's "Validate", as the pane's validation).
 */
export async function writeSheetStatuses(
  workbook: Workbook,
  sheet: SheetRead,
  locale: Locale,
): Promise<void> {
  await writeRowResults(
    workbook,
    sheet.table,
    sheet.mapping,
    validationRowResults(sheet.result, locale, sheet.records),
    locale,
  );
}
