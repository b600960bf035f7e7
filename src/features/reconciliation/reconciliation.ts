/**
 * Reconciliation (issue 10 item 6): the transactions (all pages, optional `type` filter) in a
 * table refreshed incrementally by transaction id (./table-sync.ts: new rows appended, changed
 * states updated in place, nothing duplicated, the user's columns kept), each distribution debit
 * linked to the run-log entry (and so the table) it came from, and a summary that checks
 * completed deposits minus distributions against the available balance.
 *
 * The transaction record is barely described by the API document ("Page of transactions"; record
 * fields: not shown). Read tolerantly: the id is `id`, else `transaction_id`; the state `status`;
 * a debit is a `DISTRIBUTION` or a negative amount, and its size is the absolute amount. A record
 * with no id at all cannot be refreshed in place: it is counted in `unidentified`, never dropped
 * in silence.
 */
import { defineWords } from "../../money";
import type { Transaction, ValePixClient } from "../../api";
import type { Locale } from "../../workbook/messages";
import type { Workbook } from "../../workbook/port";
import { TEXT_FORMAT } from "../../workbook/port";
import { CURRENCY_FORMAT } from "../../workbook/template";
import { pullAll } from "../directory";
import { writeReconciliationSummary } from "./summary";
import type { OnProgress } from "../../api/progress";
import { type SyncResult, syncTable, type TableSpec } from "../../workbook/table-sync";
import type { RunLogLink } from "../../workbook/run-log";

export type { RunLogLink };

export const TRANSACTIONS_TABLE = "ValePix_Transacoes";

const HEADERS = defineWords(
  {
    sheet: "Transações",
    id: "ID da transação",
    type: "Tipo",
    amount: "Valor",
    status: "Situação",
    deposit: "ID do depósito",
    distribution: "ID da distribuição",
    description: "Descrição",
    date: "Data",
    table: "Tabela de origem",
    sentAt: "Enviada em",
    lot: "Lote",
  },
  {
    sheet: "Transactions",
    id: "Transaction ID",
    type: "Type",
    amount: "Amount",
    status: "State",
    deposit: "Deposit ID",
    distribution: "Distribution ID",
    description: "Description",
    date: "Date",
    table: "Source table",
    sentAt: "Sent at",
    lot: "Lot",
  },
);

function transactionHeaders(locale: Locale = "pt-BR") {
  return HEADERS[locale];
}

/** The id a transaction is refreshed by: `id`, else `transaction_id`; "" when it has neither. */
function transactionKey(t: Transaction): string {
  return t.id || t.transaction_id || "";
}

const isDebit = (t: Transaction): boolean => t.type.toUpperCase() === "DISTRIBUTION" || t.amount < 0;

/**
 * The run-log entry a debit came from: by `distribution_id`, else by the charge's id. A run logged
 * several times (draft, processing, final state) links to its latest entry that names a lot.
 */
export function linkOf(t: Transaction, runLog: readonly RunLogLink[]): RunLogLink | undefined {
  if (!isDebit(t)) return undefined;
  const charge = t.transaction_id;
  const byDistribution = t.distribution_id
    ? runLog.filter((e) => e.distributionId === t.distribution_id)
    : [];
  const matches =
    byDistribution.length > 0
      ? byDistribution
      : charge
        ? runLog.filter((e) => e.transactionId === charge || e.transactionIds?.includes(charge) === true)
        : [];
  return matches.findLast((e) => e.lotId !== undefined) ?? matches.at(-1);
}

export interface TransactionPullResult extends SyncResult {
  /** Every transaction listed (all pages), in the API's order. */
  transactions: Transaction[];
  /** Listed without any id: not written (they could not be refreshed without duplicating). */
  unidentified: number;
  /** Debits with no run-log entry (sent from elsewhere, or from another workbook). */
  unlinkedDebits: number;
}

