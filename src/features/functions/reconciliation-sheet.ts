/**
 * The VALEPIX reconciliation sheet: a sheet made of the VALEPIX functions and
 * ordinary formulas, so it stays current by itself (the functions stream; Excel recalculates the
 * rest), with a native Excel chart of deposits and distributions per month.
 *
 *   A:C   the month (B2, the current one; type another date to see another), the balance now
 *         (=VALEPIX.BALANCE()), the month's completed deposits and distributions, everything's
 *         totals, the balance they explain and the difference left to explain, and what the
 *         payment ledger (ValePix_Historico) paid in the month;
 *   A14:C20  six months of deposits and distributions, which the chart (E2:L20) plots;
 *   A23:E…   the ledger joined to the transactions: per distribution the ledger records, what it
 *         paid (ledger) against what the account was debited (transactions), and the difference;
 *   N:T   =VALEPIX.TRANSACTIONS(): every transaction, spilled (date, type, state, amount,
 *         description, id, reference), which the sums above read by whole columns (a longer list
 *         is never cut short by a fixed range).
 *
 * The sums follow the reconciliation summary's rule (src/features/reconciliation `summarize`):
 * completed deposits in, distribution debits out except those that failed, were cancelled or
 * expired. Formulas are Excel's invariant form (English names, commas: `Range.formulas`), and the
 * functions are named by their English (default) metadata names; Excel shows both in the
 * person's language. Building again rewrites the same cells and replaces the chart; the ledger
 * block lists the distributions the ledger holds then (build again to add later ones).
 */
import type { Locale } from "../../money";
import { DATE_TIME_FORMAT } from "../../workbook/dates";
import type { FormulaSheetCell, FormulaSheetPort, FormulaSheetSpec } from "../../workbook/formula-sheet";
import { type LedgerKey, ledgerPlace, readLedger } from "../../workbook/ledger";
import { columnLetters } from "../../workbook/names";
import { TEXT_FORMAT, type Workbook } from "../../workbook/port";
import { safeText } from "../../workbook/safe-text";
import { CURRENCY_FORMAT } from "../../workbook/template";
import { defineWords } from "../../money";

export const RECONCILIATION_CHART = "ValePix_Conciliacao";
/** The ledger block lists at most this many distributions, the latest first. */
const MAX_LEDGER_ROWS = 60;
/** Rows under the spill's header that get its date and currency formats. */
const FORMATTED_ROWS = 5_000;

const WORDS = defineWords(
  {
    sheet: "Conciliação ValePix",
    title: "Conciliação ValePix: saldo, depósitos e distribuições",
    month: "Mês",
    monthHint: "Troque a data para conciliar outro mês.",
    balance: "Saldo agora",
    balanceHint: "Atualiza a cada minuto, ou em ValePix > Atualizar funções.",
    monthDeposits: "Depósitos do mês (concluídos)",
    monthDistributions: "Distribuições do mês",
    allDeposits: "Depósitos concluídos (todos)",
    allDistributions: "Distribuições (todas, menos as que falharam)",
    expected: "Saldo esperado (depósitos − distribuições)",
    difference: "Diferença a explicar (saldo agora − esperado)",
    agrees: "Confere",
    explain: "Explique a diferença",
    ledgerMonth: "Pago no mês segundo o histórico",
    ledgerVsDistributions: "Histórico − distribuições do mês",
    noLedger:
      "Esta pasta ainda não tem histórico de pagamentos (ValePix_Historico): ele começa na primeira distribuição finalizada; depois, monte esta planilha de novo.",
    deposits: "Depósitos",
    distributions: "Distribuições",
    perMonth: "Depósitos e distribuições por mês",
    ledgerTitle: "Histórico de pagamentos × transações, por distribuição",
    ledgerHeader: ["Distribuição", "ID", "Pago (histórico)", "Debitado (transações)", "Diferença"],
    transactions: "Transações",
  },
  {
    sheet: "ValePix reconciliation",
    title: "ValePix reconciliation: balance, deposits and distributions",
    month: "Month",
    monthHint: "Change the date to reconcile another month.",
    balance: "Balance now",
    balanceHint: "Refreshed every minute, or with ValePix > Refresh functions.",
    monthDeposits: "Deposits of the month (completed)",
    monthDistributions: "Distributions of the month",
    allDeposits: "Completed deposits (all)",
    allDistributions: "Distributions (all, except failed ones)",
    expected: "Expected balance (deposits − distributions)",
    difference: "Difference to explain (balance now − expected)",
    agrees: "Agrees",
    explain: "Explain the difference",
    ledgerMonth: "Paid in the month according to the history",
    ledgerVsDistributions: "History − distributions of the month",
    noLedger:
      "This workbook has no payment history yet (ValePix_History): it starts with the first finalized distribution; then build this sheet again.",
    deposits: "Deposits",
    distributions: "Distributions",
    perMonth: "Deposits and distributions per month",
    ledgerTitle: "Payment history × transactions, per distribution",
    ledgerHeader: ["Distribution", "ID", "Paid (history)", "Debited (transactions)", "Difference"],
    transactions: "Transactions",
  },
);

