/**
 * `ActivityServices` over the run log (src/workbook/run-log.ts): exactly one entry per
 * distribution (its latest), newest first; a table link selects the table's first cell through
 * the port; a distribution link reads its state from the API and records it.
 *
 * A send logs `creating` (with a placeholder id) just before it asks for a draft, then the draft
 * under its real id: the announcement is not a distribution and is not shown. Only when it is the
 * last word of its table and mode (the run stopped between the two: `unrecordedCreate`) does it
 * become one entry, `interrupted`, with no id, which the screen explains in plain words. An
 * attempt the server refused cleanly (`not-created`) created nothing and is not shown.
 */
import type { ValePixClient } from "../../api";
import type { Locale, Workbook } from "../../workbook";
import { latestByDistribution, readRunLogEntries, unrecordedCreate } from "../../workbook/run-log";
import { TableNotFoundError, refreshStatus } from "../distribute";
import type { ActivityServices, RunLogView } from "./services";

export function activityServices(
  api: () => Promise<ValePixClient>,
  workbook: Workbook,
  locale: Locale = "pt-BR",
): ActivityServices {
  return {
    runLog: async () => {
      const entries = await readRunLogEntries(workbook);
      return latestByDistribution(entries)
        .filter((e) => e.state !== "not-created")
        .filter((e) => e.state !== "creating" || unrecordedCreate(entries, e.table, e.mode) === e)
        .reverse()
        .map((e): RunLogView =>
          e.state === "creating"
            ? { at: e.at, table: e.table, mode: e.mode, state: "interrupted" }
            : {
                at: e.at,
                table: e.table,
                mode: e.mode,
                distributionId: e.distributionId,
                state: e.state,
                ...(e.totalEmployees !== undefined ? { totalEmployees: e.totalEmployees } : {}),
                ...(e.totalCents !== undefined ? { totalCents: e.totalCents } : {}),
                ...(e.paymentMethod ? { paymentMethod: e.paymentMethod } : {}),
                ...(e.lotId ? { lotId: e.lotId } : {}),
                ...(e.transactionId ? { transactionId: e.transactionId } : {}),
              },
        );
    },
    goToTable: async (table) => {
      const info = await workbook.getTable(table);
      if (!info) throw new TableNotFoundError(table);
      // An empty table has no data cell to select; its header's first cell row is row 0 of nothing.
      if (info.rowCount === 0) throw new TableNotFoundError(table);
      await workbook.selectTableCell(info.name, 0, info.header[0]!);
    },
    // What the API says is recorded, as if the pane had seen it happen: the run log, the ledger
    // and the table's cells (refreshStatus), so the next send knows it too.
    distribution: async (distributionId, signal) => {
      const found = await refreshStatus(await api(), { workbook, distributionId }, { signal, locale });
      return { status: found.state, totalEmployees: found.totalEmployees, totalCents: found.totalCents };
    },
  };
}
