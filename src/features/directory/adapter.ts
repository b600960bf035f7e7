/**
 * `DataServices` over this feature's directory, registration and benefits workflows and
 * src/features/reconciliation
 * (docs/workflows.md, "Directory" and "Reconciliation"). Reconciliation links debits to this
 * workbook's run log (`runLogLinks`), so it says which debits no run of this workbook explains.
 * Registration and benefits load on first use (chunks of their own): the pane's start stays small.
 */
import type { ValePixClient } from "../../api";
import type { Locale, Workbook } from "../../workbook";
import { listSituations, pullBenefits, pullEmployees, pullProducts } from "./directory";
import { pullTransactions, reconcile } from "../reconciliation";
import { readRunLogEntries, runLogLinks } from "../../workbook/run-log";
import type { registerEmployees } from "./register";
import { rowProblems } from "./row-problems";
import type { DataServices } from "./services";

type Api = () => Promise<ValePixClient>;

const outcome = (r: { table: { name: string }; added: number; updated: number }) => ({
  table: r.table.name,
  added: r.added,
  updated: r.updated,
});

/** The directory's tables: pulled, employees registered from rows, benefits saved from rows. */
function directoryPorts(
  api: Api,
  workbook: Workbook,
  locale: Locale,
  onEmployeesChanged: () => void,
): Pick<DataServices, "situations" | "pull" | "registerEmployees" | "saveBenefits"> {
  return {
    situations: async (signal) => listSituations((await api()).employees, { signal }),
    pull: async (kind, filter, run) => {
      const client = await api();
      const options = { signal: run.signal, onProgress: run.onProgress, locale };
      if (kind === "employees")
        return outcome(
          await pullEmployees(client.employees, workbook, {
            ...options,
            ...(filter.situation ? { situation: filter.situation } : {}),
          }),
        );
      if (kind === "products") return outcome(await pullProducts(client.products, workbook, options));
      return outcome(await pullBenefits(client, workbook, options));
    },
    registerEmployees: async (table, run) => {
      let registered: Awaited<ReturnType<typeof registerEmployees>>;
      const { registerEmployees: register } = await import("./register");
      try {
        registered = await register((await api()).employees, workbook, {
          table,
          locale,
          signal: run.signal,
          onProgress: run.onProgress,
        });
      } finally {
        // Whatever the outcome, some employees may have been created.
        onEmployeesChanged();
      }
      return {
        created: registered.created,
        alreadyRegistered: registered.alreadyRegistered,
        errors: registered.errors,
        notSent: registered.notSent,
        problems: rowProblems(registered.statuses, registered.table.headerRow),
      };
    },
    saveBenefits: async (table, run) => {
      const { saveBenefits } = await import("./benefits");
      const saved = await saveBenefits(await api(), workbook, {
        table,
        locale,
        signal: run.signal,
        onProgress: run.onProgress,
      });
      return {
        created: saved.created,
        updated: saved.updated,
        unchanged: saved.unchanged,
        errors: saved.errors,
        problems: rowProblems(saved.statuses, saved.table.headerRow),
      };
    },
  };
}

/** The transactions table and the reconciliation summary, linked to this workbook's run log. */
function reconciliationPorts(
  api: Api,
  workbook: Workbook,
  locale: Locale,
): Pick<DataServices, "pullTransactions" | "reconcile"> {
  return {
    pullTransactions: async (filter, run) => {
      const type = filter.type === "DEPOSIT" || filter.type === "DISTRIBUTION" ? filter.type : undefined;
      return outcome(
        await pullTransactions((await api()).transactions, workbook, {
          ...(type ? { type } : {}),
          runLog: runLogLinks(await readRunLogEntries(workbook)),
          locale,
          signal: run.signal,
          onProgress: run.onProgress,
        }),
      );
    },
    reconcile: async (run) => {
      const { pull, summary } = await reconcile(await api(), workbook, {
        runLog: runLogLinks(await readRunLogEntries(workbook)),
        locale,
        signal: run.signal,
        onProgress: run.onProgress,
      });
      return {
        depositsCents: summary.completedDepositsCents,
        distributionsCents: summary.distributedCents,
        expectedCents: summary.expectedBalanceCents,
        balanceCents: summary.availableCents,
        differenceCents: summary.differenceCents,
        unlinkedDebits: pull.unlinkedDebits,
      };
    },
  };
}

export function dataServices(
  api: Api,
  workbook: Workbook,
  locale: Locale,
  /** Told when this add-in created or changed employees (a directory kept elsewhere is stale). */
  onEmployeesChanged: () => void = () => undefined,
): DataServices {
  return {
    listTables: () => workbook.listTables(),
    ...directoryPorts(api, workbook, locale, onEmployeesChanged),
    ...reconciliationPorts(api, workbook, locale),
  };
}
