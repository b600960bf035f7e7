/**
 * `DistributeServices` over this feature's workflows (docs/workflows.md, "Distribution, mode selected") and
 * the Workbook port: the table, its mapping and validation, the cell checker, send (`sendSheet`),
 * review again (`reviewSheetAgain`, `reviewModeAgain`) and finalize (`finalizeSheet`), and
 * "check status" after an unknown outcome (../finalize/finalize-check.ts). Nothing here decides a business
 * rule; it turns the workflows' results into the pane's views.
 *
 * The fingerprint of what was reviewed stays here, keyed by distribution: finalize sends only
 * the content the person saw in the review (`finalizeSheet` refuses a sheet changed since).
 *
 * Send and review go by mode through ./modes.ts, finalize through ../finalize/finalize-by-mode.ts
 * (`selected`, `batch`, `group`).
 */
import { type Benefit, collectAll, type ValePixClient } from "../../../api";
import { parseCents } from "../../../money";
import {
  amountIssue,
  createDistributionTemplate,
  DEFAULT_MAX_CENTS_PER_CELL,
  type Locale,
  loadMapping,
  saveMappingOverride,
  type TableInfo,
  type Workbook,
} from "../../../workbook";
import { assertNotPaidBefore, DoublePaymentError, readRunLogEntries } from "../../../workbook/run-log";
import { cancelCharge, followCharge } from "../../fund";
import { TableNotFoundError } from "../send/sheet";
import { paidBeforeOf } from "../paid-before";
import { SheetChangedError } from "../finalize/finalize";
import {
  type CellInspection,
  type DistributeServices,
  type DistributionMode,
  ModeUnavailableError,
  type ReviewView,
  type SendRequest,
  type ValidationView,
} from "../services";
import type { DirectoryCache, ValidatedDirectory } from "../send/directory";
import { WorkflowReads } from "../send/reads";
import { checkFinalize, outcomeView } from "../finalize/finalize-check";
import { finalizeByMode, type Reviewed } from "../finalize/finalize-by-mode";
import type { FinalizeDraftOptions } from "../finalize/finalize-draft";
import { LiveTables } from "./live";
import { settleTable } from "../settle/settle";
import { interruptedRun } from "../settle/interrupted";
import { reviewByMode, type Sent, sendByMode } from "./modes";

const MODES: readonly DistributionMode[] = ["selected", "batch", "group"];

export function distributeServices(
  api: () => Promise<ValePixClient>,
  workbook: Workbook,
  locale: Locale,
  /** Reads kept across validate, send and finalize (../send/reads.ts), shared with the shell. */
  reads: WorkflowReads = new WorkflowReads(),
): DistributeServices {
  const directory = reads.directory;
  return {
    modes: MODES,
    ...tableServices(api, workbook, locale, directory),
    ...runServices(api, workbook, locale, reads),
  };
}

type TableServices = Omit<DistributeServices, "modes" | keyof RunServices>;
type RunServices = Pick<
  DistributeServices,
  "send" | "review" | "finalize" | "cancelCharge" | "checkFinalize" | "interruptedRun"
>;

const MAX_BENEFITS = 10_000;

/** The benefits, read whole each time (the group mode's list). */
const benefitsOf = (client: ValePixClient, signal: AbortSignal): Promise<Benefit[]> =>
  collectAll(client.benefits.list({}, { signal }), { max: MAX_BENEFITS });

const tableIn = async (workbook: Workbook, name: string): Promise<TableInfo> => {
  const info = await workbook.getTable(name);
  if (!info) throw new TableNotFoundError(name);
  return info;
};

/** The table, its mapping, its validation (whole and live), the cell checker and the benefits. */
function tableServices(
  api: () => Promise<ValePixClient>,
  workbook: Workbook,
  locale: Locale,
  directory: DirectoryCache,
): TableServices {
  const live = new LiveTables(workbook, locale);
  const tableOf = (name: string) => tableIn(workbook, name);

  /** Validates the whole table, writes every row's status, and keeps the result for live changes. */
  const validateWith = async (table: string, dir: ValidatedDirectory): Promise<ValidationView> => {
    const { ok, issues, summary } = (await live.full(await tableOf(table), dir)).view();
    return { ok, issues, summary };
  };

  return {
    listTables: () => workbook.listTables(),

    createTemplate: async (signal) => {
      const dir = await directory.fresh(api, signal);
      const { table } = await createDistributionTemplate(workbook, {
        employees: dir.employees,
        products: dir.products,
        locale,
      });
      return table;
    },

    mapping: async (table) => {
      const info = await tableOf(table);
      const dir = await directory.cached(api, new AbortController().signal);
      const mapping = await loadMapping(workbook, info.name, info.header, dir.products);
      return {
        header: info.header,
        columns: mapping.columns.map((c) => ({ index: c.index, header: c.header, role: c.role })),
        products: dir.products,
      };
    },

    saveMapping: async (table, override) => {
      const name = (await tableOf(table)).name;
      live.forget(name);
      await saveMappingOverride(workbook, name, override);
    },

    validate: async (table, run) => {
      run.onProgress({ phase: "read", done: 0, total: 1 });
      // What the API says of this table's unsettled drafts is recorded before anything else.
      await settleTable(
        await api(),
        { workbook, table: (await tableOf(table)).name },
        { signal: run.signal, locale },
      );
      const view = await validateWith(table, await directory.fresh(api, run.signal));
      run.onProgress({ phase: "read", done: 1, total: 1 });
      return view;
    },

    // Live: the changed rows only, with the directory of the last explicit validation (./live.ts).
    revalidate: async (table, signal, changes) => {
      const { ok, issues, summary } = await live.update(table, changes, async () => ({
        table: await tableOf(table),
        dir: await directory.cached(api, signal),
      }));
      return { ok, issues, summary };
    },

    ...cellServices(workbook, live, tableOf),

    benefits: async (signal) => benefitsOf(await api(), signal),
  };
}

