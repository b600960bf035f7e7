/**
 * The month's accounting entries, from what was paid and deposited (no I/O here): for each paid
 * distribution, one debit line per cost centre and product to the product's expense account and
 * one credit line of its total to the ValePix balance account; for each completed deposit, the
 * balance debited against the bank. Money stays in integer cents: every distribution's debits
 * equal its credit to the cent, by construction (entries.property.test.ts proves it).
 */
import type { Locale } from "../../money";
import type { Accounts, AccountKey } from "./accounts";
import { productKey } from "./accounts";
import { BOOKS_WORDS } from "./words";

/** One paid distribution, as the ledger records it. */
export interface PaidDistribution {
  id: string;
  /** Its label in the ledger ("Distribuição de novembro"). */
  label: string;
  /** When it was finalized (ms). */
  at: number;
  /** The debit's transaction id, when the run log or the API names it. */
  transactionId?: string | undefined;
  /** What it paid, by cost centre and product (one ledger row each). */
  rows: ReadonlyArray<{ costCentre: string; productId: string; product: string; cents: number }>;
}

export interface CompletedDeposit {
  transactionId: string;
  /** When it was made (ms). */
  at: number;
  cents: number;
}

export interface EntryLine {
  at: number;
  month: string;
  account: string;
  debitCents: number;
  creditCents: number;
  costCentre: string;
  product: string;
  history: string;
  distributionId: string;
  transactionId: string;
  origin: "distribution" | "deposit";
}

/** The expense lines of one distribution: its rows summed by cost centre and product, sorted. */
function expenseLines(
  paid: PaidDistribution,
  month: string,
  account: (key: AccountKey) => { account: string; history: string },
  locale: Locale,
): EntryLine[] {
  const sums = new Map<string, { costCentre: string; productId: string; product: string; cents: number }>();
  for (const row of paid.rows) {
    const key = JSON.stringify([row.costCentre, row.productId]);
    const sum = sums.get(key);
    if (sum) sum.cents += row.cents;
    else sums.set(key, { ...row });
  }
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: "base" });
  const words = BOOKS_WORDS[locale].histories;
  return [...sums.values()]
    .filter((s) => s.cents !== 0)
    .sort((a, b) => collator.compare(a.costCentre, b.costCentre) || collator.compare(a.product, b.product))
    .map((s) => {
      const to = account(productKey(s.productId));
      return {
        at: paid.at,
        month,
        account: to.account,
        debitCents: s.cents,
        creditCents: 0,
        costCentre: s.costCentre,
        product: s.product,
        history: to.history || words.expense({ product: s.product, label: paid.label }),
        distributionId: paid.id,
        transactionId: paid.transactionId ?? "",
        origin: "distribution",
      };
    });
}

export interface EntriesInput {
  month: string;
  distributions: readonly PaidDistribution[];
  deposits: readonly CompletedDeposit[];
  accounts: Accounts;
  locale: Locale;
  /** A deposit's date in words, for its history ("03/11/2026"). */
  dateText: (ms: number) => string;
}

/** Every line of the month, distributions first (oldest first), then deposits. */
export function entryLines(input: EntriesInput): EntryLine[] {
  const { month, accounts, locale } = input;
  const words = BOOKS_WORDS[locale].histories;
  const account = (key: AccountKey) => {
    const found = accounts.get(key);
    return { account: found?.account ?? "", history: found?.history ?? "" };
  };
  const lines: EntryLine[] = [];
  for (const paid of [...input.distributions].sort((a, b) => a.at - b.at)) {
    const debits = expenseLines(paid, month, account, locale);
    if (debits.length === 0) continue;
    const total = debits.reduce((sum, line) => sum + line.debitCents, 0);
    const balance = account("balance");
    lines.push(...debits, {
      ...debits[0]!,
      account: balance.account,
      debitCents: 0,
      creditCents: total,
      costCentre: "",
      product: "",
      history: balance.history || words.balance({ label: paid.label }),
    });
  }
  for (const deposit of [...input.deposits].sort((a, b) => a.at - b.at)) {
    const base = {
      at: deposit.at,
      month,
      costCentre: "",
      product: "",
      distributionId: "",
      transactionId: deposit.transactionId,
      origin: "deposit" as const,
    };
    const balance = account("balance");
    const bank = account("bank");
    const history = words.deposit({ date: input.dateText(deposit.at) });
    lines.push(
      { ...base, account: balance.account, debitCents: deposit.cents, creditCents: 0, history },
      {
        ...base,
        account: bank.account,
        debitCents: 0,
        creditCents: deposit.cents,
        history: bank.history || history,
      },
    );
  }
  return lines;
}

/** The accounts the month's lines need: each product paid, the balance, and the bank if deposits. */
export function accountsNeeded(input: Pick<EntriesInput, "distributions" | "deposits">): AccountKey[] {
  const keys = new Set<AccountKey>();
  for (const paid of input.distributions) for (const row of paid.rows) keys.add(productKey(row.productId));
  if (keys.size > 0 || input.deposits.length > 0) keys.add("balance");
  if (input.deposits.length > 0) keys.add("bank");
  return [...keys];
}
