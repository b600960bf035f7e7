/**
 * Deposits against a server that differs where the document is silent (issue 8 items 1, 3, 5):
 * money must never move twice, and a charge that may exist is never reported as a plain failure.
 */
import { DepositMismatchError, DepositOutcomeUnknownError, AppliedUnreadableError } from "../../src/api";
import { caught, divergent } from "./env";

const payer = { method: "PIX" as const, name: "Financeiro", document: "11222333000181" };
const ID = "4e0c1f7a-5b2d-4c3e-9f10-2a3b4c5d6e7f";

describe("deposits.create on a divergent server", () => {
  it("reads the answer's `state` and null fields", async () => {
    const env = await divergent();
    const d = await env.api.deposits.create({ amount: 5_000, ...payer });
    expect(d.status).toBe("PENDING");
    expect(d.pix_copy_paste).toBeUndefined();
    expect(env.take()).toEqual(["POST /deposits 201"]);
  });

  it("a 2xx body that does not fit hands over the transaction_id sent; nothing is repeated", async () => {
    const env = await divergent();
    env.server.fault({ method: "POST", path: /^\/deposits$/, kind: "body", body: '{"ok":true}' });
    const err = await caught(env.api.deposits.create({ amount: 5_000, ...payer }));
    expect(err).toBeInstanceOf(DepositOutcomeUnknownError);
    const sent = (env.server.seen[0]!.body as { transaction_id: string }).transaction_id;
    expect((err as DepositOutcomeUnknownError).transactionId).toBe(sent);
    expect((err as DepositOutcomeUnknownError).cause).toBeInstanceOf(AppliedUnreadableError);
    expect(env.take()).toEqual(["POST /deposits 200"]);
    expect((await env.api.deposits.get(sent)).amount).toBe(5_000); // the caller can read it
  });

  it("the same with a transaction_id the caller chose", async () => {
    const env = await divergent();
    env.server.fault({ method: "POST", path: /^\/deposits$/, kind: "body", body: "<html>OK</html>" });
    const err = await caught(env.api.deposits.create({ amount: 5_000, ...payer, transaction_id: ID }));
    expect(err).toMatchObject({ name: "DepositOutcomeUnknownError", transactionId: ID });
    expect(env.take()).toEqual(["POST /deposits 200"]);
  });

  it.each([500, 502, 503, 504])(
    "%i after applying: reads the deposit and answers it, no second POST",
    async (status) => {
      const env = await divergent();
      env.server.fault({ method: "POST", path: /^\/deposits$/, kind: "after", status });
      const d = await env.api.deposits.create({ amount: 7_000, ...payer, transaction_id: ID });
      expect(d).toMatchObject({ transaction_id: ID, status: "PENDING", amount: 7_000 });
      expect(env.take()).toEqual([`POST /deposits ${status}`, `GET /deposits/${ID} 200`]);
      expect(env.server.state.deposits.size).toBe(1);
    },
  );

  it("a lost connection after applying: the read finds it, no second POST", async () => {
    const env = await divergent();
    env.server.fault({ method: "POST", path: /^\/deposits$/, kind: "drop" });
    const d = await env.api.deposits.create({ amount: 7_000, ...payer, transaction_id: ID });
    expect(d.transaction_id).toBe(ID);
    expect(env.take()).toEqual(["POST /deposits dropped", `GET /deposits/${ID} 200`]);
  });

  it("503 before applying: reads (404), then repeats the POST with the same transaction_id", async () => {
    const env = await divergent();
    env.server.fault({ method: "POST", path: /^\/deposits$/, kind: "before", status: 503 });
    const d = await env.api.deposits.create({ amount: 7_000, ...payer });
    expect(env.take()).toEqual([
      "POST /deposits 503",
      `GET /deposits/${d.transaction_id} 404`,
      "POST /deposits 201",
    ]);
    const ids = env.server.seen
      .filter((s) => s.method === "POST")
      .map((s) => (s.body as { transaction_id: string }).transaction_id);
    expect(ids).toEqual([d.transaction_id, d.transaction_id]);
    expect(env.server.state.deposits.size).toBe(1);
  });
});

describe("a deposit found under the client's transaction_id is the same deposit (item 5)", () => {
  it("read back after a 503 with another amount: DepositMismatchError, never a success", async () => {
    const env = await divergent();
    await env.api.deposits.create({ amount: 1_000, ...payer, transaction_id: ID });
    env.take();
    env.server.fault({ method: "POST", path: /^\/deposits$/, kind: "before", status: 503 });
    const err = await caught(env.api.deposits.create({ amount: 2_000, ...payer, transaction_id: ID }));
    expect(err).toBeInstanceOf(DepositMismatchError);
    expect((err as DepositMismatchError).differences).toEqual(["amount: sent 2000 cents, found 1000 cents"]);
    expect(env.take()).toEqual(["POST /deposits 503", `GET /deposits/${ID} 200`]);
  });

  it("answered 200 with another payer document (this server's choice for a repeated id): DepositMismatchError", async () => {
    const env = await divergent();
    await env.api.deposits.create({ amount: 1_000, ...payer, transaction_id: ID });
    const err = await caught(
      env.api.deposits.create({ amount: 1_000, ...payer, document: "52998224725", transaction_id: ID }),
    );
    expect(err).toBeInstanceOf(DepositMismatchError);
    expect((err as Error).message).toContain("payer document: sent …25, found …81");
    expect((err as Error).message).not.toContain("52998224725"); // personal data is not spelled out
  });

  it("a server that does not echo the transaction_id sent: DepositMismatchError naming both ids", async () => {
    const env = await divergent({}, { ignoreClientTransactionId: true });
    const err = await caught(env.api.deposits.create({ amount: 1_000, ...payer, transaction_id: ID }));
    expect(err).toBeInstanceOf(DepositMismatchError);
    expect((err as DepositMismatchError).differences[0]).toMatch(
      new RegExp(`^transaction_id: sent ${ID}, answered dep-\\d+$`),
    );
    expect(env.take()).toEqual(["POST /deposits 201"]);
  });
});

describe("deposits.cancel and reads", () => {
  it("a 502 after cancelling: reads the deposit, CANCELLED is the answer, no second cancel", async () => {
    const env = await divergent();
    await env.api.deposits.create({ amount: 1_000, ...payer, transaction_id: ID });
    env.take();
    env.server.fault({ method: "POST", path: /\/cancel$/, kind: "after", status: 502 });
    expect((await env.api.deposits.cancel(ID)).status).toBe("CANCELLED");
    expect(env.take()).toEqual([`POST /deposits/${ID}/cancel 502`, `GET /deposits/${ID} 200`]);
  });

  it("waitUntilFinal reads the state under the name `state`", async () => {
    const env = await divergent();
    await env.api.deposits.create({ amount: 1_000, ...payer, transaction_id: ID });
    env.server.state.deposits.get(ID)!.state = "COMPLETED";
    expect((await env.api.deposits.waitUntilFinal(ID)).status).toBe("COMPLETED");
  });
});
