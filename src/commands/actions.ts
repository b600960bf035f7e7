/**
 * What each ribbon button does, with the workflows the pane uses (src/features, through their index): validate the
 * table the selection is in, send it to a draft (mode `selected`), refresh the statuses of the
 * last distribution, pull the transactions. Each returns the notice to show and whether the pane
 * must open; errors are left to the handler (./commands.ts), which words them with `messageFor`.
 * Finalizing moves money: it is never a ribbon button, only the pane's confirmed step.
 */
import { DoublePaymentError } from "../workbook/run-log";
import { codeWord } from "../workbook/api-words";
import {
  describePaidBefore,
  SheetInvalidError,
  TableNotFoundError,
  readDistributionSheet,
  sendSheet,
  writeSheetStatuses,
} from "../features/distribute";
import { pullTransactions } from "../features/reconciliation";
// Not in the workflows barrel yet (helper "modes" owns it): imported from its module.
import { NoDistributionError, refreshStatus } from "../features/distribute";
import type { Locale, Workbook } from "../workbook";
import type { Host } from "../taskpane/composition-root";
import { formatBRL, formatCount } from "../ui/i18n";
import type { Notice } from "../taskpane/notices";
import type { CommandMessages } from "./messages";

export interface Outcome {
  notice?: Notice | undefined;
  /** Open the pane: a decision or a fix is needed there. */
  openPane?: boolean | undefined;
}

const sumCents = (items: ReadonlyArray<{ values: ReadonlyMap<string, number> }>) =>
  items.reduce((s, i) => s + [...i.values.values()].reduce((a, v) => a + v, 0), 0);

type Target = { workbook: Workbook; table: string } | Outcome;

/** No workbook is open: said, and the pane opened. */
const noWorkbook = (words: CommandMessages): Outcome => ({
  notice: { intent: "error", title: words.noWorkbookTitle, body: words.noWorkbook },
  openPane: true,
});

/** The workbook and the table the selection is in, or the outcome that asks for them. */
async function activeTarget(host: Host, words: CommandMessages): Promise<Target> {
  const workbook = host.workbook;
  if (!workbook) return noWorkbook(words);
  const table = await host.activeTable();
  if (!table)
    return {
      notice: { intent: "warning", title: words.noTableTitle, body: words.noTable, next: words.noTableNext },
      openPane: true,
    };
  return { workbook, table };
}

/** The outcomes the sheet workflows share: invalid rows, missing table, double payment. */
function sheetProblem(
  error: unknown,
  table: string,
  words: CommandMessages,
  locale: Locale,
): Outcome | undefined {
  if (error instanceof SheetInvalidError) {
    const errors = error.issues.filter((i) => i.severity === "error").length;
    return {
      notice: {
        intent: "error",
        title: words.invalidTitle({ table }),
        body: words.invalid({ errors: String(errors) }),
        next: words.invalidNext,
      },
      openPane: true,
    };
  }
  if (error instanceof TableNotFoundError)
    return {
      notice: { intent: "error", title: words.tableGoneTitle, body: words.tableGone({ table }) },
      openPane: true,
    };
  const paidBefore = error instanceof DoublePaymentError ? error.matches.at(-1) : undefined;
  if (paidBefore) {
    // When and which distribution in words; its id last, for whoever looks it up.
    return {
      notice: {
        intent: "warning",
        title: words.doublePaymentTitle,
        body: words.doublePayment({
          ...describePaidBefore(paidBefore, locale),
          id: paidBefore.distributionId,
        }),
        next: words.doublePaymentNext,
      },
      openPane: true,
    };
  }
  return undefined;
}

export async function validateCommand(host: Host, words: CommandMessages): Promise<Outcome> {
  const target = await activeTarget(host, words);
  if (!("table" in target)) return target;
  try {
    const sheet = await readDistributionSheet(await host.api(), target.workbook, target.table, {
      locale: host.locale,
    });
    // Each row's status, as the pane's validation writes it (one rule: src/workbook/status-rule.ts).
    await writeSheetStatuses(target.workbook, sheet, host.locale);
    return {
      notice: {
        intent: "success",
        title: words.validTitle({ table: sheet.table.name }),
        body: words.valid({
          rows: formatCount(sheet.desired.length, host.locale),
          total: formatBRL(sumCents(sheet.desired), host.locale),
        }),
        next: words.validNext,
      },
    };
  } catch (error) {
    const outcome = sheetProblem(error, target.table, words, host.locale);
    if (outcome) return outcome;
    throw error;
  }
}

