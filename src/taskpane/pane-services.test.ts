/**
 * The pane's real services against the sandbox over loopback: the same path a user takes from
 * the Connection screen to the workflows (token store → client → API → workbook).
 */
import { PIX_DELAY, TOKEN_A, startTestSandbox } from "../../sandbox/test-harness";
import { newWorkbook } from "../features/testing/workflows-env";
import { AuthenticationError } from "../api";
import { createServices } from "./pane-services";
import { MemoryTokenStore, MemoryUserStorage } from "../api/testing/memory-storage";

// Loopback HTTP on a shared, busy machine: a generous bound (this is not a speed test).
jest.setTimeout(60_000);

describe("createServices over the sandbox", () => {
  let sb: Awaited<ReturnType<typeof startTestSandbox>>["sb"];
  beforeAll(async () => {
    ({ sb } = await startTestSandbox());
  });
  afterAll(() => sb.close());

  it("connects, shows the balance, pulls products into the workbook, and words a bad token as 401", async () => {
    const tokens = new MemoryTokenStore();
    const workbook = newWorkbook();
    const services = createServices({ userStorage: new MemoryUserStorage(), tokenStore: tokens, workbook });
    const saved = await services.connections.save({
      label: "Sandbox",
      environment: "sandbox",
      baseUrl: sb.url,
      persistence: "session",
      token: TOKEN_A,
    });
    const { availableCents } = await services.connections.test(saved.id, new AbortController().signal);
    expect(Number.isSafeInteger(availableCents)).toBe(true);
    expect(await services.fund!.balance(new AbortController().signal)).toBe(availableCents);

    const progress: string[] = [];
    const run = {
      signal: new AbortController().signal,
      onProgress: (p: { phase: string }) => progress.push(p.phase),
    };
    const pulled = await services.data!.pull("products", {}, run);
    const table = await workbook.getTable(pulled.table);
    expect(table?.rowCount).toBe(pulled.added);
    expect(pulled.added).toBeGreaterThan(0);

    await services.connections.save({ ...saved, token: "tok_not_valid_123" });
    await expect(services.fund!.balance(new AbortController().signal)).rejects.toBeInstanceOf(
      AuthenticationError,
    );
  });
});

describe("mode batch through the adapter", () => {
  it("sends a value for all to the employees the API picks, reviews them in a table, and finalizes", async () => {
    const { sb, clock } = await startTestSandbox();
    try {
      const workbook = newWorkbook();
      const services = createServices({
        userStorage: new MemoryUserStorage(),
        tokenStore: new MemoryTokenStore(),
        workbook,
        client: {
          sleep: (ms) => {
            clock.advance(ms);
            return Promise.resolve();
          },
          now: clock.now,
        },
      });
      await services.connections.save({
        label: "Sandbox",
        environment: "sandbox",
        baseUrl: sb.url,
        persistence: "session",
        token: TOKEN_A,
      });
      const run = { signal: new AbortController().signal, onProgress: () => {} };
      const charge = await services.fund!.createCharge(
        { amountCents: 1_000_000, payer: { name: "Financeiro Acme", document: "11222333000181" } },
        run.signal,
      );
      clock.advance(PIX_DELAY);
      await services.fund!.followCharge(charge.transactionId, { ...run, onCharge: () => {} });
      const products = (await services.distribute!.mapping(await templateTable(services))).products;
      const ref = products[0]!.id;

      const sent = await services.distribute!.send(
        { table: "", mode: "batch", values: { [ref]: 12_345 } },
        run,
      );
      expect(sent.mode).toBe("batch");
      expect(sent.review.matches).toBe(true);
      expect(sent.totalCents).toBe(12_345 * sent.totalEmployees);
      expect(sent.reviewTable).toBeDefined();
      expect((await workbook.getTable(sent.reviewTable!))?.rowCount).toBe(sent.totalEmployees);
      expect(sent.review.sincePrevious).toBeUndefined();
      // Check again: the same values against the items read now (batch has no sheet to compare).
      const again = await services.distribute!.review("", sent.distributionId, run);
      expect(again).toMatchObject({ matches: true, draftTotalCents: sent.totalCents });

      const done = await services.distribute!.finalize(
        {
          table: "",
          distributionId: sent.distributionId,
          body: { payment_method: "BALANCE", scheduled_for: null },
          confirmRepeat: false,
        },
        run,
      );
      expect(done).toMatchObject({ status: "completed", totalCents: sent.totalCents, finalizedNow: true });
      const log = await services.activity!.runLog();
      expect(log[0]).toMatchObject({
        mode: "batch",
        distributionId: sent.distributionId,
        state: "completed",
      });

      // Next month, R$ 1,00 more for everyone: what changed since the last finalized batch.
      const next = await services.distribute!.send(
        { table: "", mode: "batch", values: { [ref]: 12_445 } },
        run,
      );
      expect(next.review.sincePrevious).toEqual({
        distributionId: sent.distributionId,
        newEmployees: 0,
        droppedEmployees: 0,
        changedAmounts: sent.totalEmployees,
        totalDeltaCents: 100 * sent.totalEmployees,
      });
    } finally {
      await sb.close();
    }
  });
});

/** The template table (it also loads the directory the mapping needs). */
async function templateTable(services: ReturnType<typeof createServices>): Promise<string> {
  return (await services.distribute!.createTemplate(new AbortController().signal)).name;
}
