/**
 * The VALEPIX functions over the API client against the sandbox (loopback, manual clock): each
 * function's arguments, the spill shape of TRANSACOES, the errors as Excel errors with what to do,
 * and many cells sharing one request (requests counted on the client's own log).
 */
import { collectAll, createClient, type ValePixClient } from "../../api";
import { PIX_DELAY, TOKEN_A, TOKEN_B } from "../../../sandbox/test-harness";
import { fundBalance, startWorkflowEnv, type WorkflowEnv } from "../testing/workflows-env";
import { isoToSerial, serialToMs } from "../../workbook/dates";
import { ConnectionInputError } from "../connection";
import { FunctionsRuntime, LIVE_SETTING_KEY, type StreamingCell } from "./adapter";
import type { Failure } from "./cells";

jest.setTimeout(30_000);

let env: WorkflowEnv | undefined;
const runtimes: Array<FunctionsRuntime<unknown>> = [];
afterEach(async () => {
  runtimes.splice(0).forEach((r) => r.dispose());
  await env?.close();
  env = undefined;
});
const on = (): WorkflowEnv => {
  if (!env) throw new Error("no environment started");
  return env;
};

/** An Excel error value as the tests see it. */
interface ErrorValue {
  error: Failure["code"];
  message: string;
}

/** A cell of a streaming function: every result Excel was given, in order. */
class Cell<T> implements StreamingCell<T, ErrorValue> {
  readonly results: Array<T | ErrorValue> = [];
  onCanceled: (() => void) | undefined;
  setResult(value: T | ErrorValue): void {
    this.results.push(value);
  }
  get last(): T | ErrorValue | undefined {
    return this.results.at(-1);
  }
}

/** Waits (real time: loopback HTTP) until every cell has at least `n` results. */
async function results(cells: ReadonlyArray<Cell<unknown>>, n = 1): Promise<void> {
  for (let i = 0; i < 2_000; i++) {
    if (cells.every((c) => c.results.length >= n)) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`cells without ${n} result(s): ${cells.filter((c) => c.results.length < n).length}`);
}

interface Timer {
  tick: () => void;
  ms: number;
}

function runtime(
  api: () => Promise<ValePixClient>,
  options: Partial<ConstructorParameters<typeof FunctionsRuntime<ErrorValue>>[0]> = {},
): FunctionsRuntime<ErrorValue> & { timers: Array<Timer | undefined> } {
  const timers: Array<Timer | undefined> = [];
  const r = new FunctionsRuntime<ErrorValue>({
    api,
    locale: "pt-BR",
    makeError: (f) => ({ error: f.code, message: f.message }),
    setInterval: (tick, ms) => timers.push({ tick, ms }) - 1,
    clearInterval: (h) => {
      timers[h as number] = undefined;
    },
    ...options,
  });
  runtimes.push(r);
  return Object.assign(r, { timers });
}

const payer = { name: "Financeiro Acme", document: "11222333000181" };

/** A selected-mode distribution of `cents` to one employee, finalized with the balance. */
async function distribute(client: ValePixClient, cents: number): Promise<string> {
  const [employee] = await collectAll(client.employees.list({ situation: "active" }), {
    max: 1_000,
  });
  const [product] = await collectAll(client.products.list(), { max: 100 });
  const d = await client.distributions.create({ type: "selected" });
  await client.distributions.addItems(d.distribution_id, [employee!.employee_id]);
  await client.distributions.setValueForAll(d.distribution_id, { product_id: product!.id, value: cents });
  await client.distributions.finalize(d.distribution_id, { payment_method: "BALANCE" });
  return d.distribution_id;
}

const reads = (e: WorkflowEnv, mark: number) => e.sentSince(mark).filter((r) => r.method === "GET");

describe("SALDO / BALANCE", () => {
  test("the balance in reais; a refresh after a deposit gives every cell the new one", async () => {
    env = await startWorkflowEnv();
    const { client } = env;
    await fundBalance(env, client, 123_456);
    const r = runtime(() => Promise.resolve(client));
    const cells = [new Cell<number>(), new Cell<number>()];
    cells.forEach((c) => r.balance(c));
    await results(cells);
    expect(cells.map((c) => c.last)).toEqual([1234.56, 1234.56]);

    await fundBalance(on(), client, 1_000);
    const mark = on().sent.length;
    const outcome = await r.refresh();
    expect(outcome).toEqual({ questions: 1, failed: 0, cells: 2 });
    expect(cells.map((c) => c.last)).toEqual([1244.56, 1244.56]);
    expect(
      on()
        .sentSince(mark)
        .map((s) => s.path),
    ).toEqual(["/api/v1/valepix/balances"]);
  });
});

