/**
 * Booking a month (docs/api-assumptions.md "Books"): the ledger's paid distributions of the month
 * and the API's completed deposits of the month become the entries table's lines, after the API
 * has confirmed each distribution's total; then the cost-centre PivotTable is built or refreshed.
 *
 * Nothing is written when something does not add up: a distribution the API reports with another
 * total, or not paid, stops the booking with its id; a product (or the balance, or the bank)
 * without its account stops it with the items to fill in (the accounts table is created first
 * when missing). The transactions list is read whole (every page); a deposit listed without a
 * state is read on its own (`GET /deposits/{transaction_id}`), and one without a date is counted
 * and told, never booked to a guessed month.
 */
import { type Product, type Transaction, type ValePixClient, pullAll } from "../../api";
import { type OnProgress, progressReporter } from "../../api/progress";
import type { Locale } from "../../money";
import { formatBRL } from "../../ui/i18n";
import { dateText, monthKey } from "../../workbook/dates";
import { NO_COST_CENTRE, type LedgerRow, ledgerPlace, readLedger } from "../../workbook/ledger";
import type { Workbook } from "../../workbook/port";
import { latestByDistribution, readRunLogEntries } from "../../workbook/run-log";
import { type Accounts, ensureAccounts, missingAccounts } from "./accounts";
import { type CompletedDeposit, type PaidDistribution, accountsNeeded, entryLines } from "./entries";
import { writeEntries } from "./entries-sheet";
import type { LedgerPivot } from "./ledger-pivot";
import { BooksError } from "./books-error";
import { BOOKS_WORDS } from "./words";

export { BooksError };

export type BooksApi = {
  transactions: Pick<ValePixClient["transactions"], "list">;
  deposits: Pick<ValePixClient["deposits"], "get">;
  distributions: Pick<ValePixClient["distributions"], "get">;
  products: Pick<ValePixClient["products"], "list">;
};

export interface BooksOutcome {
  month: string;
  distributions: number;
  deposits: number;
  lines: number;
  debitCents: number;
  creditCents: number;
  /** Earlier lines of the same distributions and deposits, replaced. */
  replaced: number;
  /** Paid to rows without a cost centre. */
  withoutCostCentreCents: number;
  /** Completed deposits listed without a date: not booked. */
  undatedDeposits: number;
  entriesTable: string;
  pivot: LedgerPivot | undefined;
}

/** The months the ledger has payments in, newest first ("2026-11"). */
export async function bookableMonths(workbook: Workbook, signal?: AbortSignal): Promise<string[]> {
  const months = new Set((await readLedger(workbook, signal)).map((r) => r.month).filter((m) => m !== ""));
  return [...months].sort().reverse();
}

const PAID = new Set(["processing", "completed"]);

/** The ledger's paid distributions of the month, their rows by cost centre and product. */
function paidInMonth(rows: readonly LedgerRow[], month: string, locale: Locale): PaidDistribution[] {
  const byId = new Map<string, PaidDistribution & { rows: PaidDistribution["rows"][number][] }>();
  for (const row of rows) {
    if (row.month !== month || !PAID.has(row.state) || row.distributionId === "") continue;
    let paid = byId.get(row.distributionId);
    if (!paid) {
      paid = { id: row.distributionId, label: row.label, at: row.at ?? Date.now(), rows: [] };
      byId.set(row.distributionId, paid);
    }
    const none = row.costCentre === "" || (NO_COST_CENTRE as readonly string[]).includes(row.costCentre);
    paid.rows.push({
      costCentre: none ? NO_COST_CENTRE[locale === "pt-BR" ? 0 : 1] : row.costCentre,
      productId: row.productId,
      product: row.product || row.productId,
      cents: row.cents ?? 0,
    });
  }
  return [...byId.values()];
}

/** Each distribution's total as the API reports it must be the ledger's, and it must be paid. */
async function confirmWithApi(
  api: BooksApi,
  paid: readonly PaidDistribution[],
  locale: Locale,
  signal: AbortSignal | undefined,
): Promise<void> {
  const words = BOOKS_WORDS[locale];
  for (const distribution of paid) {
    const server = await api.distributions.get(distribution.id, { signal });
    if (!PAID.has(server.status))
      throw new BooksError(
        "not_paid",
        words.notPaid({ distribution: distribution.id, state: server.status }),
      );
    const ledger = distribution.rows.reduce((sum, r) => sum + r.cents, 0);
    if (server.total_amount !== ledger)
      throw new BooksError(
        "mismatch",
        words.mismatch({
          distribution: distribution.id,
          ledger: formatBRL(ledger, locale),
          api: formatBRL(server.total_amount, locale),
        }),
      );
  }
}