/** The table's cells as the pane follows them: people's changes, one cell's reading, an issue's cell. */
function cellServices(
  workbook: Workbook,
  live: LiveTables,
  tableOf: (name: string) => Promise<TableInfo>,
): Pick<DistributeServices, "watchTable" | "inspectCell" | "selectIssue"> {
  return {
    watchTable: async (table, onChange) => {
      const name = (await tableOf(table)).name;
      return workbook.onTableChanged(name, (change) => {
        if (!live.isOwnWrite(name, change)) onChange(change);
      });
    },

    inspectCell: async (table, sheetRow, column) =>
      inspectTableCell(workbook, await tableOf(table), sheetRow, column),

    selectIssue: async (table, issue) => {
      if (issue.rowIndex === undefined) return;
      const info = await tableOf(table);
      // A row issue without a column goes to the row's first cell.
      const column =
        issue.column !== undefined && info.header.includes(issue.column) ? issue.column : info.header[0]!;
      await workbook.selectTableCell(info.name, issue.rowIndex, column);
    },
  };
}

/** Send, review again, finalize and what follows it: the runs on the API. */
function runServices(
  api: () => Promise<ValePixClient>,
  workbook: Workbook,
  locale: Locale,
  reads: WorkflowReads,
): RunServices {
  const directory = reads.directory;
  /** Distribution id → its mode and the fingerprint its last review saw. */
  const reviewed = new Map<string, Reviewed>();
  /** Distribution id → what was sent (batch and group review again with the same input). */
  const requests = new Map<string, SendRequest>();

  /** Finalize only what a review showed (the screen reviews first; a lost review means review again). */
  const seenFor = (request: { table: string; distributionId: string }): Reviewed => {
    const seen = reviewed.get(request.distributionId);
    if (seen === undefined) throw new SheetChangedError(request.table);
    return seen;
  };

  const reviewView = async (
    client: ValePixClient,
    sent: ReviewedSend,
    names: ReadonlyMap<string, string>,
    signal: AbortSignal,
  ): Promise<ReviewView> => {
    const view = await reviewViewOf(client, workbook, sent, names, signal);
    reviewed.set(sent.distributionId, {
      mode: sent.mode,
      fingerprint: sent.fingerprint,
      reviewTable: sent.reviewTable,
    });
    return view;
  };

  return {
    send: async (request, run) => {
      if (!MODES.includes(request.mode)) throw new ModeUnavailableError(request.mode);
      const client = await api();
      const sent = await sendByMode(client, workbook, request, run, locale, reads);
      requests.set(sent.distributionId, request);
      const dir = await directory.cached(api, run.signal);
      return sentView(sent, await reviewView(client, sent, dir.names, run.signal));
    },

    review: async (table, distributionId, run) => {
      const client = await api();
      const dir = await directory.cached(api, run.signal);
      const asked = requests.get(distributionId);
      const again = await reviewByMode(
        client,
        workbook,
        { table, distributionId },
        asked,
        run,
        locale,
        reads,
      );
      return reviewView(client, again, dir.names, run.signal);
    },

    finalize: async (request, run) => {
      const client = await api();
      const out = await finalizeFollowingCharge(client, run, (following) =>
        finalizeByMode(client, workbook, request, seenFor(request), { ...run, ...following }, locale, reads),
      );
      const view = outcomeView(request.distributionId, out.distribution, out.finalizedNow, out.transactionId);
      return out.repeatCheck === "local" ? { ...view, localCheckOnly: true } : view;
    },

    cancelCharge: async (transactionId) => cancelCharge((await api()).deposits, transactionId),

    checkFinalize: async (request, run) =>
      checkFinalize(await api(), workbook, request, seenFor(request), run, locale),

    interruptedRun: async (signal) => interruptedRun(await api(), workbook, { signal, locale }),
  };
}