describe("many cells, one request", () => {
  test("1,000 cells over 7 distinct questions make 7 requests; a second wave within 30 s makes none", async () => {
    env = await startWorkflowEnv();
    const { client } = env;
    await fundBalance(env, client, 50_000);
    const d1 = await distribute(client, 1_000);
    const d2 = await distribute(client, 2_000);
    const dep = await client.deposits.create({ amount: 700, method: "PIX", ...payer });
    const r = runtime(() => Promise.resolve(client));
    const mark = env.sent.length;
    const cells: Array<Cell<unknown>> = [];
    for (let i = 0; i < 1_000; i++) {
      const c = new Cell<unknown>();
      cells.push(c);
      switch (i % 8) {
        case 0:
        case 1:
          r.balance(c);
          break;
        case 2:
          r.distribution(d1, ["estado", "total", "colaboradores"][i % 3], c);
          break;
        case 3:
          r.distribution(d2, "total", c);
          break;
        case 4:
          r.deposit(dep.transaction_id, i % 2 ? "valor" : "estado", c);
          break;
        case 5:
          r.transactions(null, null, null, c);
          break;
        case 6:
          r.transactions("DEPOSITO", 46_000, null, c);
          break;
        default:
          r.transactions("Distribuição", null, null, c);
      }
    }
    await results(cells);
    // balance, d1, d2, the deposit, and the three lists (one page each).
    expect(reads(env, mark)).toHaveLength(7);
    expect(r.stats()).toMatchObject({ cells: 1_000, questions: 7 });
    expect(cells.some((c) => typeof c.last === "object" && c.last !== null && "error" in c.last)).toBe(false);

    const again = new Cell<number>();
    r.balance(again);
    await results([again]);
    expect(reads(env, mark)).toHaveLength(7);
    expect(r.stats().cache).toEqual({ asked: 1_001, fetched: 7 });
  });

  test("a refresh asks each distinct question once, whatever the number of cells", async () => {
    env = await startWorkflowEnv();
    const r = runtime(() => Promise.resolve(on().client));
    const cells = Array.from({ length: 300 }, () => new Cell<number>());
    cells.forEach((c) => r.balance(c));
    const lists = Array.from({ length: 300 }, () => new Cell<Array<Array<string | number>>>());
    lists.forEach((c) => r.transactions("DEPOSIT", null, null, c));
    await results([...cells, ...lists]);
    const mark = env.sent.length;
    expect(await r.refresh()).toEqual({ questions: 2, failed: 0, cells: 600 });
    expect(reads(env, mark)).toHaveLength(2);
  });

  test("answers are kept per client: another connection asks again", async () => {
    env = await startWorkflowEnv();
    const other = createClient({ baseUrl: env.sb.url, token: TOKEN_B, timeoutMs: 5_000 });
    let active: ValePixClient = env.client;
    const r = runtime(() => Promise.resolve(active));
    const a = new Cell<number>();
    r.balance(a);
    await results([a]);
    active = other;
    const b = new Cell<number>();
    r.balance(b);
    await results([b]);
    expect(r.stats().cache).toEqual({ asked: 2, fetched: 2 });
  });
});

