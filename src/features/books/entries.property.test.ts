/**
 * The entries balance to the cent whatever was paid (fast-check over random ledgers): each
 * distribution's debits equal its one credit and the amounts its rows paid, and each deposit
 * debits the balance what it credits the bank.
 */
import fc from "fast-check";
import type { Accounts, AccountKey } from "./accounts";
import { type PaidDistribution, entryLines } from "./entries";

const products = ["ref", "ali", "mob"];
const accounts: Accounts = new Map<AccountKey, { account: string; history: string; item: string }>([
  ["balance", { account: "1.1.3", history: "", item: "Saldo" }],
  ["bank", { account: "1.1.1", history: "", item: "Banco" }],
  ...products.map((p): [AccountKey, { account: string; history: string; item: string }] => [
    `product:${p}`,
    { account: `3.1.${p}`, history: "", item: p },
  ]),
]);

const distribution = fc.record({
  id: fc.uuid(),
  label: fc.string(),
  at: fc.integer({ min: 0, max: 2e12 }),
  rows: fc.array(
    fc.record({
      costCentre: fc.constantFrom("", "1010", "2020 Fábrica", "(sem centro de custo)"),
      productId: fc.constantFrom(...products),
      product: fc.constantFrom("Refeição", "Alimentação"),
      cents: fc.integer({ min: 1, max: 100_000_000 }),
    }),
    { minLength: 1, maxLength: 40 },
  ),
});
const deposit = fc.record({
  transactionId: fc.uuid(),
  at: fc.nat(),
  cents: fc.integer({ min: 1, max: 1e10 }),
});

test("debits equal credits to the cent for every distribution and deposit", () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(distribution, { selector: (d) => d.id, maxLength: 6 }),
      fc.uniqueArray(deposit, { selector: (d) => d.transactionId, maxLength: 4 }),
      (distributions: PaidDistribution[], deposits) => {
        const lines = entryLines({
          month: "2026-11",
          distributions,
          deposits,
          accounts,
          locale: "pt-BR",
          dateText: String,
        });
        for (const paid of distributions) {
          const own = lines.filter((l) => l.distributionId === paid.id);
          const debit = own.reduce((s, l) => s + l.debitCents, 0);
          expect(debit).toBe(own.reduce((s, l) => s + l.creditCents, 0));
          expect(debit).toBe(paid.rows.reduce((s, r) => s + r.cents, 0));
          expect(own.filter((l) => l.creditCents > 0)).toHaveLength(1);
          expect(own.every((l) => Number.isInteger(l.debitCents) && l.account !== "")).toBe(true);
        }
        for (const made of deposits) {
          const own = lines.filter((l) => l.transactionId === made.transactionId && l.origin === "deposit");
          expect(own.map((l) => [l.account, l.debitCents, l.creditCents])).toEqual([
            ["1.1.3", made.cents, 0],
            ["1.1.1", 0, made.cents],
          ]);
        }
      },
    ),
  );
});
