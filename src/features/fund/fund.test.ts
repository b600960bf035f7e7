/**
 * Funding against the sandbox over loopback (manual clock: a PIX charge is paid PIX_DELAY after
 * it is created; a payer named "FAIL" never pays). Server state is read back with the client.
 */
import { APIUserAbortError, DepositOutcomeUnknownError, collectAll } from "../../api";
import { PIX_DELAY } from "../../../sandbox/test-harness";
import { startWorkflowEnv, type WorkflowEnv } from "../testing/workflows-env";
import { cancelCharge } from "./cancel-charge";
import { type Charge, FundingInputError, followFinalizeCharge, startDeposit } from "./charges";
import { fund, readShortfall } from "./fund";
import type { Progress } from "../../api/progress";

const payer = { name: "Financeiro Acme", document: "11.222.333/0001-81" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// Loopback HTTP on a shared, busy machine: a generous bound (this is not a speed test).
jest.setTimeout(30_000);

let env: WorkflowEnv;
afterEach(async () => {
  await env.close();
});

/** A draft of `cents` for each of two active employees, on product VR. */
async function draft(cents: number): Promise<string> {
  const { client } = env;
  const employees = await collectAll(client.employees.list({ situation: "active" }), { max: 100 });
  const products = await collectAll(client.products.list(), { max: 100 });
  const d = await client.distributions.create({ type: "selected" });
  await client.distributions.addItems(
    d.distribution_id,
    employees.slice(0, 2).map((e) => e.employee_id),
  );
  await client.distributions.setValueForAll(d.distribution_id, { product_id: products[0]!.id, value: cents });
  return d.distribution_id;
}

const deposits = async () => collectAll(env.client.transactions.list({ type: "DEPOSIT" }), { max: 1000 });

describe("fund", () => {
  test("funds exactly the shortfall of a draft, hands over the PIX code, and BALANCE then covers it", async () => {
    env = await startWorkflowEnv();
    const { client } = env;
    // An earlier deposit of R$ 100,00 is on the balance already.
    await fund(client, { target: { amountCents: 10_000 }, payer });
    const id = await draft(12_345); // two employees: 24 690 cents
    const charges: Charge[] = [];
    const progress: Progress[] = [];
    let recorded: string | undefined;
    const result = await fund(
      client,
      { target: { shortfallOf: id }, payer },
      {
        onCharge: (c) => charges.push(c),
        onProgress: (p) => progress.push(p),
        onTransactionId: (t) => (recorded = t),
      },
    );
    expect(result.shortfall).toEqual({
      distributionId: id,
      totalCents: 24_690,
      availableCents: 10_000,
      shortfallCents: 14_690,
    });
    expect(result.amountCents).toBe(14_690);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.status).toBe("PENDING");
    expect(charges[0]!.pixCopyPaste).toMatch(/^000201/);
    expect(charges[0]!.expiresAt).toBeDefined();
    const outcome = result.outcome!;
    expect(outcome.paid).toBe(true);
    expect(outcome.charge.transactionId).toMatch(UUID);
    expect(outcome.charge.transactionId).toBe(recorded);
    expect(outcome.balanceCents).toBe(24_690);
    // Server state: the deposit under our id is COMPLETED for exactly the shortfall.
    const onServer = await client.deposits.get(recorded!);
    expect([onServer.status, onServer.amount]).toEqual(["COMPLETED", 14_690]);
    expect((await client.balances.get()).available_amount).toBe(24_690);
    expect(progress.map((p) => p.phase)).toEqual(
      expect.arrayContaining(["shortfall", "deposit", "payment", "balance"]),
    );
    expect(progress.at(-1)).toEqual({ phase: "balance", done: 1, total: 1 });
    // The balance now covers the draft to the cent.
    const fin = await client.distributions.finalize(id, { payment_method: "BALANCE" });
    expect(fin.status).toBe("processing");
    expect((await readShortfall(client, id)).availableCents).toBe(0);
  });

  test("a shortfall of zero creates no charge", async () => {
    env = await startWorkflowEnv();
    await fund(env.client, { target: { amountCents: 50_000 }, payer });
    const id = await draft(100);
    const before = (await deposits()).length;
    const result = await fund(env.client, { target: { shortfallOf: id }, payer });
    expect(result).toMatchObject({ amountCents: 0, outcome: null });
    expect(await deposits()).toHaveLength(before);
  });

  test("bad input is refused before anything is sent", async () => {
    env = await startWorkflowEnv();
    const mark = env.sent.length;
    const bad: Array<[number, typeof payer, string]> = [
      [0, payer, "amount_invalid"],
      [10.5, payer, "amount_invalid"],
      [100, { ...payer, name: "  " }, "payer_name_missing"],
      [100, { ...payer, document: "111.222.333-44" }, "payer_document_invalid"],
    ];
    for (const [amountCents, p, code] of bad) {
      const err = await fund(env.client, { target: { amountCents }, payer: p }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FundingInputError);
      expect((err as FundingInputError).code).toBe(code);
    }
    expect(env.sentSince(mark)).toEqual([]);
  });

  test("a charge that is never paid ends FAILED, not paid, and the balance is unchanged", async () => {
    env = await startWorkflowEnv();
    const result = await fund(env.client, {
      target: { amountCents: 777 },
      payer: { ...payer, name: "FAIL" },
    });
    expect(result.outcome).toMatchObject({ paid: false, charge: { status: "FAILED" }, balanceCents: 0 });
  });

  test("an abort while waiting for the payment stops the wait; the charge stays on the server", async () => {
    env = await startWorkflowEnv();
    const controller = new AbortController();
    let id = "";
    const err = await fund(
      env.client,
      { target: { amountCents: 500 }, payer },
      {
        signal: controller.signal,
        onCharge: (c) => {
          id = c.transactionId;
          controller.abort();
        },
      },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIUserAbortError);
    expect((await env.client.deposits.get(id)).status).toBe("PENDING");
  });

  test("a 5xx after the deposit was applied is settled by a read, never a second charge", async () => {
    // Every mutation is applied, then answered with a 500 ("after" fault).
    env = await startWorkflowEnv({ faults: { rate: 1, kinds: ["after"], seed: 1 } });
    const charge = await startDeposit(env.client.deposits, { amountCents: 900, payer });
    expect(charge.transactionId).toMatch(UUID);
    expect((await deposits()).map((t) => t.transaction_id)).toEqual([charge.transactionId]);
  });

  test("a deposit whose outcome stays unknown hands over the transaction_id it was sent with", async () => {
    env = await startWorkflowEnv({ faults: { rate: 1, kinds: ["before"], seed: 1 } });
    let recorded = "";
    const err = await startDeposit(
      env.client.deposits,
      { amountCents: 900, payer },
      { onTransactionId: (t) => (recorded = t) },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DepositOutcomeUnknownError);
    expect((err as DepositOutcomeUnknownError).transactionId).toBe(recorded);
  });
});