describe("TRANSACOES / TRANSACTIONS", () => {
  test("a header row, then date (serial), type, state, amount in reais, description and id", async () => {
    env = await startWorkflowEnv();
    const { client } = env;
    await fundBalance(env, client, 20_000);
    const distributionId = await distribute(client, 4_500);
    const pending = await client.deposits.create({ amount: 3_000, method: "PIX", ...payer });
    const listed = await collectAll(client.transactions.list(), { max: 100 });
    const r = runtime(() => Promise.resolve(client));
    const all = new Cell<Array<Array<string | number>>>();
    r.transactions(null, null, null, all);
    await results([all]);
    const rows = all.last as Array<Array<string | number>>;
    expect(rows[0]).toEqual(["Data", "Tipo", "Situação", "Valor", "Descrição", "ID", "Referência"]);
    expect(rows).toHaveLength(1 + listed.length);
    expect(rows.every((row) => row.length === 7)).toBe(true);
    for (const [i, t] of listed.entries()) {
      const row = rows[i + 1]!;
      // The local wall clock as an Excel serial (src/workbook/dates.ts), read back to the instant.
      expect(serialToMs(row[0] as number)).toBe(Date.parse(t.created_at!));
      const reference = t.type === "DEPOSIT" ? t.transaction_id : t.distribution_id;
      expect(row.slice(1)).toEqual([
        t.type,
        t.status ?? "",
        t.amount / 100,
        t.description ?? "",
        t.id,
        reference,
      ]);
    }
    expect(rows.find((row) => row[1] === "DISTRIBUTION")?.[3]).toBe(-45);
    const pendingId = listed.find((t) => t.transaction_id === pending.transaction_id)?.id;
    expect(rows.find((row) => row[5] === pendingId)?.[2]).toBe("PENDING");
    expect(listed.find((t) => t.distribution_id === distributionId)).toBeDefined();

    // By type, in either language; the English runtime's header is in English.
    const en = runtime(() => Promise.resolve(client), { locale: "en-US" });
    const deposits = new Cell<Array<Array<string | number>>>();
    en.transactions("deposit", null, null, deposits);
    await results([deposits]);
    const d = deposits.last as Array<Array<string | number>>;
    expect(d[0]).toEqual(["Date", "Type", "State", "Amount", "Description", "ID", "Reference"]);
    expect(d.slice(1).map((row) => row[1])).toEqual(["DEPOSIT", "DEPOSIT"]);
  });

  test("dates: from the first day's midnight through the whole last day; none in range is the header alone", async () => {
    env = await startWorkflowEnv();
    const { client } = env;
    await fundBalance(env, client, 10_000);
    const [t] = await collectAll(client.transactions.list(), { max: 10 });
    const day = Math.floor(isoToSerial(t!.created_at)!);
    const r = runtime(() => Promise.resolve(client));
    const cells = {
      sameDay: new Cell<unknown>(),
      fromDay: new Cell<unknown>(),
      before: new Cell<unknown>(),
      after: new Cell<unknown>(),
      emptyCells: new Cell<unknown>(),
    };
    r.transactions("", day, day, cells.sameDay);
    r.transactions(null, day, null, cells.fromDay);
    r.transactions(null, null, day - 1, cells.before);
    r.transactions(null, day + 1, null, cells.after);
    // Empty cells given as arguments: Excel passes 0 and "".
    r.transactions("", 0, 0, cells.emptyCells);
    await results(Object.values(cells));
    const count = (c: Cell<unknown>) => (c.last as unknown[][]).length - 1;
    expect(count(cells.sameDay)).toBe(1);
    expect(count(cells.fromDay)).toBe(1);
    expect(count(cells.before)).toBe(0);
    expect(count(cells.after)).toBe(0);
    expect(count(cells.emptyCells)).toBe(1);
    expect(cells.before.last).toEqual([
      ["Data", "Tipo", "Situação", "Valor", "Descrição", "ID", "Referência"],
    ]);
  });

  test("a type it does not know, or dates the wrong way round, are #VALUE! with what to type; nothing is asked", async () => {
    env = await startWorkflowEnv();
    const r = runtime(() => Promise.resolve(on().client));
    const bad = new Cell<unknown>();
    const reversed = new Cell<unknown>();
    r.transactions("TARIFA", null, null, bad);
    r.transactions(null, 46_010, 46_000, reversed);
    expect(bad.last).toEqual({
      error: "#VALUE!",
      message: 'Tipo "TARIFA" desconhecido: use "DEPOSITO", "DISTRIBUICAO" ou deixe vazio.',
    });
    expect(reversed.last).toMatchObject({ error: "#VALUE!", message: "A data final é anterior à inicial." });
    expect(env.sent).toHaveLength(0);
    expect(r.stats().cells).toBe(0);
  });
});

