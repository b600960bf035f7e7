/**
 * The Data screen's actions: each is one call to DataServices through one task (progress,
 * cancel, errors to the error centre), its outcome told as a notice or dispatched to the
 * screen's reducer (./data-state.ts). Nothing here draws.
 */
import { type Dispatch, useEffect, useReducer } from "react";
import type { Run } from "../../api/progress";
import { useReport } from "../../ui/errors/ErrorCenter";
import { formatCount, useMessages, useWords } from "../../ui/i18n";
import { useTables } from "../../ui/useTables";
import { useTask } from "../../ui/useTask";
import { type DataAction, dataReducer, employeeFilter, initialState, transactionFilter } from "./data-state";
import { type RowProblem, rowProblemsText } from "./row-problems";
import type { DataServices, DirectoryKind, PullOutcome } from "./services";
import { DIRECTORY_WORDS } from "./words";

/** The employees' situations, read once per services for the pull's filter. */
function useSituations(services: DataServices, dispatch: Dispatch<DataAction>): void {
  useEffect(() => {
    const controller = new AbortController();
    services.situations(controller.signal).then(
      (situations) => dispatch({ type: "situationsLoaded", situations }),
      () => {
        // Without the list, the filter still offers "active" (the document's value) and "all".
      },
    );
    return () => controller.abort();
  }, [services, dispatch]);
}

export function useData(services: DataServices) {
  const { locale } = useMessages();
  const words = useWords(DIRECTORY_WORDS);
  const report = useReport();
  const task = useTask();
  const [state, dispatch] = useReducer(dataReducer, initialState);

  const { tables, reload: loadTables } = useTables(services);
  useSituations(services, dispatch);

  /** Runs one pull as the task, tells what it added and updated, and reads the tables again. */
  const runPull = (pullInto: (run: Run) => Promise<PullOutcome>) =>
    void task.run(async (run) => {
      const outcome = await pullInto(run);
      report.notice(
        words.pulled({
          table: outcome.table,
          added: formatCount(outcome.added, locale),
          updated: formatCount(outcome.updated, locale),
        }),
      );
      await loadTables();
    });
  const pull = (kind: DirectoryKind) =>
    runPull((run) => services.pull(kind, kind === "employees" ? employeeFilter(state) : {}, run));
  const pullTransactions = () => {
    const transactions = services.pullTransactions?.bind(services);
    if (transactions) runPull((run) => transactions(transactionFilter(state), run));
  };

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

  return {
    state,
    dispatch,
    tables,
    task,
    loadTables,
    pull,
    pullTransactions,
    register,
    saveBenefits,
    reconcile,
  };
}