/** A send or a review again, as the pane's review is made of it. */
type ReviewedSend = Omit<Sent, "created" | "calls" | "unansweredCreates">;

/** An earlier run that paid the same content, when the run log has one. */
async function repeatsOf(
  workbook: Workbook,
  fingerprint: string,
  distributionId: string,
): Promise<ReviewView["repeats"]> {
  try {
    assertNotPaidBefore(await readRunLogEntries(workbook), fingerprint, { except: distributionId });
    return undefined;
  } catch (e) {
    if (!(e instanceof DoublePaymentError)) throw e;
    return paidBeforeOf(e.matches.at(-1)!);
  }
}

/** The changes since the previous finalized run, counted as the pane shows them. */
function sincePreviousView(since: Sent["since"]): Pick<ReviewView, "sincePrevious"> {
  if (!since) return {};
  return {
    sincePrevious: {
      distributionId: since.distributionId,
      newEmployees: since.newEmployees.length,
      droppedEmployees: since.droppedEmployees.length,
      changedAmounts: since.changed.length,
      totalDeltaCents: since.differenceCents,
    },
  };
}

/** The review as the pane shows it: names for ids, the balance now, and an earlier run that paid the same. */
async function reviewViewOf(
  client: ValePixClient,
  workbook: Workbook,
  sent: ReviewedSend,
  names: ReadonlyMap<string, string>,
  signal: AbortSignal,
): Promise<ReviewView> {
  const { distributionId, fingerprint, review } = sent;
  const balance = await client.balances.get({ signal });
  const repeats = await repeatsOf(workbook, fingerprint, distributionId);
  return {
    matches: review.matches,
    mismatches: review.mismatches.map((m) => ({
      employee: names.get(m.employee_id) ?? m.employee_id,
      product: m.product_id ?? "",
      sheetCents: m.sheetCents,
      draftCents: m.draftCents,
    })),
    sheetTotalCents: review.sheet.totalCents,
    draftTotalCents: review.draft.totalCents,
    totalEmployees: review.draft.employees,
    availableCents: balance.available_amount,
    ...sincePreviousView(sent.since),
    ...(repeats ? { repeats } : {}),
  };
}

/** What the pane is told of a send: the draft, its calls and totals, and its review. */
function sentView(sent: Sent, review: ReviewView): Awaited<ReturnType<DistributeServices["send"]>> {
  return {
    distributionId: sent.distributionId,
    mode: sent.mode,
    created: sent.created,
    calls: sent.calls,
    totalEmployees: sent.review.draft.employees,
    totalCents: sent.review.draft.totalCents,
    ...(sent.reviewTable ? { reviewTable: sent.reviewTable } : {}),
    unansweredDrafts: sent.unansweredCreates,
    review,
  };
}

/** A cell of the table as validation reads it: its raw value, and its cents or the problem. */
async function inspectTableCell(
  workbook: Workbook,
  info: TableInfo,
  sheetRow: number,
  column: string,
): Promise<CellInspection> {
  const col = info.header.indexOf(column);
  const rowIndex = sheetRow - info.headerRow - 1;
  if (col < 0 || rowIndex < 0 || rowIndex >= info.rowCount) return { raw: "", outside: true };
  let raw: string | number | boolean = "";
  for await (const block of workbook.readTableRows(info.name))
    if (rowIndex < block.offset + block.rows.length) {
      raw = block.rows[rowIndex - block.offset]?.[col] ?? "";
      break;
    }
  // The same reading validation applies (src/money, the sheet's pt-BR money locale).
  const parsed = parseCents(raw, { locale: "pt-BR", maxCents: DEFAULT_MAX_CENTS_PER_CELL });
  if (parsed.ok) return { raw, cents: parsed.cents };
  return { raw, problem: amountIssue(parsed.problem, { row: sheetRow, rowIndex, column }) };
}

/**
 * Runs `finalize` while the charge (PIX or boleto) it opens is followed beside the distribution's
 * wait, for the person to pay; the following stops with the finalize.
 */
async function finalizeFollowingCharge<T>(
  client: ValePixClient,
  run: Parameters<DistributeServices["finalize"]>[1],
  finalize: (following: { onProcessing: FinalizeDraftOptions["onProcessing"] }) => Promise<T>,
): Promise<T> {
  const following = new AbortController();
  const stop = () => following.abort();
  run.signal.addEventListener("abort", stop);
  const onProcessing = ({ transactionId }: { transactionId: string | undefined }) => {
    const onCharge = run.onCharge;
    if (!transactionId || !onCharge) return;
    followCharge(client, transactionId, { signal: following.signal, onCharge }).then(
      (o) => onCharge(o.charge),
      () => {
        // Stopped with the wait, or unreadable: the distribution's own state is what counts.
      },
    );
  };
  try {
    return await finalize({ onProcessing });
  } finally {
    stop();
    run.signal.removeEventListener("abort", stop);
  }
}