describe("DISTRIBUICAO / DISTRIBUTION and DEPOSITO / DEPOSIT", () => {
  test("a distribution's state, total in reais and employees; a deposit's state and amount", async () => {
    env = await startWorkflowEnv();
    const { client } = env;
    await fundBalance(env, client, 10_000);
    const id = await distribute(client, 2_550);
    const dep = await client.deposits.create({ amount: 1_990, method: "PIX", ...payer });
    const r = runtime(() => Promise.resolve(client));
    const c = {
      state: new Cell<unknown>(),
      defaultField: new Cell<unknown>(),
      total: new Cell<unknown>(),
      employees: new Cell<unknown>(),
      depState: new Cell<unknown>(),
      depAmount: new Cell<unknown>(),
      badField: new Cell<unknown>(),
    };
    r.distribution(id, "Situação", c.state);
    r.distribution(` ${id} `, null, c.defaultField);
    r.distribution(id, "TOTAL", c.total);
    r.distribution(id, "employees", c.employees);
    r.deposit(dep.transaction_id, "estado", c.depState);
    r.deposit(dep.transaction_id, "amount", c.depAmount);
    r.deposit(dep.transaction_id, "data", c.badField);
    await results(Object.values(c));
    const state = (await client.distributions.get(id)).status;
    expect(c.state.last).toBe(state);
    expect(c.defaultField.last).toBe(state);
    expect(c.total.last).toBe(25.5);
    expect(c.employees.last).toBe(1);
    expect(c.depState.last).toBe("PENDING");
    expect(c.depAmount.last).toBe(19.9);
    expect(c.badField.last).toEqual({
      error: "#VALUE!",
      message: 'Campo "data" desconhecido: use "estado" ou "valor".',
    });

    on().clock.advance(PIX_DELAY);
    await r.refresh();
    expect(c.depState.last).toBe("COMPLETED");
  });

  test("no id is #VALUE!; an unknown id is #N/A naming what to check", async () => {
    env = await startWorkflowEnv();
    const r = runtime(() => Promise.resolve(on().client));
    const empty = new Cell<unknown>();
    const missing = new Cell<unknown>();
    const missingDeposit = new Cell<unknown>();
    r.distribution("", "estado", empty);
    r.distribution("dst_nao_existe", "estado", missing);
    r.deposit("3f1c2b9e-0000-4000-8000-000000000000", "estado", missingDeposit);
    await results([empty, missing, missingDeposit]);
    expect(empty.last).toEqual({ error: "#VALUE!", message: "Informe o ID da distribuição." });
    expect(missing.last).toEqual({
      error: "#N/A",
      message: "Distribuição não encontrada (404): confira o ID e o ambiente da conexão.",
    });
    expect(missingDeposit.last).toEqual({
      error: "#N/A",
      message: "Depósito não encontrado (404): confira o ID e o ambiente da conexão.",
    });
  });
});

