/**
 * `ActivityServices` over the run log (src/workbook/run-log.ts): the latest entry of each
 * distribution, newest first; a table link selects the table's first cell through the port; a
 * distribution link reads its state from the API.
 */
import type { ValePixClient } from "../../api";
import type { Workbook } from "../../workbook";
import { latestByDistribution, readRunLogEntries } from "../../workbook/run-log";
import { TableNotFoundError } from "../distribute";
import type { ActivityServices } from "./services";

export function activityServices(api: () => Promise<ValePixClient>, workbook: Workbook): ActivityServices {
  return {
    runLog: async () =>
      latestByDistribution(await readRunLogEntries(workbook))
        .reverse()
        .map((e) => ({
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
        })),
    goToTable: async (table) => {
      const info = await workbook.getTable(table);
      if (!info) throw new TableNotFoundError(table);
      // An empty table has no data cell to select; its header's first cell row is row 0 of nothing.
      if (info.rowCount === 0) throw new TableNotFoundError(table);
      await workbook.selectTableCell(info.name, 0, info.header[0]!);
    },
    distribution: async (distributionId, signal) => {
      const d = await (await api()).distributions.get(distributionId, { signal });
      return { status: d.status, totalEmployees: d.total_employees, totalCents: d.total_amount };
    },
  };
}