/** Where the ledger's fields are, as whole-column references ("'Histórico ValePix'!$J:$J"). */
interface LedgerColumns {
  date: string;
  distributionId: string;
  amount: string;
  stateCode: string;
}

interface LedgerDistribution {
  id: string;
  label: string;
}

// The spill of =VALEPIX.TRANSACTIONS() at N1: its columns, as whole-column references.
const SPILL_AT = "N1";
const SPILL = { date: "$N:$N", type: "$O:$O", state: "$P:$P", amount: "$Q:$Q", reference: "$T:$T" };
/** Distribution debits that moved money: not failed, cancelled or expired (`summarize`'s rule). */
const MOVED = `${SPILL.state},"<>FAILED",${SPILL.state},"<>CANCELLED",${SPILL.state},"<>EXPIRED"`;
const inMonth = (start: string) => `${SPILL.date},">="&${start},${SPILL.date},"<"&EDATE(${start},1)`;
const deposits = (extra = "") =>
  `SUMIFS(${SPILL.amount},${SPILL.type},"DEPOSIT",${SPILL.state},"COMPLETED"${extra})`;
const debits = (extra = "") => `-SUMIFS(${SPILL.amount},${SPILL.type},"DISTRIBUTION",${MOVED}${extra})`;

const quoteSheet = (name: string) => `'${name.replace(/'/g, "''")}'`;

type Ledger = { columns: LedgerColumns; distributions: LedgerDistribution[] };
type Words = (typeof WORDS)[Locale];

/** The cells a sheet is made of, and the two kinds its parts write: a label and an amount. */
function cellWriter() {
  const cells: FormulaSheetCell[] = [];
  return {
    cells,
    label: (address: string, text: string) => cells.push({ address, value: text }),
    money: (address: string, formula: string) =>
      cells.push({ address, formula, numberFormat: CURRENCY_FORMAT }),
  };
}
type CellWriter = ReturnType<typeof cellWriter>;

/** The month, the balance, what came in and went out, the expected balance and its difference. */
function summaryCells({ cells, label, money }: CellWriter, words: Words, ledger: Ledger | undefined): void {
  label("A1", words.title);
  label("A2", words.month);
  cells.push({ address: "B2", formula: "=DATE(YEAR(TODAY()),MONTH(TODAY()),1)", numberFormat: "mmmm yyyy" });
  label("C2", words.monthHint);
  label("A4", words.balance);
  money("B4", "=VALEPIX.BALANCE()");
  label("C4", words.balanceHint);
  label("A5", words.monthDeposits);
  money("B5", `=${deposits(`,${inMonth("$B$2")}`)}`);
  label("A6", words.monthDistributions);
  money("B6", `=${debits(`,${inMonth("$B$2")}`)}`);
  label("A7", words.allDeposits);
  money("B7", `=${deposits()}`);
  label("A8", words.allDistributions);
  money("B8", `=${debits()}`);
  label("A9", words.expected);
  money("B9", "=B7-B8");
  label("A10", words.difference);
  money("B10", "=B4-B9");
  cells.push({ address: "C10", formula: `=IF(ROUND(B10,2)=0,"${words.agrees}","${words.explain}")` });
  label("A11", words.ledgerMonth);
  label("A12", words.ledgerVsDistributions);
  if (ledger) {
    const columns = ledger.columns;
    const paid = (extra: string) => `SUMIFS(${columns.amount},${columns.stateCode},"<>failed"${extra})`;
    money("B11", `=${paid(`,${columns.date},">="&$B$2,${columns.date},"<"&EDATE($B$2,1)`)}`);
    money("B12", "=B11-B6");
  } else {
    label("B11", "—");
    label("B12", "—");
    label("C11", words.noLedger);
  }
}

/** Six months of deposits and distributions, the chart's source. */
function chartCells({ cells, label, money }: CellWriter, words: Words): void {
  // Six months for the chart: the empty top-left cell makes the first row the series' names and
  // the first column the categories (Excel's convention for a labelled range).
  label("B14", words.deposits);
  label("C14", words.distributions);
  for (let i = 0; i < 6; i++) {
    const row = 15 + i;
    cells.push({ address: `A${row}`, formula: `=EDATE($B$2,${i - 5})`, numberFormat: "mmm yyyy" });
    money(`B${row}`, `=${deposits(`,${inMonth(`$A${row}`)}`)}`);
    money(`C${row}`, `=${debits(`,${inMonth(`$A${row}`)}`)}`);
  }
}

