/**
 * The ledger table's shape (see ./ledger.ts): its name and headers in each display language, and
 * how a ledger is found and its columns located by header in either language, whichever language
 * created it and whatever columns a person added or removed. Shared by the writes (./ledger.ts)
 * and the reads (./ledger-read.ts).
 */
import { type Locale, defineWords } from "../money";
import { findLocalTable, localColumns } from "./names";
import type { CellValue, TableInfo, Workbook } from "./port";

/** The ledger table's name, as created in each display language (either is found later). */
export const LEDGER_TABLES: Record<Locale, string> = {
  "pt-BR": "ValePix_Historico",
  "en-US": "ValePix_History",
};

/** A ledger column, by what it holds. */
export type LedgerKey =
  | "date"
  | "month"
  | "distribution"
  | "distributionId"
  | "table"
  | "employeeId"
  | "name"
  | "cpf"
  | "costCentre"
  | "product"
  | "productId"
  | "amount"
  | "method"
  | "methodCode"
  | "state"
  | "stateCode";

/** Each column's header in each display language (either is recognised when reading). */
export const LEDGER_HEADERS = defineWords<Record<LedgerKey, string>>(
  {
    date: "Data",
    month: "Mês",
    distribution: "Distribuição",
    distributionId: "ID da distribuição",
    table: "Tabela",
    employeeId: "ID do colaborador",
    name: "Nome",
    cpf: "CPF",
    costCentre: "Centro de custo",
    product: "Produto",
    productId: "ID do produto",
    amount: "Valor",
    method: "Forma de pagamento",
    methodCode: "Código da forma de pagamento",
    state: "Estado",
    stateCode: "Código do estado",
  },
  {
    date: "Date",
    month: "Month",
    distribution: "Distribution",
    distributionId: "Distribution ID",
    table: "Table",
    employeeId: "Employee ID",
    name: "Name",
    cpf: "CPF",
    costCentre: "Cost centre",
    product: "Product",
    productId: "Product ID",
    amount: "Amount",
    method: "Payment method",
    methodCode: "Payment method code",
    state: "State",
    stateCode: "State code",
  },
);

export const LEDGER_KEYS = Object.keys(LEDGER_HEADERS["pt-BR"]) as LedgerKey[];

/** The ledger table, whichever language created it; null before the first payment. */
export function findLedger(workbook: Workbook): Promise<TableInfo | null> {
  return findLocalTable(workbook, LEDGER_TABLES);
}

/** Column index of each key in a header, by either language's header (-1 when absent). */
export function columnsOf(header: readonly string[]): Record<LedgerKey, number> {
  return localColumns(header, LEDGER_HEADERS);
}

/** A cell as text: the apostrophe `safeText` adds is Excel's text prefix, not content. */
export function text(cell: CellValue | undefined): string {
  const trimmed = String(cell ?? "").trim();
  return trimmed.startsWith("'") ? trimmed.slice(1) : trimmed;
}

/**
 * Where the ledger is and the column of each of its fields (0-based within the table, -1 when a
 * person removed it); null before the first payment. For formulas over it (the VALEPIX
 * reconciliation sheet's join of the ledger with the transactions).
 */
export async function ledgerPlace(
  workbook: Workbook,
): Promise<{ table: TableInfo; columns: Record<LedgerKey, number> } | null> {
  const table = await findLedger(workbook);
  return table && { table, columns: columnsOf(table.header) };
}
