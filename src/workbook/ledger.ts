/**
 * The payment ledger (docs/architecture.md §2 "The sheet is the record"): a real Excel
 * table in the workbook, `ValePix_Historico` (`ValePix_History` when created in English), created
 * on first use on a sheet of its own, with one row per employee and product of each finalized
 * distribution: date (an Excel date), distribution (its label and id), the table it was sent
 * from, employee id, name, CPF (masked), product (name and id), amount (a currency cell), payment
 * method and state (each as a word in the display language and as the API's code, for filters).
 *
 * It is saved with the workbook, so it is what "what was paid" means after the pane is closed:
 * the status rule reads each employee's last payment from it (`paymentRecords`), a refresh
 * updates its states (`recordPayment` again with the new state), and reconciliation compares it
 * with the transactions. Rows are appended, never rewritten, except the state of a distribution
 * that moves on (processing → paid or failed): one row per paid amount, whatever happens.
 *
 * Personal data: the CPF is masked as the API document asks of operational logs
 * ("Authentication", rule 5: tax numbers masked), with `maskCpf` ("***.456.789-**"); the token
 * never comes near it. API and user text goes through `safeText`. Columns are found by their
 * header in either language, so a ledger begun in pt-BR keeps working in an en-US pane; columns a
 * person adds are kept (left blank on new rows).
 */
import { type Locale, defineWords, maskCpf } from "../money";
import { codeWord } from "./api-words";
import { DATE_TIME_FORMAT, excelSerial, monthKey, monthName, serialToMs } from "./dates";
import {
  LEDGER_HEADERS,
  LEDGER_KEYS,
  LEDGER_TABLES,
  type LedgerKey,
  columnsOf,
  findLedger,
  text,
} from "./ledger-table";
import { uniqueSheetName, uniqueTableName } from "./names";
import { type CellValue, type NewColumn, TEXT_FORMAT, type TableInfo, type Workbook } from "./port";
import { safeText } from "./safe-text";
import { readAllRows } from "./table-sync";
import { CURRENCY_FORMAT } from "./template";

// The table's shape and the reads, where the rest of the add-in has always found them.
export { LEDGER_HEADERS, type LedgerKey, ledgerPlace } from "./ledger-table";
export { type LedgerRow, paymentRecords, readLedger, readPaymentRecords } from "./ledger-read";

const TEXT = defineWords(
  { sheet: "Histórico ValePix", noCostCentre: "(sem centro de custo)" },
  { sheet: "ValePix history", noCostCentre: "(no cost centre)" },
);

/** What a ledger row says when the sheet's row had no cost centre, in either language. */
export const NO_COST_CENTRE = [TEXT["pt-BR"].noCostCentre, TEXT["en-US"].noCostCentre] as const;

const FORMAT: Partial<Record<LedgerKey, string>> = {
  month: TEXT_FORMAT,
  costCentre: TEXT_FORMAT,
  distributionId: TEXT_FORMAT,
  employeeId: TEXT_FORMAT,
  cpf: TEXT_FORMAT,
  productId: TEXT_FORMAT,
  amount: CURRENCY_FORMAT,
  methodCode: TEXT_FORMAT,
  stateCode: TEXT_FORMAT,
};

const WIDTH: Record<LedgerKey, number> = {
  date: 100,
  month: 70,
  distribution: 170,
  distributionId: 130,
  table: 140,
  employeeId: 110,
  name: 180,
  cpf: 100,
  costCentre: 120,
  product: 130,
  productId: 100,
  amount: 100,
  method: 110,
  methodCode: 110,
  state: 110,
  stateCode: 90,
};

/** "Distribuição de novembro" / "November distribution": a distribution without a description. */
export function distributionLabel(description: string | undefined, at: number, locale: Locale): string {
  const typed = description?.trim();
  if (typed) return typed;
  return locale === "pt-BR"
    ? `Distribuição de ${monthName(at, locale)}`
    : `${monthName(at, locale)} distribution`;
}

