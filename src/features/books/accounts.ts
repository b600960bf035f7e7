/**
 * The accounts table: once per workbook, the ledger account of each product's expense, of the
 * ValePix balance and of the bank that pays the deposits, with an optional history text. The
 * add-in creates it with the accounts blank (each company has its own chart of accounts), adds a
 * line when a product appears, and reads it by its "Chave ValePix" column, whichever language
 * created it; the person fills in and keeps the rest.
 */
import type { Product } from "../../api";
import type { Locale } from "../../money";
import { findLocalTable, localColumns, uniqueSheetName, uniqueTableName } from "../../workbook/names";
import { type CellValue, TEXT_FORMAT, type TableInfo, type Workbook } from "../../workbook/port";
import { safeText } from "../../workbook/safe-text";
import { readAllRows } from "../../workbook/table-sync";
import { BOOKS_WORDS } from "./words";

/** What an account pays or holds: `product:<id>`, `balance` or `bank`. */
export type AccountKey = `product:${string}` | "balance" | "bank";

interface Account {
  /** The ledger account, as the person typed it ("3.1.2.01"); "" while blank. */
  account: string;
  /** History text for the entries ("" to use the add-in's). */
  history: string;
  /** The item as the table names it. */
  item: string;
}

export type Accounts = ReadonlyMap<AccountKey, Account>;

const productKey = (id: string): AccountKey => `product:${id}`;

/** The accounts table, whichever language created it; null before the first use. */
export function findAccounts(workbook: Workbook): Promise<TableInfo | null> {
  return findLocalTable(workbook, TABLES);
}

const TABLES = { "pt-BR": BOOKS_WORDS["pt-BR"].accountsTable, "en-US": BOOKS_WORDS["en-US"].accountsTable };
const HEADERS = {
  "pt-BR": BOOKS_WORDS["pt-BR"].accountHeaders,
  "en-US": BOOKS_WORDS["en-US"].accountHeaders,
};
const columnsOf = (header: readonly string[]) => localColumns(header, HEADERS);

const cellText = (cell: CellValue | undefined): string => {
  const text = String(cell ?? "").trim();
  return text.startsWith("'") ? text.slice(1) : text;
};

/** The accounts as the table holds them now; empty when there is no table. */
async function readAccounts(workbook: Workbook, signal?: AbortSignal): Promise<Map<AccountKey, Account>> {
  const table = await findAccounts(workbook);
  const out = new Map<AccountKey, Account>();
  if (!table) return out;
  const col = columnsOf(table.header);
  if (col.key < 0) return out;
  const at = (row: readonly CellValue[], i: number) => (i < 0 ? "" : cellText(row[i]));
  for (const row of await readAllRows(workbook, table.name, signal)) {
    const key = at(row, col.key) as AccountKey;
    if (key === ("" as AccountKey) || out.has(key)) continue;
    out.set(key, { account: at(row, col.account), history: at(row, col.history), item: at(row, col.item) });
  }
  return out;
}

/** Every line the table should have: the balance, the bank, then one per product. */
function wantedLines(products: readonly Product[], locale: Locale): Array<[AccountKey, string]> {
  const items = BOOKS_WORDS[locale].accountItems;
  return [
    ["balance", items.balance],
    ["bank", items.bank],
    ...products.map((p): [AccountKey, string] => [productKey(p.id), items.product({ name: p.name })]),
  ];
}

/**
 * The accounts table with a line for the balance, the bank and every product: created (on a
 * sheet of its own, shown) when missing, else given the lines it lacks, the accounts blank.
 */
export async function ensureAccounts(
  workbook: Workbook,
  products: readonly Product[],
  locale: Locale,
  signal?: AbortSignal,
): Promise<{ table: TableInfo; created: boolean; added: number; accounts: Accounts }> {
  const words = BOOKS_WORDS[locale];
  const existing = await findAccounts(workbook);
  const have = existing ? await readAccounts(workbook, signal) : new Map<AccountKey, Account>();
  const missing = wantedLines(products, locale).filter(([key]) => !have.has(key));
  // The accounts as the table holds them once the missing lines are added (with blank accounts).
  const accounts: Accounts = new Map([
    ...have,
    ...missing.map(([key, item]): [AccountKey, Account] => [key, { account: "", history: "", item }]),
  ]);
  const line = ([key, item]: [AccountKey, string]): CellValue[] => [safeText(key), safeText(item), "", ""];
  if (!existing) {
    const [sheets, tables] = await Promise.all([workbook.listSheets(), workbook.listTables()]);
    const h = words.accountHeaders;
    const table = await workbook.createSheetWithTable({
      sheet: uniqueSheetName(
        words.accountsSheet,
        sheets.map((s) => s.name),
      ),
      table: uniqueTableName(
        words.accountsTable,
        tables.map((t) => t.name),
      ),
      columns: [
        { header: h.key, numberFormat: TEXT_FORMAT, widthPoints: 150 },
        { header: h.item, widthPoints: 220 },
        { header: h.account, numberFormat: TEXT_FORMAT, widthPoints: 110 },
        { header: h.history, widthPoints: 220 },
      ],
      rows: missing.map(line),
      freezeHeader: true,
      activate: true,
    });
    return { table, created: true, added: missing.length, accounts };
  }
  if (missing.length === 0) return { table: existing, created: false, added: 0, accounts };
  const col = columnsOf(existing.header);
  const rows = missing.map(([key, item]) =>
    existing.header.map((_, i) => (i === col.key ? safeText(key) : i === col.item ? safeText(item) : "")),
  );
  const table = await workbook.appendRows(existing.name, rows, signal ? { signal } : {});
  return { table, created: false, added: missing.length, accounts };
}

/** The items among `keys` whose account is blank or has no line, as the table names them. */
export function missingAccounts(
  accounts: Accounts,
  keys: Iterable<AccountKey>,
  name: (key: AccountKey) => string,
): string[] {
  const out: string[] = [];
  for (const key of keys) {
    const found = accounts.get(key);
    if (!found || found.account === "") out.push(found?.item || name(key));
  }
  return out;
}

export { productKey };