/** The month's completed deposits from the transactions, and how many could not be dated. */
async function depositsInMonth(
  api: BooksApi,
  listed: readonly Transaction[],
  month: string,
  signal: AbortSignal | undefined,
): Promise<{ deposits: CompletedDeposit[]; undated: number }> {
  const deposits: CompletedDeposit[] = [];
  let undated = 0;
  for (const t of listed) {
    if (t.type !== "DEPOSIT" || t.amount <= 0) continue;
    const id = t.transaction_id ?? t.id;
    let status = t.status;
    let created = t.created_at;
    if (status === undefined) {
      const deposit = await api.deposits.get(id, { signal });
      status = deposit.status;
      created ??= deposit.created_at;
    }
    if (status.toUpperCase() !== "COMPLETED") continue;
    const at = created === undefined ? Number.NaN : Date.parse(created);
    if (!Number.isFinite(at)) undated++;
    else if (monthKey(at) === month) deposits.push({ transactionId: id, at, cents: t.amount });
  }
  return { deposits, undated };
}

/** The accounts, or the error that names what to fill in (the table created first if missing). */
async function accountsFor(
  api: BooksApi,
  workbook: Workbook,
  input: Parameters<typeof accountsNeeded>[0],
  locale: Locale,
  signal: AbortSignal | undefined,
): Promise<Accounts> {
  const products = await pullAll<Product>(api.products.list({}, { signal }), "pull", { signal });
  const { accounts } = await ensureAccounts(workbook, products, locale, signal);
  const names = new Map(
    input.distributions.flatMap((d) => d.rows.map((r) => [`product:${r.productId}`, r.product])),
  );
  const missing = missingAccounts(accounts, accountsNeeded(input), (key) => names.get(key) ?? key);
  if (missing.length > 0)
    throw new BooksError(
      "missing_accounts",
      BOOKS_WORDS[locale].missingAccounts({ items: missing.join(", ") }),
    );
  return accounts;
}

export interface BookOptions {
  locale: Locale;
  signal?: AbortSignal | undefined;
  onProgress?: OnProgress | undefined;
  /** Builds the PivotTable of the ledger (absent where the host has none). */
  pivot?: ((ledger: { table: string; header: readonly string[] }) => Promise<LedgerPivot>) | undefined;
}

export async function bookMonth(
  api: BooksApi,
  workbook: Workbook,
  month: string,
  options: BookOptions,
): Promise<BooksOutcome> {
  const { locale, signal } = options;
  const progress = progressReporter(options.onProgress);
  progress("read", 0, 1);
  const paid = paidInMonth(await readLedger(workbook, signal), month, locale);
  const listed = await pullAll(api.transactions.list({}, { signal }), "pull", options);
  const { deposits, undated } = await depositsInMonth(api, listed, month, signal);
  if (paid.length === 0 && deposits.length === 0)
    throw new BooksError("nothing_to_book", BOOKS_WORDS[locale].nothingToBook({ month }));
  progress("confirm", 0, paid.length);
  await confirmWithApi(api, paid, locale, signal);
  const accounts = await accountsFor(api, workbook, { distributions: paid, deposits }, locale, signal);
  const debits = new Map(listed.filter((t) => t.distribution_id).map((t) => [t.distribution_id!, t.id]));
  const logged = latestByDistribution(await readRunLogEntries(workbook));
  for (const d of paid)
    d.transactionId = debits.get(d.id) ?? logged.find((e) => e.distributionId === d.id)?.transactionId;
  const lines = entryLines({
    month,
    distributions: paid,
    deposits,
    accounts,
    locale,
    dateText: (ms) => dateText(ms, locale),
  });
  progress("write", 0, 1);
  const written = await writeEntries(workbook, lines, locale, signal);
  const place = await ledgerPlace(workbook);
  const pivot =
    place && options.pivot
      ? await options.pivot({ table: place.table.name, header: place.table.header })
      : undefined;
  progress("write", 1, 1);
  const sum = (k: "debitCents" | "creditCents") => lines.reduce((s, l) => s + l[k], 0);
  const none = NO_COST_CENTRE as readonly string[];
  return {
    month,
    distributions: paid.length,
    deposits: deposits.length,
    lines: lines.length,
    debitCents: sum("debitCents"),
    creditCents: sum("creditCents"),
    replaced: written.replaced,
    withoutCostCentreCents: paid
      .flatMap((d) => d.rows)
      .filter((r) => none.includes(r.costCentre))
      .reduce((s, r) => s + r.cents, 0),
    undatedDeposits: undated,
    entriesTable: written.table.name,
    pivot,
  };
}
