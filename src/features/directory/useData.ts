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

type Registered = Awaited<ReturnType<DataServices["registerEmployees"]>>;
type SavedBenefits = Awaited<ReturnType<DataServices["saveBenefits"]>>;

/**
 * The notices that tell an action's outcome: what a pull added and updated, what a registration
 * or a benefits save did, then the rows that failed and why (their full message is in their
 * status cell); a warning when any row failed.
 */
function useOutcomeNotices() {
  const { locale } = useMessages();
  const words = useWords(DIRECTORY_WORDS);
  const report = useReport();

  const withProblems = (counts: string, problems: readonly RowProblem[]) =>
    problems.length === 0 ? counts : `${counts} ${rowProblemsText(problems, locale)}`;

  const pulled = (outcome: PullOutcome) =>
    report.notice(
      words.pulled({
        table: outcome.table,
        added: formatCount(outcome.added, locale),
        updated: formatCount(outcome.updated, locale),
      }),
    );

  const registered = (outcome: Registered) =>
    report.notice(
      withProblems(
        words.registered({
          created: formatCount(outcome.created, locale),
          already: formatCount(outcome.alreadyRegistered, locale),
          errors: formatCount(outcome.errors + outcome.notSent, locale),
        }),
        outcome.problems,
      ),
      outcome.errors + outcome.notSent > 0 ? "warning" : "success",
    );

  const benefitsSaved = (outcome: SavedBenefits) =>
    report.notice(
      withProblems(
        words.benefitSaved({
          created: formatCount(outcome.created, locale),
          updated: formatCount(outcome.updated, locale),
          errors: formatCount(outcome.errors, locale),
        }),
        outcome.problems,
      ),
      outcome.errors > 0 ? "warning" : "success",
    );

  return { pulled, registered, benefitsSaved };
}

export function useData(services: DataServices) {
  const notices = useOutcomeNotices();
  const task = useTask();
  const [state, dispatch] = useReducer(dataReducer, initialState);

  const { tables, reload: loadTables } = useTables(services);
  useSituations(services, dispatch);

  /** Runs one pull as the task, tells what it added and updated, and reads the tables again. */
  const runPull = (pullInto: (run: Run) => Promise<PullOutcome>) =>
    void task.run(async (run) => {
      notices.pulled(await pullInto(run));
      await loadTables();
    });
  const pull = (kind: DirectoryKind) =>
    runPull((run) => services.pull(kind, kind === "employees" ? employeeFilter(state) : {}, run));
  const pullTransactions = () => {
    const transactions = services.pullTransactions?.bind(services);
    if (transactions) runPull((run) => transactions(transactionFilter(state), run));
  };

  const register = () =>
    void task.run(async (run) =>
      notices.registered(await services.registerEmployees(state.registerTable, run)),
    );

  const saveBenefits = () =>
    void task.run(async (run) => notices.benefitsSaved(await services.saveBenefits(state.benefitTable, run)));

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
