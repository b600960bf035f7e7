/**
 * The ledger read back (see ./ledger.ts): its rows, whichever language created it, and from them
 * each employee's last payment from a table, which the status rule shows.
 */
import { parseCents } from "../money";
import { codeOfWord } from "./api-words";
import { monthKey, serialToMs } from "./dates";
import { type LedgerKey, columnsOf, findLedger, text } from "./ledger-table";
import type { CellValue, Workbook } from "./port";
import type { PaymentRecord } from "./status-rule";
import { readAllRows } from "./table-sync";

/** One ledger row, read back. */
export interface LedgerRow {
  /** When the distribution was finalized (ms), when the date cell holds a date. */
  at: number | undefined;
  label: string;
  distributionId: string;
  table: string;
  employeeId: string;
  /** The product's name as the ledger wrote it, and its id. */
  product: string;
  productId: string;
  cents: number | undefined;
  /** "2026-11": the month column, else the month of the date ("" when neither says). */
  month: string;
  /** The cost centre the row had when paid ("" in a ledger without the column). */
  costCentre: string;
  /** The distribution state's code (`completed`...), from its code column or its word. */
  state: string;
}

/** Every row of the ledger, in order; [] when there is none. */
export async function readLedger(workbook: Workbook, signal?: AbortSignal): Promise<LedgerRow[]> {
  const info = await findLedger(workbook);
  if (!info) return [];
  const col = columnsOf(info.header);
  const at = (row: readonly CellValue[], k: LedgerKey) => (col[k] < 0 ? "" : row[col[k]]);
  const rows = await readAllRows(workbook, info.name, signal);
  return rows.map((row) => {
    const date = at(row, "date");
    const amount = at(row, "amount");
    const cents =
      typeof amount === "number"
        ? Math.round(amount * 100)
        : (() => {
            const parsed = parseCents(amount ?? "", { locale: "pt-BR" });
            return parsed.ok ? parsed.cents : undefined;
          })();
    const code = text(at(row, "stateCode"));
    const when = typeof date === "number" ? serialToMs(date) : undefined;
    return {
      at: when,
      month: text(at(row, "month")) || (when === undefined ? "" : monthKey(when)),
      costCentre: text(at(row, "costCentre")),
      product: text(at(row, "product")),
      label: text(at(row, "distribution")),
      distributionId: text(at(row, "distributionId")),
      table: text(at(row, "table")),
      employeeId: text(at(row, "employeeId")),
      productId: text(at(row, "productId")),
      cents,
      state: code !== "" ? code : codeOfWord("distributionState", text(at(row, "state"))),
    };
  });
}

/**
 * Each employee's last payment from `table` (Excel table names compare case-insensitively): the
 * latest distribution of theirs in the ledger, its date, label, state and their total in it.
 */
export function paymentRecords(rows: readonly LedgerRow[], table: string): Map<string, PaymentRecord> {
  const wanted = table.toLowerCase();
  const out = new Map<string, PaymentRecord>();
  for (const row of rows) {
    if (
      row.table.toLowerCase() !== wanted ||
      row.at === undefined ||
      row.employeeId === "" ||
      row.distributionId === ""
    )
      continue;
    const held = out.get(row.employeeId);
    if (held && held.distributionId === row.distributionId) {
      held.totalCents += row.cents ?? 0;
      continue;
    }
    // A later distribution (by date; the ledger may have been sorted) takes over.
    if (held && held.at > row.at) continue;
    out.set(row.employeeId, {
      at: row.at,
      distributionId: row.distributionId,
      label: row.label,
      state: row.state,
      totalCents: row.cents ?? 0,
    });
  }
  return out;
}

/** `paymentRecords` of `table`, read from the workbook's ledger. */
export async function readPaymentRecords(
  workbook: Workbook,
  table: string,
  signal?: AbortSignal,
): Promise<Map<string, PaymentRecord>> {
  return paymentRecords(await readLedger(workbook, signal), table);
}
