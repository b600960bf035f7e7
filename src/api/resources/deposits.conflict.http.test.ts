/**
 * A server that answers 409 to a create whose `transaction_id` it already holds (issue 22, item
 * 1), through the real client over Node's fetch against a loopback server: the client reads
 * `GET /deposits/{id}` and compares it. The same amount and payer: the existing deposit is the
 * answer (one charge, never a second). Different: `DepositMismatchError` naming both. An
 * unknown id behind the 409: the conflict as the server said it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "../client";
import { ConflictError, DepositMismatchError, DepositOutcomeUnknownError } from "../errors";

interface Stored {
  transaction_id: string;
  amount: number;
  name: string;
  document: string;
  status: string;
}

let server: Server;
let baseUrl: string;
const deposits = new Map<string, Stored>();
const calls: string[] = [];
/** When set, the next GET of a deposit answers this status. */
let failRead: number | undefined;
/** When set, every POST answers 409 whatever the id (a conflict about something else). */
let alwaysConflict = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      calls.push(`${req.method} ${req.url}`);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      };
      const conflict = () =>
        send(409, { error: { code: "conflict", message: "transaction_id already used" } });
      if (req.method === "POST" && req.url === "/api/v1/valepix/deposits") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Omit<Stored, "status">;
        if (alwaysConflict || deposits.has(body.transaction_id)) return conflict();
        const d = { ...body, status: "PENDING" };
        deposits.set(d.transaction_id, d);
        return send(201, d);
      }
      const m = /^\/api\/v1\/valepix\/deposits\/([^/]+)$/.exec(req.url ?? "");
      if (req.method === "GET" && m) {
        if (failRead !== undefined) {
          const status = failRead;
          failRead = undefined;
          return send(status, { error: { code: "x", message: "read failed" } });
        }
        const d = deposits.get(decodeURIComponent(m[1]!));
        return d ? send(200, d) : send(404, { error: { code: "not_found", message: "no such deposit" } });
      }
      send(404, { error: { code: "not_found", message: "no route" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  deposits.clear();
  calls.length = 0;
  failRead = undefined;
  alwaysConflict = false;
});

const client = () =>
  createClient({
    baseUrl,
    token: "tok_conflict_test",
    retry: { maxRetries: 1 },
    sleep: () => Promise.resolve(),
  });
const TID = "3f1c1f0e-6f7a-4c1b-9d7e-5a2b8c9d0e1f";
const BODY = {
  amount: 1_234_56,
  method: "PIX" as const,
  name: "Financeiro Acme",
  document: "11222333000181",
  transaction_id: TID,
};

test("the same deposit again under its own id: 409, then the existing deposit is the answer", async () => {
  const first = await client().deposits.create(BODY);
  const again = await client().deposits.create(BODY);
  expect(again).toMatchObject({ transaction_id: TID, amount: 1_234_56, status: "PENDING" });
  expect(again).toEqual(first);
  expect(deposits.size).toBe(1);
  expect(calls).toEqual([
    "POST /api/v1/valepix/deposits",
    "POST /api/v1/valepix/deposits",
    `GET /api/v1/valepix/deposits/${TID}`,
  ]);
});

test("another amount under the same id: DepositMismatchError naming both amounts, nothing repeated", async () => {
  await client().deposits.create(BODY);
  const err = await client()
    .deposits.create({ ...BODY, amount: 99_00 })
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DepositMismatchError);
  const m = err as DepositMismatchError;
  expect(m.conflict).toBe(true);
  expect(m.sent).toEqual({ amount: 99_00, document: BODY.document });
  expect(m.found).toMatchObject({ amount: 1_234_56 });
  expect(m.message).toContain("answered 409 Conflict");
  expect(m.message).toContain("amount: sent 9900 cents, found 123456 cents");
  expect(calls.filter((c) => c.startsWith("POST"))).toHaveLength(2);
  expect(deposits.get(TID)?.amount).toBe(1_234_56);
});

test("another payer document under the same id: DepositMismatchError naming both (last two digits)", async () => {
  await client().deposits.create(BODY);
  const err = await client()
    .deposits.create({ ...BODY, document: "52998224725" })
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DepositMismatchError);
  expect((err as Error).message).toContain("payer document: sent …25, found …81");
  expect((err as Error).message).not.toContain("52998224725");
});

test("a 409 whose id the server does not hold: the conflict itself, as the server said it", async () => {
  alwaysConflict = true;
  const err = await client()
    .deposits.create(BODY)
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ConflictError);
  expect((err as ConflictError).serverMessage).toBe("transaction_id already used");
  expect(calls).toEqual(["POST /api/v1/valepix/deposits", `GET /api/v1/valepix/deposits/${TID}`]);
});

test("a 409 and a failed read: the outcome is unknown, with the id to read (never a plain refusal)", async () => {
  await client().deposits.create(BODY);
  failRead = 503;
  const err = await createClient({ baseUrl, token: "t", retry: { maxRetries: 0 } })
    .deposits.create(BODY)
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DepositOutcomeUnknownError);
  expect((err as DepositOutcomeUnknownError).transactionId).toBe(TID);
  expect((err as DepositOutcomeUnknownError).cause).toBeInstanceOf(ConflictError);
});