describe("cancelCharge", () => {
  test("cancels a pending charge; once paid, cancelling answers 'already paid'", async () => {
    env = await startWorkflowEnv();
    const pending = await startDeposit(env.client.deposits, { amountCents: 1_000, payer });
    expect(await cancelCharge(env.client.deposits, pending.transactionId)).toMatchObject({
      outcome: "cancelled",
      charge: { status: "CANCELLED" },
    });
    const paid = await startDeposit(env.client.deposits, { amountCents: 2_000, payer });
    env.clock.advance(PIX_DELAY);
    expect(await cancelCharge(env.client.deposits, paid.transactionId)).toMatchObject({
      outcome: "already_paid",
      charge: { status: "COMPLETED" },
    });
    expect((await env.client.deposits.get(paid.transactionId)).status).toBe("COMPLETED");
    expect((await env.client.balances.get()).available_amount).toBe(2_000);
  });

  test("a charge that failed is 'already final', not 'already paid'", async () => {
    env = await startWorkflowEnv();
    const failed = await startDeposit(env.client.deposits, {
      amountCents: 1_000,
      payer: { ...payer, name: "FAIL" },
    });
    env.clock.advance(PIX_DELAY);
    expect(await cancelCharge(env.client.deposits, failed.transactionId)).toMatchObject({
      outcome: "already_final",
      charge: { status: "FAILED" },
    });
  });
});

describe("followFinalizeCharge", () => {
  test("BALANCE_WITH_PIX: the charge for the difference is followed to COMPLETED and the lot completes", async () => {
    env = await startWorkflowEnv();
    const { client } = env;
    await fund(client, { target: { amountCents: 5_000 }, payer });
    const id = await draft(4_000); // 8 000 cents: 3 000 missing
    const fin = await client.distributions.finalize(id, {
      payment_method: "BALANCE_WITH_PIX",
      payer_name: "Financeiro Acme",
      payer_document: "11222333000181",
    });
    const seen: Charge[] = [];
    const outcome = await followFinalizeCharge(client, fin, { onCharge: (c) => seen.push(c) });
    expect(seen[0]).toMatchObject({ status: "PENDING", amountCents: 3_000 });
    expect(seen[0]!.pixCopyPaste).toBeDefined();
    expect(outcome).toMatchObject({ paid: true, charge: { status: "COMPLETED", amountCents: 3_000 } });
    const final = await client.distributions.waitWhileProcessing(id);
    expect(final.status).toBe("completed");
    expect((await client.balances.get()).available_amount).toBe(0);
  });

  test("BALANCE opens no charge: nothing to follow", async () => {
    env = await startWorkflowEnv();
    await fund(env.client, { target: { amountCents: 5_000 }, payer });
    const id = await draft(100);
    const fin = await env.client.distributions.finalize(id, { payment_method: "BALANCE" });
    const mark = env.sent.length;
    expect(await followFinalizeCharge(env.client, fin)).toBeNull();
    expect(env.sentSince(mark)).toEqual([]);
  });
});