/** One finalized distribution, as the ledger records it. */
export interface LedgerPayment {
  /** When it was finalized (ms since the epoch). */
  at: number;
  distributionId: string;
  /** `distributionLabel`. */
  label: string;
  /** The table it was sent from (the distribution table, or the review table of batch/group). */
  table: string;
  paymentMethod: string | undefined;
  /** The distribution's state (`processing`, `completed`, `failed`). */
  state: string;
  /** What it pays: cents per product of each employee (zeros are not written). */
  items: Iterable<{ employee_id: string; values: ReadonlyMap<string, number> }>;
  /** Who an employee is, and the cost centre of their row when it was paid (never sent). */
  employee: (
    employeeId: string,
  ) => { name: string; cpf?: string | undefined; costCentre?: string | undefined } | undefined;
  product: (productId: string) => string | undefined;
}

/**
 * The ledger's cells of one payment: one row per employee and product with cents > 0, its cells
 * in `LEDGER_KEYS` order. A payment of 50,000 employees has some 180,000 rows: each is built as
 * its array at once, with no object per row kept beside it.
 */
function paymentCells(payment: LedgerPayment, locale: Locale): CellValue[][] {
  const rows: CellValue[][] = [];
  const date = excelSerial(payment.at);
  const month = monthKey(payment.at);
  const method = payment.paymentMethod ?? "";
  const label = safeText(payment.label);
  const distributionId = safeText(payment.distributionId);
  const table = safeText(payment.table);
  const methodWord = safeText(method === "" ? "" : codeWord("paymentMethod", method, locale));
  const methodCode = safeText(method);
  const state = safeText(codeWord("distributionState", payment.state, locale));
  const stateCode = safeText(payment.state);
  for (const item of payment.items) {
    const who = payment.employee(item.employee_id);
    const employeeId = safeText(item.employee_id);
    const name = safeText(who?.name ?? "");
    const cpf = who?.cpf ? maskCpf(who.cpf) : "";
    const costCentre = safeText(who?.costCentre || TEXT[locale].noCostCentre);
    for (const [productId, cents] of item.values) {
      if (cents <= 0) continue;
      const cells: Record<LedgerKey, CellValue> = {
        date,
        month,
        distribution: label,
        distributionId,
        table,
        employeeId,
        name,
        cpf,
        costCentre,
        product: safeText(payment.product(productId) ?? productId),
        productId: safeText(productId),
        amount: cents / 100,
        method: methodWord,
        methodCode,
        state,
        stateCode,
      };
      rows.push(LEDGER_KEYS.map((k) => cells[k]));
    }
  }
  return rows;
}

export interface LedgerWrite {
  /** The ledger as it is now (undefined when there was nothing to write and no ledger). */
  table: TableInfo | undefined;
  created: boolean;
  /** Rows appended (this distribution's first record). */
  added: number;
  /** Rows whose state changed (a distribution recorded before moved on). */
  updated: number;
}

/**
 * Records a payment: appends its rows the first time the ledger sees the distribution (creating
 * the ledger on its own sheet if needed, without leaving the person's sheet), and afterwards only
 * brings the state of its rows up to date. Safe to repeat (a refresh, a check after an unknown
 * outcome): a distribution's rows are never added twice.
 */
export async function recordPayment(
  workbook: Workbook,
  payment: LedgerPayment,
  locale: Locale,
  signal?: AbortSignal,
): Promise<LedgerWrite> {
  const existing = await findLedger(workbook);
  if (!existing) return createLedger(workbook, payment, locale);
  const cells = await readAllRows(workbook, existing.name, signal);
  const ledger = await addBooksColumns(workbook, existing, cells, locale);
  const col = columnsOf(ledger.header);
  const idAt = col.distributionId;
  const mine =
    idAt < 0 ? [] : cells.flatMap((row, i) => (text(row[idAt]) === payment.distributionId ? [i] : []));
  if (mine.length > 0) return updateState(workbook, { ledger, cells, mine }, payment, locale, signal);
  return appendPayment(workbook, ledger, payment, locale, signal);
}

/** The first payment: the ledger on a sheet of its own, the person's sheet left active. */
async function createLedger(
  workbook: Workbook,
  payment: LedgerPayment,
  locale: Locale,
): Promise<LedgerWrite> {
  const rows = paymentCells(payment, locale);
  if (rows.length === 0) return { table: undefined, created: false, added: 0, updated: 0 };
  const [sheets, tables] = await Promise.all([workbook.listSheets(), workbook.listTables()]);
  const headers = LEDGER_HEADERS[locale];
  const columns: NewColumn[] = LEDGER_KEYS.map((k) => ({
    header: headers[k],
    numberFormat: k === "date" ? DATE_TIME_FORMAT[locale] : (FORMAT[k] ?? "General"),
    widthPoints: WIDTH[k],
  }));
  const table = await workbook.createSheetWithTable({
    sheet: uniqueSheetName(
      TEXT[locale].sheet,
      sheets.map((s) => s.name),
    ),
    table: uniqueTableName(
      LEDGER_TABLES[locale],
      tables.map((t) => t.name),
    ),
    columns,
    rows,
    freezeHeader: true,
    activate: false,
  });
  return { table, created: true, added: rows.length, updated: 0 };
}

