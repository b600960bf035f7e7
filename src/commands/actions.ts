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
  SheetInvalidError,
  TableNotFoundError,
  readDistributionSheet,
  sendSheet,
  writeSheetStatuses,
} from "../features/distribute";
import { pullTransactions } from "../features/reconciliation";
// Not in the workflows barrel yet (helper "modes" owns it): imported from its module.
import { NoDistributionError, refreshStatus } from "../features/distribute";
import type { Workbook } from "../workbook";
import type { Host } from "../taskpane/composition-root";
import { formatBRL, formatCount } from "../taskpane/ui/i18n";
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

/** The workbook and the table the selection is in, or the outcome that asks for them. */
async function activeTarget(host: Host, t: CommandMessages): Promise<Target> {
  const workbook = host.workbook;
  if (!workbook)
    return { notice: { intent: "error", title: t.noWorkbookTitle, body: t.noWorkbook }, openPane: true };
  const table = await host.activeTable();
  if (!table)
    return {
      notice: { intent: "warning", title: t.noTableTitle, body: t.noTable, next: t.noTableNext },
      openPane: true,
    };
  return { workbook, table };
}

/** The outcomes the sheet workflows share: invalid rows, missing table, double payment. */
function sheetProblem(error: unknown, table: string, t: CommandMessages): Outcome | undefined {
  if (error instanceof SheetInvalidError) {
    const errors = error.issues.filter((i) => i.severity === "error").length;
    return {
      notice: {
        intent: "error",
        title: t.invalidTitle({ table }),
        body: t.invalid({ errors: String(errors) }),
        next: t.invalidNext,
      },
      openPane: true,
    };
  }
  if (error instanceof TableNotFoundError)
    return {
      notice: { intent: "error", title: t.tableGoneTitle, body: t.tableGone({ table }) },
      openPane: true,
    };
  if (error instanceof DoublePaymentError) {
    const id = error.matches.map((m) => m.distributionId).join(", ");
    return {
      notice: {
        intent: "warning",
        title: t.doublePaymentTitle,
        body: t.doublePayment({ id }),
        next: t.doublePaymentNext,
      },
      openPane: true,
    };
  }
  return undefined;
}

export async function validateCommand(host: Host, t: CommandMessages): Promise<Outcome> {
  const target = await activeTarget(host, t);
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
        title: t.validTitle({ table: sheet.table.name }),
        body: t.valid({
          rows: formatCount(sheet.desired.length, host.locale),
          total: formatBRL(sumCents(sheet.desired), host.locale),
        }),
        next: t.validNext,
      },
    };
  } catch (error) {
    const outcome = sheetProblem(error, target.table, t);
    if (outcome) return outcome;
    throw error;
  }
}

export async function sendDraftCommand(host: Host, t: CommandMessages): Promise<Outcome> {
  const target = await activeTarget(host, t);
  if (!("table" in target)) return target;
  try {
    const r = await sendSheet(await host.api(), target, { locale: host.locale });
    const { employees, totalCents } = r.review.draft;
    return {
      notice: {
        intent: r.review.matches ? "success" : "warning",
        title: t.sentTitle({ id: r.distributionId }),
        body:
          t.sent({
            employees: formatCount(employees, host.locale),
            total: formatBRL(totalCents, host.locale),
          }) + (r.review.matches ? "" : ` ${t.sentMismatch}`),
        next: t.sentNext,
      },
      // Finalizing is a decision the pane asks for (totals, method, balance): open it.
      openPane: true,
    };
  } catch (error) {
    const outcome = sheetProblem(error, target.table, t);
    if (outcome) return outcome;
    throw error;
  }
}

export async function refreshCommand(host: Host, t: CommandMessages): Promise<Outcome> {
  const workbook = host.workbook;
  if (!workbook)
    return { notice: { intent: "error", title: t.noWorkbookTitle, body: t.noWorkbook }, openPane: true };
  const table = await host.activeTable();
  try {
    const r = await refreshStatus(await host.api(), { workbook, table }, { locale: host.locale });
    const extra =
      r.rowsWritten > 0
        ? ` ${t.refreshedRows({ rows: formatCount(r.rowsWritten, host.locale) })}`
        : r.sheetChanged
          ? ` ${t.refreshedSheetChanged}`
          : "";
    return {
      notice: {
        intent: r.state === "failed" || r.state === "unknown" ? "warning" : "success",
        title: t.refreshedTitle({ id: r.previous.distributionId }),
        body:
          t.refreshed({
            state: codeWord("distributionState", r.state, host.locale),
            employees: formatCount(r.totalEmployees, host.locale),
            total: formatBRL(r.totalCents, host.locale),
          }) + extra,
      },
      openPane: r.state === "unknown",
    };
  } catch (error) {
    if (error instanceof NoDistributionError)
      return {
        notice: {
          intent: "info",
          title: t.noDistributionTitle,
          body: t.noDistribution,
          next: t.noDistributionNext,
        },
      };
    throw error;
  }
}

export async function pullTransactionsCommand(host: Host, t: CommandMessages): Promise<Outcome> {
  const workbook = host.workbook;
  if (!workbook)
    return { notice: { intent: "error", title: t.noWorkbookTitle, body: t.noWorkbook }, openPane: true };
  const r = await pullTransactions((await host.api()).transactions, workbook, { locale: host.locale });
  const n = (x: number) => formatCount(x, host.locale);
  return {
    notice: {
      intent: "success",
      title: t.pulledTitle,
      body:
        t.pulled({ table: r.table.name, added: n(r.added), updated: n(r.updated) }) +
        (r.unlinkedDebits > 0 ? ` ${t.pulledUnlinked({ count: n(r.unlinkedDebits) })}` : ""),
    },
  };
}

/**
 * Refresh functions: every distinct question of the workbook's VALEPIX cells asked once again
 * (src/features/functions `FunctionsRuntime.refresh`), whatever the number of cells; a cell whose
 * question fails shows its error and what to do.
 */
export async function refreshFunctionsCommand(host: Host, t: CommandMessages): Promise<Outcome> {
  const r = await host.functions.refresh();
  const n = (x: number) => formatCount(x, host.locale);
  if (r.questions === 0)
    return { notice: { intent: "info", title: t.noFunctionsTitle, body: t.noFunctions } };
  return {
    notice: {
      intent: r.failed > 0 ? "warning" : "success",
      title: t.functionsRefreshedTitle,
      body:
        t.functionsRefreshed({ cells: n(r.cells), questions: n(r.questions) }) +
        (r.failed > 0 ? ` ${t.functionsFailed({ failed: n(r.failed) })}` : ""),
    },
  };
}

/**
 * Reconciliation sheet: builds (or builds again) the sheet made of the VALEPIX functions
 * (src/features/functions `buildReconciliationSheet`), with its chart, and shows it.
 */
export async function reconciliationSheetCommand(host: Host, t: CommandMessages): Promise<Outcome> {
  const build = host.services.functions?.buildReconciliationSheet;
  if (!build) return { notice: { intent: "error", title: t.noWorkbookTitle, body: t.noWorkbook } };
  const r = await build();
  return {
    notice: {
      intent: "success",
      title: t.sheetBuiltTitle({ sheet: r.sheet }),
      body:
        `${t.sheetBuilt} ` +
        (r.ledger ? t.sheetLedger({ count: formatCount(r.distributions, host.locale) }) : t.sheetNoLedger),
    },
  };
}
