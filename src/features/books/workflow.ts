/** What the books adapter (./adapter.ts) loads on first use: the workflow and the tables it writes. */
import { type ValePixClient, pullAll } from "../../api";
import type { Run } from "../../api/progress";
import type { Locale } from "../../money";
import type { Workbook } from "../../workbook/port";
import { ensureAccounts } from "./accounts";

export { bookMonth, bookableMonths } from "./books";
export { buildLedgerPivot } from "./ledger-pivot";

/** The accounts table with a line for every product, shown: created when missing, else selected. */
export async function openAccounts(
  api: ValePixClient,
  workbook: Workbook,
  locale: Locale,
  { signal, onProgress }: Run,
): Promise<{ table: string; created: boolean }> {
  const products = await pullAll(api.products.list({}, { signal }), "pull", { signal, onProgress });
  const { table, created } = await ensureAccounts(workbook, products, locale, signal);
  if (!created) await workbook.selectTableCell(table.name, 0, table.header[0]!);
  return { table: table.name, created };
}
