/**
 * The Data screen's actions: each is one call to DataServices through one task (progress,
 * cancel, errors to the error centre), its outcome told as a notice or dispatched to the
 * screen's reducer (./data-state.ts). Nothing here draws.
 */
import { useCallback, useEffect, useReducer } from "react";
import { useReport } from "../../ui/errors/ErrorCenter";
import { formatCount, useMessages, useWords } from "../../ui/i18n";
import { useTask } from "../../ui/useTask";
import { dataReducer, employeeFilter, initialState, transactionFilter } from "./data-state";
import { type RowProblem, rowProblemsText } from "./row-problems";
import type { DataServices, DirectoryKind } from "./services";
import { DIRECTORY_WORDS } from "./words";

export function useData(services: DataServices) {
  const { locale } = useMessages();
  const words = useWords(DIRECTORY_WORDS);
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
    const controller = new AbortController();
    void loadTables();
    services.situations(controller.signal).then(
      (situations) => dispatch({ type: "situationsLoaded", situations }),
      () => {
        // Without the list, the filter still offers "active" (the document's value) and "all".
      },
    );
    return () => controller.abort();
  }, [services, loadTables]);

  const pulled = async (outcome: { table: string; added: number; updated: number }) => {
    report.notice(
      words.pulled({
        table: outcome.table,
        added: formatCount(outcome.added, locale),
        updated: formatCount(outcome.updated, locale),
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
      const registered = await services.registerEmployees(state.registerTable, run);
      report.notice(
        withProblems(
          words.registered({
            created: formatCount(registered.created, locale),
            already: formatCount(registered.alreadyRegistered, locale),
            errors: formatCount(registered.errors + registered.notSent, locale),
          }),
          registered.problems,
        ),
        registered.errors + registered.notSent > 0 ? "warning" : "success",
      );
    });

  const saveBenefits = () =>
    void task.run(async (run) => {
      const saved = await services.saveBenefits(state.benefitTable, run);
      report.notice(
        withProblems(
          words.benefitSaved({
            created: formatCount(saved.created, locale),
            updated: formatCount(saved.updated, locale),
            errors: formatCount(saved.errors, locale),
          }),
          saved.problems,
        ),
        saved.errors > 0 ? "warning" : "success",
      );
    });

  const reconcile = () =>
    void task.run(async (run) => {
      if (services.reconcile) dispatch({ type: "reconciled", recon: await services.reconcile(run) });
    });

  return { state, dispatch, task, loadTables, pull, pullTransactions, register, saveBenefits, reconcile };
}
