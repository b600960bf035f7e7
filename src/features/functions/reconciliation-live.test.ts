/**
 * The reconciliation sheet alive: built in a Brazilian workbook of the fake Excel whose VALEPIX
 * functions run the real runtime against the sandbox, the sheet's formulas compute from the
 * spilled transactions, a person changes the month, and a deposit moves the balance at the next
 * refresh. The chart plots the six months' cells.
 */
import { collectAll, type ValePixClient } from "../../api";
import { fundBalance, startWorkflowEnv, type WorkflowEnv } from "../testing/workflows-env";
import { hostFunctions, libraryErrors } from "../testing/functions-host";
import { createMemoryWorkbook } from "../../excel/memory-workbook";
import { FunctionsRuntime } from "./adapter";
import { buildReconciliationSheet } from "./reconciliation-sheet";

jest.setTimeout(60_000);

let env: WorkflowEnv | undefined;
let runtime: FunctionsRuntime<unknown> | undefined;
afterEach(async () => {
  runtime?.dispose();
  await env?.close();
});

async function distribute(client: ValePixClient, cents: number): Promise<string> {
  const [employee] = await collectAll(client.employees.list({ situation: "active" }), { max: 1_000 });
  const [product] = await collectAll(client.products.list(), { max: 100 });
  const d = await client.distributions.create({ type: "selected" });
  await client.distributions.addItems(d.distribution_id, [employee!.employee_id]);
  await client.distributions.setValueForAll(d.distribution_id, { product_id: product!.id, value: cents });
  await client.distributions.finalize(d.distribution_id, { payment_method: "BALANCE" });
  return d.distribution_id;
}

/** Waits (loopback HTTP, real time) until no cell of the list reads #BUSY!. */
async function settled(read: () => unknown[]): Promise<void> {
  for (let i = 0; i < 2_000; i++) {
    if (!read().includes("#BUSY!")) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`still busy: ${JSON.stringify(read())}`);
}

test("balance, the month's deposits and distributions, the difference and the chart compute from the API", async () => {
  env = await startWorkflowEnv();
  const { client } = env;
  await fundBalance(env, client, 100_000);
  await distribute(client, 30_000);
  runtime = new FunctionsRuntime<unknown>({
    api: () => Promise.resolve(client),
    locale: "pt-BR",
    makeError: await libraryErrors(),
    setInterval: () => 0,
    clearInterval: () => undefined,
  });
  const wb = createMemoryWorkbook();
  await hostFunctions(wb.excel, runtime);
  const sheet = "Conciliação ValePix";
  await buildReconciliationSheet(wb, wb.formulaSheet(), "pt-BR");
  // The sandbox's clock is in January 2026: the person types that month into B2, as the sheet says.
  wb.typeCell(sheet, "B2", "=DATA(2026;1;1)");
  const v = (a1: string) => wb.excel.cell(sheet, a1);
  const cells = ["B4", "B5", "B6", "B7", "B8", "B9", "B10", "C10", "N1", "O2"];
  await settled(() => cells.map(v));
  expect(cells.map(v)).toEqual([700, 1000, 300, 1000, 300, 700, 0, "Confere", "Data", "DEPOSIT"]);
  // The six months the chart plots end with January 2026's deposits and distributions.
  const [chart] = wb.excel.charts(sheet);
  expect(chart).toMatchObject({ type: "ColumnClustered", source: `${sheet}!A14:C20` });
  expect([v("B20"), v("C20"), v("B19")]).toEqual([1000, 300, 0]);

  // A deposit: the next refresh moves the balance and the month's deposits, and the difference stays 0.
  await fundBalance(env, client, 5_000);
  await runtime.refresh();
  // The refreshed results reach Excel when office.js sends them (batched, a sync at a time).
  const refreshed = () => ["B4", "B5", "B10", "C10"].map(v);
  for (let i = 0; i < 400 && refreshed()[0] !== 750; i++) await new Promise((r) => setTimeout(r, 10));
  await settled(() => cells.map(v));
  expect(refreshed()).toEqual([750, 1050, 0, "Confere"]);
});
