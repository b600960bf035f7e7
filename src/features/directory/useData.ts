/**
 * The Data screen's actions: each is one call to DataServices through one task (progress,
 * cancel, errors to the error centre), its outcome told as a notice or dispatched to the
 * screen's reducer (./data-state.ts). Nothing here draws.
 */
import { useCallback, useEffect, useReducer } from "react";
import { useReport } from "../../taskpane/ui/errors/ErrorCenter";
import { formatCount, useMessages, useWords } from "../../taskpane/ui/i18n";
import { useTask } from "../../taskpane/ui/useTask";
import { dataReducer, employeeFilter, initialState, transactionFilter } from "./data-state";
import { type RowProblem, rowProblemsText } from "./row-problems";
import type { DataServices, DirectoryKind } from "./services";
import { DIRECTORY_WORDS } from "./words";

export function useData(services: DataServices) {
  const { locale } = useMessages();
  const x = useWords(DIRECTORY_WORDS);
  const report = useReport();
  const task = useTask();
  const [state, dispatch] = useReducer(dataReducer, initialState);

  const loadTables = useCallback(
    () =>
      services.listTables().then(
        (tables) => dispatch({ type: "tablesLoaded", tables }),
        (e: unknown) => report.error(e),
      ),
    [services, report],
  );
  useEffect(() => {
    const c = new AbortController();
    void loadTables();
    services.situations(c.signal).then(
      (situations) => dispatch({ type: "situationsLoaded", situations }),
      () => {
        // Without the list, the filter still offers "active" (the document's value) and "all".
      },
    );
    return () => c.abort();
  }, [services, loadTables]);

  const pulled = async (r: { table: string; added: number; updated: number }) => {
    report.notice(
      x.pulled({
        table: r.table,
        added: formatCount(r.added, locale),
        updated: formatCount(r.updated, locale),
      }),
    );
    await loadTables();
  };
  const pull = (kind: DirectoryKind) =>
    void task.run(async (run) => {
      const filter = kind === "employees" ? employeeFilter(state) : {};
      await pulled(await services.pull(kind, filter, run));
    });
  const pullTransactions = () =>
    void task.run(async (run) => {
      if (services.pullTransactions)
        await pulled(await services.pullTransactions(transactionFilter(state), run));
    });

  /** The counts, then the rows that failed and why (their full message is in their status cell). */
  const withProblems = (counts: string, problems: readonly RowProblem[]) =>
    problems.length === 0 ? counts : `${counts} ${rowProblemsText(problems, locale)}`;

  const register = () =>
    void task.run(async (run) => {
      const r = await services.registerEmployees(state.registerTable, run);
      report.notice(
        withProblems(
          x.registered({
            created: formatCount(r.created, locale),
            already: formatCount(r.alreadyRegistered, locale),
            errors: formatCount(r.errors + r.notSent, locale),
          }),
          r.problems,
        ),
        r.errors + r.notSent > 0 ? "warning" : "success",
      );
    });

  const saveBenefits = () =>
    void task.run(async (run) => {
      const r = await services.saveBenefits(state.benefitTable, run);
      report.notice(
        withProblems(
          x.benefitSaved({
            created: formatCount(r.created, locale),
            updated: formatCount(r.updated, locale),
            errors: formatCount(r.errors, locale),
          }),
          r.problems,
        ),
        r.errors > 0 ? "warning" : "success",
      );
    });

  const reconcile = () =>
    void task.run(async (run) => {
      if (services.reconcile) dispatch({ type: "reconciled", recon: await services.reconcile(run) });
    });

  return { state, dispatch, task, loadTables, pull, pullTransactions, register, saveBenefits, reconcile };
}
