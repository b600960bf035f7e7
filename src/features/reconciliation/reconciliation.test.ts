/**
 * Reconciliation against the sandbox over loopback (manual clock): transactions pulled into a
 * table (pages of 1,000), refreshed incrementally (appends and state updates, no duplicates,
 * the user's column kept), debits linked to the run-log entry, and the balance check.
 */
import { collectAll, type Transaction } from "../../api";
import { LOT_DELAY, PIX_DELAY } from "../../../sandbox/test-harness";
import { newWorkbook, startWorkflowEnv, type WorkflowEnv } from "../testing/workflows-env";
import { startDeposit } from "../fund";
import {
  linkOf,
  pullTransactions,
  reconcile,
  type RunLogLink,
  summarize,
  TRANSACTIONS_TABLES,
} from "./reconciliation";
import { readAllRows } from "../../workbook/table-sync";
import { excelSerial } from "../../workbook/dates";
import { recordPayment } from "../../workbook/ledger";

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
    // 104 paid deposits of R$ 1,00 and one of R$ 500,00: one page of the 1,000 the client asks for.
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
    expect(transactionPages.map((r) => r.path)).toEqual(["/api/v1/valepix/transactions?page=1&limit=1000"]);
    const info = (await wb.getTable(TRANSACTIONS_TABLES["pt-BR"]))!;
    const col = (h: string) => info.header.indexOf(h);
    let rows = await readAllRows(wb, info.name);
    const debit = rows.find((r) => r[col("ID da distribuição")] === distributionId)!;
    expect(debit[col("Valor")]).toBe(-300);
    // Codes in the display language, the API's code beside them for filters.
    expect([debit[col("Tipo")], debit[col("Código do tipo")]]).toEqual(["Distribuição", "DISTRIBUTION"]);
    expect([debit[col("Situação")], debit[col("Código da situação")]]).toEqual(["Pendente", "PENDING"]);
    expect(debit[col("Descrição")]).toBe(`Distribuição ${distributionId}`);
    expect(debit[col("Tabela de origem")]).toBe("Folha_Marco");
    expect(debit[col("Lote")]).toBe("lot_x");
    // Dates are Excel dates (serials with a date format), never ISO text.
    expect(debit[col("Enviada em")]).toBe(excelSerial(Date.parse("2026-01-05T12:00:00Z")));
    const server = await collectAll(client.transactions.list(), { max: 1_000 });
    const created = server.find((t) => t.distribution_id === distributionId)!.created_at!;
    expect(debit[col("Data")]).toBe(excelSerial(Date.parse(created)));
    expect(wb.numberFormat(info.sheet, "A2")).toBe("dd/mm/yyyy hh:mm");
    const pendingRow = rows.findIndex((r) => r[col("ID do depósito")] === pending.transactionId);
    expect(rows[pendingRow]![col("Situação")]).toBe("Pendente");
    expect(rows[pendingRow]![col("Descrição")]).toBe("Depósito no saldo");

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
    const now = await collectAll(client.transactions.list(), { max: 1_000 });
    expect(rows.map((r) => r[col("ID da transação")])).toEqual(now.map((t) => t.id));
    expect(rows[pendingRow]![col("Situação")]).toBe("Concluído");
    expect(rows[pendingRow]![info.header.length]).toBe("ok, Ana");
    expect(
      rows.find((r) => r[col("ID da distribuição")] === distributionId)![col("Código da situação")],
    ).toBe("COMPLETED");
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
    expect((await readAllRows(wb, TRANSACTIONS_TABLES["pt-BR"])).map((r) => [r[1], r[11]])).toEqual([
      ["Depósito", "DEPOSIT"],
    ]);
  });

  test("in English, our words are English; the API's own description is kept as sent, in its own column", async () => {
    env = await startWorkflowEnv();
    await startDeposit(env.client.deposits, { amountCents: 10_000, payer });
    env.clock.advance(PIX_DELAY);
    const id = await distribute(1_000);
    const wb = newWorkbook();
    await pullTransactions(env.client.transactions, wb, { locale: "en-US" });
    const [header, ...rows] = wb.sheetValues("Transactions");
    const col = (h: string) => header!.indexOf(h);
    const ours = rows.map((r) => [r[col("Type")], r[col("Description")], r[col("State")]]);
    expect(ours).toEqual([
      ["Deposit", "Deposit to the balance", "Completed"],
      ["Distribution", `Distribution ${id}`, "Pending"],
    ]);
    expect(JSON.stringify(ours)).not.toMatch(/[ãõçáéíóúâêô]|Depósito|Distribuição/);
    // The sandbox words its records in Portuguese: API text, kept as it came.
    expect(rows[0]![col("ValePix description")]).toBe("Depósito PIX");
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
    expect(summaryTable).toMatchObject({ created: true, added: 12 });
    const [header, ...lines] = wb.sheetValues("Conciliação");
    expect(header).toEqual(["Item", "Valor", "Quantidade", "Observação", "Data"]);
    const line = (label: string) => lines.find((l) => l[0] === label);
    expect(line("Depósitos concluídos")?.[1]).toBe(200);
    expect(line("Depósitos pendentes (fora do saldo)")?.[1]).toBe(30);
    expect(line("Distribuído")?.[1]).toBe(45);
    expect(line("Saldo disponível")?.[1]).toBe(155);
    expect(line("Diferença (disponível − esperado)")?.slice(1)).toEqual([0, "", "Confere", ""]);
    expect(line("Débitos de distribuição sem registro no log")?.[2]).toBe(1);
    // When it was read: an Excel date in the Data column, not text.
    expect(line("Atualizado em")?.slice(3)).toEqual(["", excelSerial(Date.parse("2026-02-01T12:00:00Z"))]);
    // A second reconcile refreshes the same lines in place.
    const again = await reconcile(env.client, wb, { now: () => Date.parse("2026-02-02T12:00:00Z") });
    expect(again.summaryTable).toMatchObject({ created: false, added: 0, updated: 1 });
    expect(wb.sheetValues("Conciliação")).toHaveLength(13);
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

  test("the workbook's ledger is checked against the debits of its distributions", async () => {
    env = await startWorkflowEnv();
    await startDeposit(env.client.deposits, { amountCents: 20_000, payer });
    env.clock.advance(PIX_DELAY);
    const paid = await distribute(4_500);
    const elsewhere = await distribute(1_000); // not in this workbook's ledger
    const [employee] = await collectAll(env.client.employees.list({ situation: "active" }), { max: 1_000 });
    const wb = newWorkbook();
    const record = (cents: number) =>
      recordPayment(
        wb,
        {
          at: Date.now(),
          distributionId: paid,
          label: "Distribuição de novembro",
          table: "Novembro",
          paymentMethod: "BALANCE",
          state: "completed",
          items: [{ employee_id: employee!.employee_id, values: new Map([["prd", cents]]) }],
          employee: () => undefined,
          product: () => undefined,
        },
        "pt-BR",
      );
    await record(4_500);
    const r = await reconcile(env.client, wb);
    expect(r.ledger).toEqual({ distributions: 1, recordedCents: 4_500, debitedCents: 4_500 });
    const lines = wb.sheetValues("Conciliação");
    const line = (label: string) => lines.find((l) => l[0] === label);
    expect(line("Pago segundo o histórico desta pasta (distribuições)")?.slice(1, 3)).toEqual([45, 1]);
    expect(line("Débitos dessas distribuições nas transações")?.slice(1, 4)).toEqual([
      45,
      "",
      "Confere com o histórico",
    ]);
    // The debit described by the ledger's label and table.
    const tx = wb.sheetValues("Transações");
    const debit = tx.find((row) => row.includes(paid))!;
    expect(debit[tx[0]!.indexOf("Descrição")]).toBe("Distribuição de novembro, tabela Novembro");
    expect(tx.find((row) => row.includes(elsewhere))![tx[0]!.indexOf("Descrição")]).toBe(
      `Distribuição ${elsewhere}`,
    );
    // A ledger that says more than was debited does not match.
    const other = newWorkbook();
    await recordPayment(
      other,
      {
        at: Date.now(),
        distributionId: paid,
        label: "x",
        table: "Novembro",
        paymentMethod: "BALANCE",
        state: "completed",
        items: [{ employee_id: employee!.employee_id, values: new Map([["prd", 5_000]]) }],
        employee: () => undefined,
        product: () => undefined,
      },
      "pt-BR",
    );
    expect((await reconcile(env.client, other)).ledger).toMatchObject({
      recordedCents: 5_000,
      debitedCents: 4_500,
    });
    expect(
      other
        .sheetValues("Conciliação")
        .find((l) => l[0] === "Débitos dessas distribuições nas transações")?.[3],
    ).toBe("Não confere com o histórico: atualize os status e traga as transações de novo");
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