/** The ledger joined to the transactions, one row per distribution it records. */
function ledgerCells({ cells, label, money }: CellWriter, words: Words, ledger: Ledger | undefined): void {
  label("A22", words.ledgerTitle);
  words.ledgerHeader.forEach((h, i) => label(`${columnLetters(i)}23`, h));
  if (ledger) {
    const columns = ledger.columns;
    ledger.distributions.slice(0, MAX_LEDGER_ROWS).forEach((distribution, i) => {
      const row = 24 + i;
      label(`A${row}`, safeText(distribution.label));
      cells.push({ address: `B${row}`, value: safeText(distribution.id), numberFormat: TEXT_FORMAT });
      money(
        `C${row}`,
        `=SUMIFS(${columns.amount},${columns.distributionId},$B${row},${columns.stateCode},"<>failed")`,
      );
      money(
        `D${row}`,
        `=-SUMIFS(${SPILL.amount},${SPILL.type},"DISTRIBUTION",${SPILL.reference},$B${row},${MOVED})`,
      );
      money(`E${row}`, `=C${row}-D${row}`);
    });
  } else {
    label("A24", words.noLedger);
  }
}

/** The sheet's cells, formats, widths and chart (pure: the builder writes it). */
function reconciliationSheetSpec(locale: Locale, ledger: Ledger | undefined): FormulaSheetSpec {
  const words = WORDS[locale];
  const writer = cellWriter();
  const { cells } = writer;
  summaryCells(writer, words, ledger);
  chartCells(writer, words);
  ledgerCells(writer, words, ledger);

  cells.push({ address: SPILL_AT, formula: "=VALEPIX.TRANSACTIONS()" });
  return {
    name: words.sheet,
    cells,
    formats: [
      { range: `N2:N${FORMATTED_ROWS + 1}`, numberFormat: DATE_TIME_FORMAT[locale] },
      { range: `Q2:Q${FORMATTED_ROWS + 1}`, numberFormat: CURRENCY_FORMAT },
    ],
    widths: { A: 270, B: 110, C: 130, D: 130, E: 100, N: 110, O: 95, P: 85, Q: 90, R: 170, S: 150, T: 150 },
    chart: {
      name: RECONCILIATION_CHART,
      type: "ColumnClustered",
      source: "A14:C20",
      seriesBy: "Columns",
      title: words.perMonth,
      from: "E2",
      to: "L20",
    },
  };
}

/** Whole-column references to the ledger's fields, when it has them all. */
function ledgerColumns(
  place: NonNullable<Awaited<ReturnType<typeof ledgerPlace>>>,
): LedgerColumns | undefined {
  const { table, columns } = place;
  const ref = (key: LedgerKey): string | undefined => {
    const i = columns[key];
    if (i < 0) return undefined;
    const letter = columnLetters(table.firstColumn + i);
    return `${quoteSheet(table.sheet)}!$${letter}:$${letter}`;
  };
  const date = ref("date");
  const distributionId = ref("distributionId");
  const amount = ref("amount");
  const stateCode = ref("stateCode");
  return date && distributionId && amount && stateCode
    ? { date, distributionId, amount, stateCode }
    : undefined;
}

export interface ReconciliationSheetResult {
  sheet: string;
  created: boolean;
  /** Whether the workbook's payment ledger was there to join (else the sheet says how it starts). */
  ledger: boolean;
  /** Distributions of the ledger listed in the join. */
  distributions: number;
}

/** Builds (or builds again) the reconciliation sheet from the workbook's ledger as it is now. */
export async function buildReconciliationSheet(
  workbook: Workbook,
  sheets: FormulaSheetPort,
  locale: Locale,
  signal?: AbortSignal,
): Promise<ReconciliationSheetResult> {
  const place = await ledgerPlace(workbook);
  const columns = place ? ledgerColumns(place) : undefined;
  let distributions: LedgerDistribution[] = [];
  if (columns) {
    // The latest first: the ledger appends, so its last rows are the latest distributions.
    const seen = new Map<string, LedgerDistribution>();
    for (const row of (await readLedger(workbook, signal)).reverse())
      if (row.distributionId !== "" && !seen.has(row.distributionId))
        seen.set(row.distributionId, { id: row.distributionId, label: row.label || row.distributionId });
    distributions = [...seen.values()];
  }
  const spec = reconciliationSheetSpec(locale, columns ? { columns, distributions } : undefined);
  const { created } = await sheets.buildSheet(spec);
  return {
    sheet: spec.name,
    created,
    ledger: columns !== undefined,
    distributions: Math.min(distributions.length, MAX_LEDGER_ROWS),
  };
}