export async function pullTransactions(
  transactions: Pick<ValePixClient["transactions"], "list">,
  workbook: Workbook,
  options: {
    type?: "DEPOSIT" | "DISTRIBUTION";
    runLog?: readonly RunLogLink[];
    table?: string;
    locale?: Locale;
    signal?: AbortSignal;
    onProgress?: OnProgress;
  } = {},
): Promise<TransactionPullResult> {
  const { signal } = options;
  const runLog = options.runLog ?? [];
  const listed = await pullAll(
    transactions.list(options.type ? { type: options.type } : {}, { signal }),
    "transactions",
    options,
  );
  const keyed = listed.filter((t) => transactionKey(t) !== "");
  const h = transactionHeaders(options.locale);
  const link = (t: Transaction) => linkOf(t, runLog);
  const spec: TableSpec<Transaction> = {
    table: options.table ?? TRANSACTIONS_TABLE,
    sheet: h.sheet,
    key: transactionKey,
    keyHeader: h.id,
    columns: [
      { header: h.id, value: transactionKey, numberFormat: TEXT_FORMAT, widthPoints: 150 },
      { header: h.type, value: (t) => t.type, widthPoints: 90 },
      // Reais for people to read; the cents stay in the API's records.
      { header: h.amount, value: (t) => t.amount / 100, numberFormat: CURRENCY_FORMAT, widthPoints: 110 },
      { header: h.status, value: (t) => t.status ?? "", widthPoints: 90 },
      {
        header: h.deposit,
        value: (t) => t.transaction_id ?? "",
        numberFormat: TEXT_FORMAT,
        widthPoints: 150,
      },
      {
        header: h.distribution,
        value: (t) => t.distribution_id ?? "",
        numberFormat: TEXT_FORMAT,
        widthPoints: 150,
      },
      { header: h.description, value: (t) => t.description ?? "", widthPoints: 220 },
      { header: h.date, value: (t) => t.created_at ?? "", numberFormat: TEXT_FORMAT, widthPoints: 150 },
      { header: h.table, value: (t) => link(t)?.table ?? "", widthPoints: 140 },
      { header: h.sentAt, value: (t) => link(t)?.at ?? "", numberFormat: TEXT_FORMAT, widthPoints: 150 },
      { header: h.lot, value: (t) => link(t)?.lotId ?? "", numberFormat: TEXT_FORMAT, widthPoints: 120 },
    ],
  };
  const sync = await syncTable(workbook, spec, keyed, options);
  return {
    ...sync,
    transactions: listed,
    unidentified: listed.length - keyed.length,
    unlinkedDebits: keyed.filter((t) => isDebit(t) && !link(t)).length,
  };
}

// ---------------------------------------------------------------------------------------------
// Summary

export interface ReconciliationSummary {
  /** Sum of deposits (charges included) in `COMPLETED`. */
  completedDepositsCents: number;
  /** Deposits still waiting for payment (not in the balance). */
  pendingDepositsCents: number;
  /** Debits of distributions, except those that failed (a failed lot gives the balance back). */
  distributedCents: number;
  /** What the balance should be: completed deposits minus distributions. */
  expectedBalanceCents: number;
  availableCents: number;
  /** available − expected: zero when everything adds up. */
  differenceCents: number;
  /** Transactions whose state or type this summary could not place (listed for a person). */
  unplaced: Transaction[];
}

const UNDONE = new Set(["FAILED", "CANCELLED", "EXPIRED"]);

/** Pure: the summary of a full list of transactions against the available balance. */
export function summarize(
  transactions: readonly Transaction[],
  availableCents: number,
): ReconciliationSummary {
  let completed = 0;
  let pending = 0;
  let distributed = 0;
  const unplaced: Transaction[] = [];
  for (const t of transactions) {
    const status = (t.status ?? "").toUpperCase();
    if (isDebit(t)) {
      if (!UNDONE.has(status)) distributed += Math.abs(t.amount);
    } else if (t.type.toUpperCase() === "DEPOSIT") {
      if (status === "COMPLETED") completed += t.amount;
      else if (status === "PENDING" || status === "") pending += t.amount;
      else if (!UNDONE.has(status)) unplaced.push(t);
    } else {
      unplaced.push(t);
    }
  }
  const expected = completed - distributed;
  return {
    completedDepositsCents: completed,
    pendingDepositsCents: pending,
    distributedCents: distributed,
    expectedBalanceCents: expected,
    availableCents,
    differenceCents: availableCents - expected,
    unplaced,
  };
}

/**
 * Pulls every transaction into the table and checks them against the balance. The balance is
 * read before and after the pull: `balanceMoved` says a payment or a lot settled meanwhile (pull
 * again before trusting a difference).
 */
export async function reconcile(
  api: {
    transactions: Pick<ValePixClient["transactions"], "list">;
    balances: Pick<ValePixClient["balances"], "get">;
  },
  workbook: Workbook,
  options: Parameters<typeof pullTransactions>[2] & {
    /** The summary table's name (default `SUMMARY_TABLE`); null: the summary is only returned. */
    summaryTable?: string | null;
    now?: () => number;
  } = {},
): Promise<{
  pull: TransactionPullResult;
  summary: ReconciliationSummary;
  balanceMoved: boolean;
  /** The summary table written (./reconciliation-summary.ts), unless `summaryTable` is null. */
  summaryTable: SyncResult | undefined;
}> {
  const { signal } = options;
  const before = (await api.balances.get({ signal })).available_amount;
  // The summary needs every type, whatever the table shows.
  const pull = await pullTransactions(api.transactions, workbook, { ...options, type: undefined });
  const after = (await api.balances.get({ signal })).available_amount;
  const summary = summarize(pull.transactions, after);
  const balanceMoved = before !== after;
  const summaryTable =
    options.summaryTable === null
      ? undefined
      : await writeReconciliationSummary(
          workbook,
          {
            summary,
            unidentified: pull.unidentified,
            unlinkedDebits: pull.unlinkedDebits,
            balanceMoved,
            at: new Date((options.now ?? Date.now)()).toISOString(),
          },
          {
            ...(options.locale ? { locale: options.locale } : {}),
            ...(options.summaryTable ? { table: options.summaryTable } : {}),
            ...(signal ? { signal } : {}),
          },
        );
  return { pull, summary, balanceMoved, summaryTable };
}