/**
 * A distribution the ledger knows already: only its state moves on (both state columns written
 * whole, as they read plus the change), and nothing is written when it did not change.
 */
async function updateState(
  workbook: Workbook,
  known: { ledger: TableInfo; cells: CellValue[][]; mine: number[] },
  payment: LedgerPayment,
  locale: Locale,
  signal?: AbortSignal,
): Promise<LedgerWrite> {
  const { ledger, cells, mine } = known;
  const col = columnsOf(ledger.header);
  const writes = (["state", "stateCode"] as const)
    .filter((k) => col[k] >= 0)
    .map((key) => {
      const value = key === "state" ? codeWord("distributionState", payment.state, locale) : payment.state;
      const values = cells.map((row) => safeText(text(row[col[key]])));
      let changed = 0;
      for (const i of mine)
        if (values[i] !== value) {
          values[i] = safeText(value);
          changed++;
        }
      return { header: ledger.header[col[key]]!, values, changed };
    });
  const updated = Math.max(0, ...writes.map((w) => w.changed));
  if (updated > 0)
    await workbook.writeColumns(
      ledger.name,
      writes.map(({ header, values }) => ({ header, values })),
      signal ? { signal } : {},
    );
  return { table: ledger, created: false, added: 0, updated: updated > 0 ? mine.length : 0 };
}

/** A distribution new to the ledger: its rows appended under the ledger's columns as they are now. */
async function appendPayment(
  workbook: Workbook,
  ledger: TableInfo,
  payment: LedgerPayment,
  locale: Locale,
  signal?: AbortSignal,
): Promise<LedgerWrite> {
  const rows = paymentCells(payment, locale);
  if (rows.length === 0) return { table: ledger, created: false, added: 0, updated: 0 };
  const col = columnsOf(ledger.header);
  // Each of the ledger's columns, as it is now, takes the cell of its key (-1: a person's column).
  const from = ledger.header.map(() => -1);
  LEDGER_KEYS.forEach((key, keyIndex) => {
    if (col[key] >= 0) from[col[key]] = keyIndex;
  });
  // New rows take the formats of the last data row (Office.js `TableRowCollection.add`): the
  // date, currency and text columns stay what the ledger was created with.
  const table = await workbook.appendRows(
    ledger.name,
    rows.map((r) => from.map((keyIndex) => (keyIndex < 0 ? "" : r[keyIndex]!))),
    signal ? { signal } : {},
  );
  return { table, created: false, added: rows.length, updated: 0 };
}

/**
 * A ledger begun before it kept the month and the cost centre gets both columns (text cells): its
 * earlier rows take the month of their date and "(sem centro de custo)", so the books and the
 * PivotTable can group every row.
 */
async function addBooksColumns(
  workbook: Workbook,
  ledger: TableInfo,
  cells: readonly CellValue[][],
  locale: Locale,
): Promise<TableInfo> {
  const col = columnsOf(ledger.header);
  const missing = (["month", "costCentre"] as const).filter((k) => col[k] < 0);
  if (missing.length === 0) return ledger;
  const headers = missing.map((k) => LEDGER_HEADERS[locale][k]);
  const grown = await workbook.addColumns(ledger.name, headers);
  const fill = (key: "month" | "costCentre", row: readonly CellValue[]): CellValue => {
    if (key === "costCentre") return TEXT[locale].noCostCentre;
    const date = col.date < 0 ? undefined : row[col.date];
    return typeof date === "number" ? monthKey(serialToMs(date)) : "";
  };
  if (cells.length > 0)
    await workbook.writeColumns(
      ledger.name,
      missing.map((key, i) => ({
        header: headers[i]!,
        values: cells.map((row) => fill(key, row)),
        numberFormat: TEXT_FORMAT,
      })),
    );
  return grown;
}
