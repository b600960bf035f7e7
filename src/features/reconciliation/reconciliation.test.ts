/**
 * Reconciliation against the sandbox over loopback (manual clock): transactions pulled into a
 * table over several pages, refreshed incrementally (appends and state updates, no duplicates,
 * the user's column kept), debits linked to the run-log entry, and the balance check.
 */
import { collectAll, type Transaction } from "../../api";
import { LOT_DELAY, PIX_DELAY } from "../../../sandbox/test-harness";
import { newWorkbook, startWorkflowEnv, type WorkflowEnv } from "../../../test/workflows-env";
import { startDeposit } from "../fund";
import {
  linkOf,
  pullTransactions,
  reconcile,
  type RunLogLink,
  summarize,
  TRANSACTIONS_TABLE,
} from "./reconciliation";
import { readAllRows } from "../../workbook/table-sync";

const payer = { name: "Financeiro Acme", document: "11222333000181" };

// Loopback HTTP on a shared, busy machine: a generous bound (this is not a speed test).
jest.setTimeout(30_000);

let env: WorkflowEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

/** The running environment (tests that start one). */
const on = (): WorkflowEnv => {
  if (!env) throw new Error("no environment started");
  return env;
};

/** A selected-mode distribution of `cents` for one employee, finalized with BALANCE. */
async function distribute(cents: number): Promise<string> {
  const { client } = on();
  const [employee] = await collectAll(client.employees.list({ situation: "active", limit: 1 }), {
    max: 1_000,
  });
  const [product] = await collectAll(client.products.list(), { max: 100 });
  const d = await client.distributions.create({ type: "selected" });
  await client.distributions.addItems(d.distribution_id, [employee!.employee_id]);
  await client.distributions.setValueForAll(d.distribution_id, { product_id: product!.id, value: cents });
  await client.distributions.finalize(d.distribution_id, { payment_method: "BALANCE" });
  return d.distribution_id;
}

describe("pullTransactions", () => {
  test("pulls every page, links the debit to its run-log entry, then appends and updates in place", async () => {
    env = await startWorkflowEnv();
    const { client } = env;
    // 104 paid deposits of R$ 1,00 and one of R$ 500,00: more than one page of 100.
    for (let i = 0; i < 104; i += 26) {
      await Promise.all(
        Array.from({ length: 26 }, () => startDeposit(client.deposits, { amountCents: 100, payer })),
      );
    }
    await startDeposit(client.deposits, { amountCents: 50_000, payer });
    env.clock.advance(PIX_DELAY);
    const distributionId = await distribute(30_000);
    const pending = await startDeposit(client.deposits, { amountCents: 7_000, payer });
    const runLog: RunLogLink[] = [
      { distributionId: "other", table: "Outra" },
      { distributionId, table: "Folha_Marco", lotId: "lot_x", at: "2026-01-05T12:00:00Z" },
    ];

    const wb = newWorkbook();
    const first = await pullTransactions(client.transactions, wb, { runLog });
    expect(first).toMatchObject({ created: true, added: 107, unidentified: 0, unlinkedDebits: 0 });
    const transactionPages = env.sent.filter((r) => r.path.startsWith("/api/v1/valepix/transactions"));
    expect(transactionPages.map((r) => r.path)).toEqual([
      "/api/v1/valepix/transactions?page=1&limit=100",
      "/api/v1/valepix/transactions?page=2&limit=100",
    ]);
    const info = (await wb.getTable(TRANSACTIONS_TABLE))!;
    const col = (h: string) => info.header.indexOf(h);
    let rows = await readAllRows(wb, info.name);
    const debit = rows.find((r) => r[col("ID da distribuição")] === distributionId)!;
    expect(debit[col("Valor")]).toBe(-300);
    expect(debit[col("Situação")]).toBe("PENDING");
    expect(debit[col("Tabela de origem")]).toBe("Folha_Marco");
    expect(debit[col("Lote")]).toBe("lot_x");
    const pendingRow = rows.findIndex((r) => r[col("ID do depósito")] === pending.transactionId);
    expect(rows[pendingRow]![col("Situação")]).toBe("PENDING");

    // The user writes a note beside the pending deposit; then the charge is paid, the lot
    // completes, and a new deposit arrives.
    await wb.addColumns(info.name, ["Conferido"]);
    await wb.writeColumns(info.name, [
      { header: "Conferido", values: rows.map((_, i) => (i === pendingRow ? "ok, Ana" : "")) },
    ]);
    env.clock.advance(PIX_DELAY + LOT_DELAY);
    const fresh = await startDeposit(client.deposits, { amountCents: 1_234, payer });

    const mark = env.sent.length;
    const second = await pullTransactions(client.transactions, wb, { runLog });
    expect(second).toMatchObject({ created: false, added: 1, missingRows: [], duplicateRows: [] });
    expect(second.updated).toBe(2); // the paid deposit and the completed debit
    expect(env.sentSince(mark).every((r) => r.method === "GET")).toBe(true);
    rows = await readAllRows(wb, info.name);
    const server = await collectAll(client.transactions.list(), { max: 1_000 });
    expect(rows.map((r) => r[0])).toEqual(server.map((t) => t.id));
    expect(rows[pendingRow]![col("Situação")]).toBe("COMPLETED");
    expect(rows[pendingRow]![info.header.length]).toBe("ok, Ana");
    expect(rows.find((r) => r[col("ID da distribuição")] === distributionId)![col("Situação")]).toBe(
      "COMPLETED",
    );
    expect(rows.at(-1)![col("ID do depósito")]).toBe(fresh.transactionId);
    expect(wb.allFormulas()).toEqual([]);
  });

  test("the type filter pulls only that type", async () => {
    env = await startWorkflowEnv();
    await startDeposit(env.client.deposits, { amountCents: 10_000, payer });
    env.clock.advance(PIX_DELAY);
    await distribute(1_000);
    const wb = newWorkbook();
    const result = await pullTransactions(env.client.transactions, wb, { type: "DEPOSIT" });
    expect(result.added).toBe(1);
    expect((await readAllRows(wb, TRANSACTIONS_TABLE)).map((r) => r[1])).toEqual(["DEPOSIT"]);
  });
});