export async function sendDraftCommand(host: Host, words: CommandMessages): Promise<Outcome> {
  const target = await activeTarget(host, words);
  if (!("table" in target)) return target;
  try {
    const sent = await sendSheet(await host.api(), target, { locale: host.locale });
    const { employees, totalCents } = sent.review.draft;
    return {
      notice: {
        intent: sent.review.matches ? "success" : "warning",
        title: words.sentTitle({ id: sent.distributionId }),
        body:
          words.sent({
            employees: formatCount(employees, host.locale),
            total: formatBRL(totalCents, host.locale),
          }) + (sent.review.matches ? "" : ` ${words.sentMismatch}`),
        next: words.sentNext,
      },
      // Finalizing is a decision the pane asks for (totals, method, balance): open it.
      openPane: true,
    };
  } catch (error) {
    const outcome = sheetProblem(error, target.table, words, host.locale);
    if (outcome) return outcome;
    throw error;
  }
}

export async function refreshCommand(host: Host, words: CommandMessages): Promise<Outcome> {
  const workbook = host.workbook;
  if (!workbook) return noWorkbook(words);
  const table = await host.activeTable();
  try {
    const refreshed = await refreshStatus(await host.api(), { workbook, table }, { locale: host.locale });
    const extra =
      refreshed.rowsWritten > 0
        ? ` ${words.refreshedRows({ rows: formatCount(refreshed.rowsWritten, host.locale) })}`
        : refreshed.sheetChanged
          ? ` ${words.refreshedSheetChanged}`
          : "";
    return {
      notice: {
        intent: refreshed.state === "failed" || refreshed.state === "unknown" ? "warning" : "success",
        title: words.refreshedTitle({ id: refreshed.previous.distributionId }),
        body:
          words.refreshed({
            state: codeWord("distributionState", refreshed.state, host.locale),
            employees: formatCount(refreshed.totalEmployees, host.locale),
            total: formatBRL(refreshed.totalCents, host.locale),
          }) + extra,
      },
      openPane: refreshed.state === "unknown",
    };
  } catch (error) {
    if (error instanceof NoDistributionError)
      return {
        notice: {
          intent: "info",
          title: words.noDistributionTitle,
          body: words.noDistribution,
          next: words.noDistributionNext,
        },
      };
    throw error;
  }
}

export async function pullTransactionsCommand(host: Host, words: CommandMessages): Promise<Outcome> {
  const workbook = host.workbook;
  if (!workbook) return noWorkbook(words);
  const pulled = await pullTransactions((await host.api()).transactions, workbook, { locale: host.locale });
  const count = (x: number) => formatCount(x, host.locale);
  return {
    notice: {
      intent: "success",
      title: words.pulledTitle,
      body:
        words.pulled({
          table: pulled.table.name,
          added: count(pulled.added),
          updated: count(pulled.updated),
        }) +
        (pulled.unlinkedDebits > 0
          ? ` ${words.pulledUnlinked({ count: count(pulled.unlinkedDebits) })}`
          : ""),
    },
  };
}

/**
 * Refresh functions: every distinct question of the workbook's VALEPIX cells asked once again
 * (src/features/functions `FunctionsRuntime.refresh`), whatever the number of cells; a cell whose
 * question fails shows its error and what to do.
 */
export async function refreshFunctionsCommand(host: Host, words: CommandMessages): Promise<Outcome> {
  const refreshed = await host.functions.refresh();
  const count = (x: number) => formatCount(x, host.locale);
  if (refreshed.questions === 0)
    return { notice: { intent: "info", title: words.noFunctionsTitle, body: words.noFunctions } };
  return {
    notice: {
      intent: refreshed.failed > 0 ? "warning" : "success",
      title: words.functionsRefreshedTitle,
      body:
        words.functionsRefreshed({ cells: count(refreshed.cells), questions: count(refreshed.questions) }) +
        (refreshed.failed > 0 ? ` ${words.functionsFailed({ failed: count(refreshed.failed) })}` : ""),
    },
  };
}

/**
 * Reconciliation sheet: builds (or builds again) the sheet made of the VALEPIX functions
 * (src/features/functions `buildReconciliationSheet`), with its chart, and shows it.
 */
export async function reconciliationSheetCommand(host: Host, words: CommandMessages): Promise<Outcome> {
  const build = host.services.functions?.buildReconciliationSheet;
  if (!build) return { notice: { intent: "error", title: words.noWorkbookTitle, body: words.noWorkbook } };
  const built = await build();
  return {
    notice: {
      intent: "success",
      title: words.sheetBuiltTitle({ sheet: built.sheet }),
      body:
        `${words.sheetBuilt} ` +
        (built.ledger
          ? words.sheetLedger({ count: formatCount(built.distributions, host.locale) })
          : words.sheetNoLedger),
    },
  };
}
