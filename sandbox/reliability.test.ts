/* eslint-disable @typescript-eslint/no-unsafe-member-access -- response bodies are inspected loosely; contract.test.ts checks their types through the client */
import { FaultInjector, RateLimiter } from "./faults";
import { TOKEN_A, TOKEN_B, type Harness, depositBody, harness } from "./test-harness";

const open: Harness[] = [];
async function make(...args: Parameters<typeof harness>): Promise<Harness> {
  const h = await harness(...args);
  open.push(h);
  return h;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

const depositCount = async (h: Harness) =>
  (await h.call("GET", "/transactions?type=DEPOSIT")).body.total as number;

describe("call-rate limit (token bucket on the injected clock)", () => {
  it("answers 429 rate_limited with Retry-After past the limit", async () => {
    const h = await make({ rateLimit: 2 });
    await h.call("GET", "/balances");
    await h.call("GET", "/balances");
    const limited = await h.call("GET", "/balances");
    expect([limited.status, limited.headers["retry-after"], limited.body.error.code]).toEqual([
      429,
      "1",
      "rate_limited",
    ]);
  });

  it("keeps one bucket per token", async () => {
    const h = await make({ rateLimit: 1 });
    await h.call("GET", "/balances");
    expect((await h.call("GET", "/balances")).status).toBe(429);
    expect((await h.call("GET", "/balances", { token: TOKEN_B })).status).toBe(200);
  });

  it("recovers as time passes on the injected clock", async () => {
    const h = await make({ rateLimit: 2 });
    for (let i = 0; i < 3; i++) await h.call("GET", "/balances");
    h.clock.advance(500); // one call refilled
    expect((await h.call("GET", "/balances")).status).toBe(200);
    expect((await h.call("GET", "/balances")).status).toBe(429);
  });

  it("refuses calls without a valid token (401) before they could spend a bucket", async () => {
    const h = await make({ rateLimit: 1 });
    expect((await h.call("GET", "/balances", { token: null })).status).toBe(401);
    expect((await h.call("GET", "/balances")).status).toBe(200);
  });

  it("computes waits from the refill rate", () => {
    let t = 0;
    const rl = new RateLimiter(0.5, () => t); // one call every 2 s
    expect(rl.take("k")).toBe(0);
    expect(rl.take("k")).toBe(2);
    t = 1999;
    expect(rl.take("k")).toBe(1);
    t = 2000;
    expect(rl.take("k")).toBe(0);
  });
});

describe("fault injection", () => {
  it("before: 503 and nothing applied", async () => {
    const h = await make({ faults: { rate: 1, kinds: ["before"], seed: 1 } });
    const r = await h.call("POST", "/deposits", { body: depositBody(100) });
    expect(r.status).toBe(503);
    expect(r.body.error.request_id).toBe(r.headers["x-request-id"]);
    expect(await depositCount(h)).toBe(0);
  });

  it("before: reads are not faulted", async () => {
    const h = await make({ faults: { rate: 1, kinds: ["before"], seed: 1 } });
    expect((await h.call("GET", "/balances")).status).toBe(200);
  });

  it("after: applied, then a 500", async () => {
    const h = await make({ faults: { rate: 1, kinds: ["after"], seed: 1 } });
    const r = await h.call("POST", "/distributions", { body: { type: "batch" } });
    expect([r.status, r.body.error.code]).toEqual([500, "internal_error"]);
    const created = h.app.sandbox.store.db.prepare("SELECT COUNT(*) AS n FROM distributions").get() as {
      n: number;
    };
    expect(created.n).toBe(1);
  });

  it("after: a request refused by validation keeps its own 400", async () => {
    const h = await make({ faults: { rate: 1, kinds: ["after"], seed: 1 } });
    expect((await h.call("POST", "/distributions", { body: { type: "x" } })).status).toBe(400);
  });

  it("slow: waits slowMs (the client gives up), then applies and answers normally", async () => {
    const waits: number[] = [];
    const server: { onWait?: () => void } = {};
    const h = await make({
      faults: { rate: 1, kinds: ["slow"], slowMs: 40, seed: 1 },
      sleep: (ms) => {
        waits.push(ms);
        server.onWait?.();
        return new Promise((r) => setTimeout(r, ms));
      },
    });
    const aborted = await h
      .call("POST", "/deposits", { body: depositBody(100), headers: {} })
      .then((r) => r.status);
    expect(aborted).toBe(201);
    expect(waits).toEqual([40]);
    // With a client timeout shorter than slowMs the call is lost but the deposit exists.
    // Given up once the server holds the call (a fixed delay could abort it before it is sent).
    const ctrl = new AbortController();
    server.onWait = () => ctrl.abort();
    await expect(
      fetch(`${h.url}/api/v1/valepix/deposits`, {
        method: "POST",
        signal: ctrl.signal,
        headers: { authorization: `Bearer ${TOKEN_A}`, "content-type": "application/json" },
        body: JSON.stringify(depositBody(200)),
      }),
    ).rejects.toThrow();
    // The server finishes the lost call on its own time: wait for the condition, not a fixed
    // sleep (a busy machine can take longer than slowMs to get there).
    const deadline = Date.now() + 10_000;
    while ((await depositCount(h)) < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await depositCount(h)).toBe(2);
  });

  it("burst: 429 with Retry-After for a run of calls, reads included", async () => {
    const h = await make({ faults: { rate: 1, kinds: ["burst"], burstLength: 3, seed: 1 } });
    const first = await h.call("POST", "/deposits", { body: depositBody(100) });
    expect(first.status).toBe(429);
    expect(first.headers["retry-after"]).toBe("1");
    expect((await h.call("GET", "/balances")).status).toBe(429);
    expect((await h.call("GET", "/balances")).status).toBe(429);
    expect((await h.call("GET", "/balances")).status).toBe(200);
    expect(await depositCount(h)).toBe(0);
  });

  it("latency: waits latencyMs, then applies and answers normally; faults met are counted", async () => {
    const waits: number[] = [];
    const h = await make({
      faults: { rate: 1, kinds: ["latency"], latencyMs: 30, seed: 1 },
      sleep: (ms) => (waits.push(ms), Promise.resolve()),
    });
    expect((await h.call("POST", "/deposits", { body: depositBody(100) })).status).toBe(201);
    expect((await h.call("GET", "/balances")).status).toBe(200);
    expect(waits).toEqual([30]);
    expect(await depositCount(h)).toBe(1);
    expect(h.app.sandbox.faults?.met).toEqual({ before: 0, after: 0, slow: 0, burst: 0, latency: 1 });
  });

  it("the totals every change answers are kept exactly as items and values change", async () => {
    const h = await make();
    const created = await h.call("POST", "/distributions", { body: { type: "selected" } });
    const id = created.body.distribution_id as string;
    const employees = (await h.call("GET", "/employees?limit=100&situation=active")).body.data as {
      employee_id: string;
    }[];
    const [a, b, c] = employees.map((e) => e.employee_id);
    const products = (await h.call("GET", "/products?limit=100")).body.data as { id: string }[];
    const [p, q] = products.map((x) => x.id);
    const totals = (r: { body: { total_employees: number; total_amount: number } }) => [
      r.body.total_employees,
      r.body.total_amount,
    ];
    expect(
      totals(await h.call("POST", `/distributions/${id}/items`, { body: { employee_ids: [a, b, c, a] } })),
    ).toEqual([3, 0]);
    expect(
      totals(
        await h.call("PUT", `/distributions/${id}/items/value`, { body: { product_id: p, value: 1000 } }),
      ),
    ).toEqual([3, 3000]);
    expect(
      totals(
        await h.call("PUT", `/distributions/${id}/items/${b}/value`, { body: { product_id: p, value: 250 } }),
      ),
    ).toEqual([3, 2250]);
    expect(
      totals(
        await h.call("PUT", `/distributions/${id}/items/${c}/value`, { body: { product_id: q, value: 5 } }),
      ),
    ).toEqual([3, 2255]);
    expect(
      totals(
        await h.call("PUT", `/distributions/${id}/items/${a}/value`, { body: { product_id: p, value: 0 } }),
      ),
    ).toEqual([3, 1255]);
    expect(
      totals(await h.call("POST", `/distributions/${id}/items/remove`, { body: { employee_ids: [c] } })),
    ).toEqual([2, 250]);
    expect(
      totals(await h.call("PUT", `/distributions/${id}/items/value`, { body: { product_id: p, value: 0 } })),
    ).toEqual([2, 0]);
    // A refused change (404: not an item) changes no total.
    expect(
      (await h.call("PUT", `/distributions/${id}/items/${c}/value`, { body: { product_id: p, value: 9 } }))
        .status,
    ).toBe(404);
    expect(totals(await h.call("GET", `/distributions/${id}`))).toEqual([2, 0]);
  });

  it("draws the same faults from the same seed, at about the configured rate", () => {
    const seq = (seed: number) => {
      const f = new FaultInjector({ rate: 0.3, seed });
      return Array.from({ length: 1000 }, () => f.draw("k") ?? "-");
    };
    const a = seq(42);
    expect(seq(42)).toEqual(a);
    expect(seq(43)).not.toEqual(a);
    const faulted = a.filter((k) => k !== "-");
    expect(faulted.length).toBeGreaterThan(240);
    expect(faulted.length).toBeLessThan(360);
    expect(new Set(faulted)).toEqual(new Set(["before", "after", "slow"]));
    expect(() => new FaultInjector({ rate: 1.5 })).toThrow(RangeError);
  });

  it("adds latency to every call", async () => {
    const waits: number[] = [];
    const h = await make({ latencyMs: 25, sleep: (ms) => (waits.push(ms), Promise.resolve()) });
    await h.call("GET", "/balances");
    await h.call("POST", "/deposits", { body: depositBody(100) });
    expect(waits).toEqual([25, 25]);
  });
});
