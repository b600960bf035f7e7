/**
 * Redirects are refused (issue 22, item 5), through the real client over Node's fetch against a
 * loopback server that redirects every call to another loopback origin: GET, POST and PUT, with
 * 307, 308 and 303. Nothing reaches the other origin (no token, no body, and no answer of its
 * read as the API's); the error is `RedirectRefusedError` naming the `Location`, never retried;
 * a deposit and a finalize redirected say their outcome is unknown instead of a plain failure.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "./client";
import { DepositOutcomeUnknownError, FinalizeOutcomeUnknownError, RedirectRefusedError } from "./errors";

const listen = async (s: Server): Promise<string> => {
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
};

/** What reached each server: method, path, whether it carried a token, its body. */
const seen: { host: "api" | "other"; method: string; url: string; token: boolean; body: string }[] = [];
let status = 307;
let api: Server;
let other: Server;
let apiUrl: string;
let otherUrl: string;

const record = (host: "api" | "other") => (req: IncomingMessage, done: () => void) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    seen.push({
      host,
      method: req.method ?? "",
      url: req.url ?? "",
      token: req.headers.authorization !== undefined,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    done();
  });
};

beforeAll(async () => {
  // The other origin answers 200 with what would pass for any answer.
  other = createServer((req, res) =>
    record("other")(req, () =>
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          transaction_id: "x",
          status: "COMPLETED",
          available_amount: 1,
          distribution_id: "d",
        }),
      ),
    ),
  );
  otherUrl = await listen(other);
  api = createServer((req, res) =>
    record("api")(req, () => res.writeHead(status, { location: `${otherUrl}${req.url}` }).end()),
  );
  apiUrl = await listen(api);
});
afterAll(async () => {
  await new Promise<void>((r) => api.close(() => r()));
  await new Promise<void>((r) => other.close(() => r()));
});
beforeEach(() => {
  seen.length = 0;
});

const client = () =>
  createClient({ baseUrl: apiUrl, token: "tok_redirect_test", sleep: () => Promise.resolve() });
const TID = "5b6c7d8e-9f01-4a2b-8c3d-4e5f60718293";

describe.each([307, 308, 303])("HTTP %i", (code) => {
  beforeEach(() => {
    status = code;
  });

  test("GET: RedirectRefusedError naming the Location; asked once, nothing reaches the other origin", async () => {
    const err = await client()
      .balances.get()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RedirectRefusedError);
    const r = err as RedirectRefusedError;
    expect(r.status).toBe(code);
    expect(r.location).toBe(`${otherUrl}/api/v1/valepix/balances`);
    expect(r.retryable).toBe(false);
    expect(r.message).toContain(`answered HTTP ${code} redirecting to ${otherUrl}/api/v1/valepix/balances`);
    expect(seen.map((s) => `${s.host} ${s.method}`)).toEqual(["api GET"]);
  });

  test("PUT: the body stays with the API's origin; RedirectRefusedError, not repeated", async () => {
    const err = await client()
      .distributions.setValueForAll("d1", { product_id: "p1", value: 1_000 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RedirectRefusedError);
    expect((err as RedirectRefusedError).location).toBe(
      `${otherUrl}/api/v1/valepix/distributions/d1/items/value`,
    );
    expect(seen.map((s) => `${s.host} ${s.method}`)).toEqual(["api PUT"]);
  });

  test("POST a deposit: amount, payer and CNPJ never reach the other origin; outcome unknown, with the id", async () => {
    const err = await client()
      .deposits.create({
        amount: 50_000,
        method: "PIX",
        name: "Financeiro Acme",
        document: "11222333000181",
        transaction_id: TID,
      })
      .catch((e: unknown) => e);
    // A 303 may follow a create the server handled: never read as a plain failure.
    expect(err).toBeInstanceOf(DepositOutcomeUnknownError);
    expect((err as DepositOutcomeUnknownError).transactionId).toBe(TID);
    expect((err as DepositOutcomeUnknownError).cause).toBeInstanceOf(RedirectRefusedError);
    expect(seen.map((s) => `${s.host} ${s.method}`)).toEqual(["api POST"]);
    expect(JSON.stringify(seen.filter((s) => s.host === "other"))).not.toContain("11222333000181");
  });

  test("POST finalize: not repeated, the distribution read once, outcome unknown", async () => {
    const err = await client()
      .distributions.finalize("d1", { payment_method: "BALANCE" })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FinalizeOutcomeUnknownError);
    expect((err as FinalizeOutcomeUnknownError).readError).toBeInstanceOf(RedirectRefusedError);
    expect(seen.map((s) => `${s.host} ${s.method}`)).toEqual(["api POST", "api GET"]);
  });
});

test("a browser's opaque redirect (status 0, Location hidden) is refused too", async () => {
  // What fetch gives a page for `redirect: "manual"` (Fetch standard, "opaque-redirect filtered response").
  const opaque = {
    type: "opaqueredirect",
    status: 0,
    headers: new Headers(),
    text: () => Promise.resolve(""),
  };
  const c = createClient({
    baseUrl: "https://api.example.com",
    token: "t",
    fetch: () => Promise.resolve(opaque as unknown as Response),
  });
  const err = await c.balances.get().catch((e: unknown) => e);
  expect(err).toBeInstanceOf(RedirectRefusedError);
  expect((err as RedirectRefusedError).status).toBeUndefined();
  expect((err as RedirectRefusedError).location).toBeUndefined();
  expect((err as Error).message).toContain("an address the browser does not show");
});

test("every request is made with redirect: manual", async () => {
  const inits: RequestInit[] = [];
  const c = createClient({
    baseUrl: "https://api.example.com",
    token: "t",
    fetch: ((_url: string, init: RequestInit) => {
      inits.push(init);
      return Promise.resolve(
        new Response('{"available_amount":1}', { headers: { "content-type": "application/json" } }),
      );
    }) as typeof fetch,
  });
  await c.balances.get();
  expect(inits.map((i) => i.redirect)).toEqual(["manual"]);
});
