/**
 * Reconciliation: the transactions (all pages, optional `type` filter) in a
 * table refreshed incrementally by transaction id (src/workbook/table-sync.ts: new rows appended, changed
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
import type { Transaction, ValePixClient } from "../../api";
import type { Locale } from "../../workbook/messages";
import type { Workbook } from "../../workbook/port";
import { type LocalTableNames, localTableName } from "../../workbook/names";
import { type LedgerRow, readLedger } from "../../workbook/ledger";
import { pullAll } from "../../api";
import { isDebit, transactionKey, transactionSpec } from "./transaction-sheet";
import { type LedgerCheck, type ReconciliationSummary, writeReconciliationSummary } from "./summary";
import type { OnProgress } from "../../api/progress";
import { type SyncResult, syncTable } from "../../workbook/table-sync";
import type { RunLogLink } from "../../workbook/run-log";

export type { RunLogLink };

/** The transactions table, named in the display language that creates it (either is found later). */
export const TRANSACTIONS_TABLES: LocalTableNames = {
  "pt-BR": "ValePix_Transacoes",
  "en-US": "ValePix_Transactions",
};

/**
 * The run-log entry a debit came from: by `distribution_id`, else by the charge's id. A run logged
 * several times (draft, processing, final state) links to its latest entry that names a lot.
 */
export function linkOf(transaction: Transaction, runLog: readonly RunLogLink[]): RunLogLink | undefined {
  if (!isDebit(transaction)) return undefined;
  const charge = transaction.transaction_id;
  const byDistribution = transaction.distribution_id
    ? runLog.filter((e) => e.distributionId === transaction.distribution_id)
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
    /** The workbook's ledger, when the caller read it already (else it is read here). */
    ledger?: readonly LedgerRow[];
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
  const link = (t: Transaction) => linkOf(t, runLog);
  const spec = transactionSpec({
    table: options.table ?? (await localTableName(workbook, TRANSACTIONS_TABLES, options.locale ?? "pt-BR")),
    locale: options.locale ?? "pt-BR",
    link,
    ledger: options.ledger ?? (await readLedger(workbook, signal)),
  });
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
  for (const transaction of transactions) {
    const status = (transaction.status ?? "").toUpperCase();
    if (isDebit(transaction)) {
      if (!UNDONE.has(status)) distributed += Math.abs(transaction.amount);
    } else if (transaction.type.toUpperCase() === "DEPOSIT") {
      if (status === "COMPLETED") completed += transaction.amount;
      else if (status === "PENDING" || status === "") pending += transaction.amount;
      else if (!UNDONE.has(status)) unplaced.push(transaction);
    } else {
      unplaced.push(transaction);
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

/** The ledger of this workbook against the transactions (`checkLedger`). */
/**
 * Pure: what the workbook's ledger says was paid (or is being paid) against what the transactions
 * debited for the same distributions. Equal when the ledger is the record of those payments; a
 * lot that failed after the ledger last heard of it shows as a difference until a refresh.
 */
function checkLedger(ledger: readonly LedgerRow[], transactions: readonly Transaction[]): LedgerCheck {
  const paid = new Set<string>();
  let recorded = 0;
  for (const row of ledger)
    if (row.distributionId !== "" && (row.state === "completed" || row.state === "processing")) {
      paid.add(row.distributionId);
      recorded += row.cents ?? 0;
    }
  let debited = 0;
  for (const transaction of transactions)
    if (
      isDebit(transaction) &&
      transaction.distribution_id &&
      paid.has(transaction.distribution_id) &&
      !UNDONE.has((transaction.status ?? "").toUpperCase())
    )
      debited += Math.abs(transaction.amount);
  return { distributions: paid.size, recordedCents: recorded, debitedCents: debited };
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
  /** The workbook's ledger against the transactions. */
  ledger: LedgerCheck;
  balanceMoved: boolean;
  /** The summary table written (./summary.ts), unless `summaryTable` is null. */
  summaryTable: SyncResult | undefined;
}> {
  const { signal } = options;
  const before = (await api.balances.get({ signal })).available_amount;
  const ledgerRows = await readLedger(workbook, signal);
  // The summary needs every type, whatever the table shows.
  const pull = await pullTransactions(api.transactions, workbook, {
    ...options,
    type: undefined,
    ledger: ledgerRows,
  });
  const after = (await api.balances.get({ signal })).available_amount;
  const summary = summarize(pull.transactions, after);
  const ledger = checkLedger(ledgerRows, pull.transactions);
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
            ledger,
            balanceMoved,
            at: (options.now ?? Date.now)(),
          },
          {
            ...(options.locale ? { locale: options.locale } : {}),
            ...(options.summaryTable ? { table: options.summaryTable } : {}),
            ...(signal ? { signal } : {}),
          },
        );
  return { pull, summary, ledger, balanceMoved, summaryTable };
}
