/**
 * The reconciliation summary written into the workbook: a small table beside
 * the transactions, one line per figure (completed deposits, pending deposits, distributed,
 * expected and available balance, the difference; the transactions it could not place, those
 * with no id, the debits with no run-log entry; what the workbook's ledger records as paid against
 * the debits of those distributions), refreshed in place on every reconcile
 * (src/workbook/table-sync.ts, keyed by the line's label) so the person who signs off reads it where the
 * transactions are, not only in the task pane. Money in reais with the currency format; counts
 * in their own column; when it was read, an Excel date in its own column.
 */
import { defineWords } from "../../money";
import type { Transaction } from "../../api";
import type { Locale } from "../../workbook/messages";
import type { Workbook } from "../../workbook/port";
import { type LocalTableNames, localTableName } from "../../workbook/names";
import { TEXT_FORMAT } from "../../workbook/port";
import { CURRENCY_FORMAT } from "../../workbook/template";
import { DATE_TIME_FORMAT, excelSerial } from "../../workbook/dates";
import { type SyncResult, syncTable, type TableSpec } from "../../workbook/table-sync";

/** The summary table, named in the display language that creates it (either is found later). */
const SUMMARY_TABLES: LocalTableNames = { "pt-BR": "ValePix_Conciliacao", "en-US": "ValePix_Reconciliation" };

/** The figures of a reconciliation (./reconciliation.ts `summarize` computes them). */
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

/** The ledger against the debits (./reconciliation.ts `checkLedger`). */
export interface LedgerCheck {
  /** Distributions the ledger records as paid or being paid. */
  distributions: number;
  /** What the ledger records for them. */
  recordedCents: number;
  /** The debits of those distributions among the transactions (those undone left out). */
  debitedCents: number;
}

export interface SummaryFigures {
  summary: ReconciliationSummary;
  /** Listed transactions with no id (`TransactionPullResult.unidentified`). */
  unidentified: number;
  /** Distribution debits with no run-log entry. */
  unlinkedDebits: number;
  /** The workbook's ledger against the transactions. */
  ledger: LedgerCheck;
  /** The balance changed while the transactions were read. */
  balanceMoved: boolean;
  /** When the figures were read (ms since the epoch). */
  at: number;
}

const TEXT = defineWords(
  {
    sheet: "Conciliação",
    item: "Item",
    value: "Valor",
    count: "Quantidade",
    note: "Observação",
    date: "Data",
    completed: "Depósitos concluídos",
    pending: "Depósitos pendentes (fora do saldo)",
    distributed: "Distribuído",
    expected: "Saldo esperado (depósitos − distribuído)",
    available: "Saldo disponível",
    difference: "Diferença (disponível − esperado)",
    unplaced: "Transações não classificadas",
    unidentified: "Transações sem identificador",
    unlinked: "Débitos de distribuição sem registro no log",
    ledger: "Pago segundo o histórico desta pasta (distribuições)",
    ledgerDebits: "Débitos dessas distribuições nas transações",
    ledgerOk: "Confere com o histórico",
    ledgerDiffers: "Não confere com o histórico: atualize os status e traga as transações de novo",
    at: "Atualizado em",
    ok: "Confere",
    differs: "Não confere: veja as transações não classificadas e atualize de novo",
    moved: "O saldo mudou durante a leitura: atualize de novo antes de confiar na diferença",
  },
  {
    sheet: "Reconciliation",
    item: "Item",
    value: "Amount",
    count: "Count",
    note: "Note",
    date: "Date",
    completed: "Completed deposits",
    pending: "Pending deposits (not in the balance)",
    distributed: "Distributed",
    expected: "Expected balance (deposits − distributed)",
    available: "Available balance",
    difference: "Difference (available − expected)",
    unplaced: "Transactions not placed",
    unidentified: "Transactions without an id",
    unlinked: "Distribution debits with no run-log entry",
    ledger: "Paid according to this workbook's history (distributions)",
    ledgerDebits: "Debits of those distributions in the transactions",
    ledgerOk: "Matches the history",
    ledgerDiffers: "Does not match the history: refresh the statuses and pull the transactions again",
    at: "Updated at",
    ok: "Matches",
    differs: "Does not match: see the transactions not placed and refresh again",
    moved: "The balance changed while reading: refresh again before trusting the difference",
  },
);

interface Line {
  label: string;
  cents?: number;
  count?: number;
  note?: string;
  /** A moment, shown as an Excel date. */
  at?: number;
}

/** The summary's lines, in reading order (pure). */
function summaryLines(figures: SummaryFigures, locale: Locale = "pt-BR"): Line[] {
  const words = TEXT[locale];
  const summary = figures.summary;
  const verdict = figures.balanceMoved
    ? words.moved
    : summary.differenceCents === 0
      ? words.ok
      : words.differs;
  return [
    { label: words.completed, cents: summary.completedDepositsCents },
    { label: words.pending, cents: summary.pendingDepositsCents },
    { label: words.distributed, cents: summary.distributedCents },
    { label: words.expected, cents: summary.expectedBalanceCents },
    { label: words.available, cents: summary.availableCents },
    { label: words.difference, cents: summary.differenceCents, note: verdict },
    { label: words.unplaced, count: summary.unplaced.length },
    { label: words.unidentified, count: figures.unidentified },
    { label: words.unlinked, count: figures.unlinkedDebits },
    { label: words.ledger, cents: figures.ledger.recordedCents, count: figures.ledger.distributions },
    {
      label: words.ledgerDebits,
      cents: figures.ledger.debitedCents,
      note:
        figures.ledger.debitedCents === figures.ledger.recordedCents ? words.ledgerOk : words.ledgerDiffers,
    },
    { label: words.at, at: figures.at },
  ];
}

/** Writes the summary table (created on its own sheet the first time, refreshed in place after). */
export async function writeReconciliationSummary(
  workbook: Workbook,
  figures: SummaryFigures,
  options: { locale?: Locale; table?: string; signal?: AbortSignal } = {},
): Promise<SyncResult> {
  const locale = options.locale ?? "pt-BR";
  const words = TEXT[locale];
  const spec: TableSpec<Line> = {
    table: options.table ?? (await localTableName(workbook, SUMMARY_TABLES, locale)),
    sheet: words.sheet,
    key: (l) => l.label,
    keyHeader: words.item,
    columns: [
      { header: words.item, value: (l) => l.label, widthPoints: 280 },
      {
        header: words.value,
        value: (l) => (l.cents === undefined ? "" : l.cents / 100),
        numberFormat: CURRENCY_FORMAT,
        widthPoints: 120,
      },
      { header: words.count, value: (l) => l.count ?? "", widthPoints: 80 },
      { header: words.note, value: (l) => l.note ?? "", numberFormat: TEXT_FORMAT, widthPoints: 360 },
      {
        header: words.date,
        value: (l) => (l.at === undefined ? "" : excelSerial(l.at)),
        numberFormat: DATE_TIME_FORMAT[locale],
        widthPoints: 110,
      },
    ],
  };
  return syncTable(
    workbook,
    spec,
    summaryLines(figures, locale),
    options.signal ? { signal: options.signal } : {},
  );
}