describe("errors as Excel errors", () => {
  test("not connected: #N/A asking to connect in the pane, and no request", async () => {
    env = await startWorkflowEnv();
    const r = runtime(() => Promise.reject(new ConnectionInputError("token", "required")));
    const cell = new Cell<number>();
    r.balance(cell);
    await results([cell]);
    expect(cell.last).toEqual({
      error: "#N/A",
      message: "Conecte-se no painel ValePix (Conexão) e atualize (ValePix > Atualizar funções).",
    });
    expect(env.sent).toHaveLength(0);
  });

  test("401, 403, 429 and offline each say what to do, in the display language", async () => {
    env = await startWorkflowEnv({
      revokedTokens: [{ token: "tok-revoked-0123456789", company: "acme" }],
    });
    const { client } = env;
    await fundBalance(env, client, 10_000);
    const id = await distribute(client, 1_000);
    const options = { timeoutMs: 5_000, retry: { maxRetries: 0 }, now: env.clock.now };
    const revoked = createClient({ baseUrl: env.sb.url, token: "tok-revoked-0123456789", ...options });
    const otherCompany = createClient({ baseUrl: env.sb.url, token: TOKEN_B, ...options });
    const offline = createClient({ baseUrl: "http://127.0.0.1:9", token: "x", ...options });

    const ask = async (
      api: ValePixClient,
      locale: "pt-BR" | "en-US",
      call: (r: FunctionsRuntime<ErrorValue>, c: Cell<unknown>) => void,
    ) => {
      const cell = new Cell<unknown>();
      call(
        runtime(() => Promise.resolve(api), { locale }),
        cell,
      );
      await results([cell]);
      return cell.last;
    };
    expect(await ask(revoked, "pt-BR", (r, c) => r.balance(c as Cell<number>))).toEqual({
      error: "#N/A",
      message: "O token foi recusado (401): conecte-se de novo no painel ValePix.",
    });
    expect(
      await ask(otherCompany, "en-US", (r, c) => r.distribution(id, "state", c as Cell<string>)),
    ).toEqual({
      error: "#N/A",
      message: "This token has no access to this data (403): ask the account's administrator for it.",
    });
    // A sandbox of one request a second, its clock stopped: the second question is a 429.
    const limitedEnv = await startWorkflowEnv({ rateLimit: 1 });
    try {
      const limited = createClient({ baseUrl: limitedEnv.sb.url, token: TOKEN_A, ...options });
      expect(await ask(limited, "pt-BR", (r, c) => r.balance(c as Cell<number>))).toBe(0);
      expect(
        await ask(limited, "pt-BR", (r, c) =>
          r.deposit("3f1c2b9e-0000-4000-8000-000000000000", null, c as Cell<string>),
        ),
      ).toEqual({
        error: "#N/A",
        message: "Limite de consultas da API atingido (429): aguarde um minuto e atualize.",
      });
    } finally {
      await limitedEnv.close();
    }
    expect(await ask(offline, "en-US", (r, c) => r.balance(c as Cell<number>))).toEqual({
      error: "#N/A",
      message: "The API cannot be reached: check the internet connection and refresh.",
    });
  });

  test("a failure is kept like an answer: 1,000 cells of a refused token make one request", async () => {
    env = await startWorkflowEnv({ revokedTokens: [{ token: "tok-revoked-0123456789", company: "acme" }] });
    let calls = 0;
    const revoked = createClient({
      baseUrl: env.sb.url,
      token: "tok-revoked-0123456789",
      timeoutMs: 5_000,
      onRequest: () => void calls++,
    });
    const r = runtime(() => Promise.resolve(revoked));
    const cells = Array.from({ length: 1_000 }, () => new Cell<number>());
    cells.forEach((c) => r.balance(c));
    await results(cells);
    const late = new Cell<number>();
    r.balance(late);
    await results([late]);
    expect(calls).toBe(1);
    expect([...cells, late].every((c) => (c.last as ErrorValue).error === "#N/A")).toBe(true);
  });
});

describe("live refresh", () => {
  test("a tick every 60 s while cells are subscribed; off is kept in the person's storage and stops it", async () => {
    env = await startWorkflowEnv();
    const { client } = env;
    const stored = new Map<string, string>();
    const storage = {
      getItem: (k: string) => Promise.resolve(stored.get(k) ?? null),
      setItem: (k: string, v: string) => Promise.resolve(void stored.set(k, v)),
      removeItem: (k: string) => Promise.resolve(void stored.delete(k)),
    };
    const r = runtime(() => Promise.resolve(client), { storage });
    await r.ready;
    expect(r.liveEnabled()).toBe(true);
    expect(r.timers.filter(Boolean)).toHaveLength(0); // nothing to refresh yet
    const cell = new Cell<number>();
    r.balance(cell);
    await results([cell]);
    const timer = r.timers.find(Boolean)!;
    expect(timer.ms).toBe(60_000);

    await fundBalance(on(), client, 2_500);
    const mark = on().sent.length;
    timer.tick();
    await results([cell], 2);
    expect(cell.last).toBe(25);
    expect(reads(on(), mark)).toHaveLength(1);

    await r.setLive(false);
    expect(stored.get(LIVE_SETTING_KEY)).toBe("off");
    expect(r.timers.filter(Boolean)).toHaveLength(0);
    // A new runtime (the add-in started again) reads the setting.
    const next = runtime(() => Promise.resolve(client), { storage });
    await next.ready;
    expect(next.liveEnabled()).toBe(false);

    // A cell whose formula is removed is no longer refreshed.
    await r.setLive(true);
    cell.onCanceled?.();
    expect(r.stats()).toMatchObject({ cells: 0, questions: 0 });
    const m2 = on().sent.length;
    await r.refresh();
    expect(on().sentSince(m2)).toHaveLength(0);
  });
});