describe("linkOf", () => {
  const runLog: RunLogLink[] = [
    { at: "2026-01-05T10:00:00Z", table: "Folha", distributionId: "d1" },
    { at: "2026-01-05T10:05:00Z", table: "Folha", distributionId: "d1", lotId: "lot_1", transactionId: "c1" },
    { at: "2026-01-05T10:09:00Z", table: "Folha", distributionId: "d1" },
    { at: "2026-01-06T09:00:00Z", table: "Extra", distributionId: "d2", transactionIds: ["c2"] },
  ];
  test("a run logged several times links to the entry that names its lot; a charge links by its id", () => {
    expect(linkOf({ id: "t1", type: "DISTRIBUTION", amount: -10, distribution_id: "d1" }, runLog)).toBe(
      runLog[1],
    );
    expect(linkOf({ id: "t2", type: "DISTRIBUTION", amount: -10, transaction_id: "c2" }, runLog)).toBe(
      runLog[3],
    );
    expect(linkOf({ id: "t3", type: "DISTRIBUTION", amount: -10, transaction_id: "c1" }, runLog)).toBe(
      runLog[1],
    );
    expect(
      linkOf({ id: "t4", type: "DISTRIBUTION", amount: -10, distribution_id: "d9" }, runLog),
    ).toBeUndefined();
    expect(linkOf({ id: "t5", type: "DEPOSIT", amount: 10, distribution_id: "d1" }, runLog)).toBeUndefined();
  });
});

describe("reconcile", () => {
  test("completed deposits minus distributions equal the available balance", async () => {
    env = await startWorkflowEnv();
    await startDeposit(env.client.deposits, { amountCents: 20_000, payer });
    await startDeposit(env.client.deposits, { amountCents: 999, payer: { ...payer, name: "FAIL" } });
    env.clock.advance(PIX_DELAY);
    await distribute(4_500);
    await startDeposit(env.client.deposits, { amountCents: 3_000, payer }); // still pending
    const wb = newWorkbook();
    const { summary, balanceMoved, summaryTable } = await reconcile(env.client, wb, {
      now: () => Date.parse("2026-02-01T12:00:00Z"),
    });
    expect(balanceMoved).toBe(false);
    // The summary is written into the workbook, one line per figure, money in reais.
    expect(summaryTable).toMatchObject({ created: true, added: 10 });
    const [header, ...lines] = wb.sheetValues("Conciliação");
    expect(header).toEqual(["Item", "Valor", "Quantidade", "Observação"]);
    const line = (label: string) => lines.find((l) => l[0] === label);
    expect(line("Depósitos concluídos")?.[1]).toBe(200);
    expect(line("Depósitos pendentes (fora do saldo)")?.[1]).toBe(30);
    expect(line("Distribuído")?.[1]).toBe(45);
    expect(line("Saldo disponível")?.[1]).toBe(155);
    expect(line("Diferença (disponível − esperado)")?.slice(1)).toEqual([0, "", "Confere"]);
    expect(line("Débitos de distribuição sem registro no log")?.[2]).toBe(1);
    expect(line("Atualizado em")?.[3]).toBe("2026-02-01T12:00:00.000Z");
    // A second reconcile refreshes the same lines in place.
    const again = await reconcile(env.client, wb, { now: () => Date.parse("2026-02-02T12:00:00Z") });
    expect(again.summaryTable).toMatchObject({ created: false, added: 0, updated: 1 });
    expect(wb.sheetValues("Conciliação")).toHaveLength(11);
    expect(summary).toMatchObject({
      completedDepositsCents: 20_000,
      pendingDepositsCents: 3_000,
      distributedCents: 4_500,
      expectedBalanceCents: 15_500,
      availableCents: 15_500,
      differenceCents: 0,
      unplaced: [],
    });
  });

  test("a difference is shown, and transactions it cannot place are listed", () => {
    const t = (x: Partial<Transaction> & Pick<Transaction, "type" | "amount">): Transaction => ({
      id: String(Math.random()),
      ...x,
    });
    const summary = summarize(
      [
        t({ type: "DEPOSIT", amount: 10_000, status: "COMPLETED" }),
        t({ type: "DISTRIBUTION", amount: -2_500, status: "COMPLETED" }),
        t({ type: "DISTRIBUTION", amount: -1_000, status: "FAILED" }),
        t({ type: "FEE", amount: 50 }),
        t({ type: "DEPOSIT", amount: 70, status: "REFUNDED" }),
      ],
      7_400,
    );
    expect(summary).toMatchObject({ expectedBalanceCents: 7_500, differenceCents: -100 });
    expect(summary.unplaced.map((u) => u.type)).toEqual(["FEE", "DEPOSIT"]);
  });
});
