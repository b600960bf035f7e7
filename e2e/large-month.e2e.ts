/**
 * One month at 8,000+ rows, the whole way in the preview: the template of
 * every active employee, amounts for all of them, validate, send, review, fund the shortfall,
 * finalize; then the counts and totals in the sheet, the ledger and the API agree. The sandbox
 * keeps its default rate limit of 10 requests a second (sandbox/config.ts, SANDBOX_RATE_LIMIT):
 * the pane's reads and writes are paced as they are against the real API. The whole month took 2
 * to 3.5 minutes on a loaded 2-core machine (each step's time is in the log), small beside the
 * suite's 15, so CI runs it at that pace too.
 *
 * The amounts are filled as a finance person fills a large month: in the saved workbook, from
 * the payroll (here, the preview's own .xlsx reader and writer in Node), then opened again with
 * Open. Typing 16,000 cells through the grid would be a test of the grid, not of the month.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { DISTRIBUTE_WORDS } from "../src/features/distribute";
import { readXlsx, writeXlsx } from "../src/preview/xlsx";
import { type SheetSnapshot, a1, parseRange } from "../src/preview/snapshot";
import { formatBRL, formatCount, messagesFor } from "../src/ui/i18n";
import { LEDGER_HEADERS } from "../src/workbook/ledger";
import { ROW_STATE_TEXT } from "../src/workbook/status-rule";
import { ARTIFACTS, type World, apiGet, openPreview, startWorld } from "./harness";
import { finalizeFundingShortfall, saveWorkbook } from "./monthly-steps";
import { PreviewPage, until } from "./preview-page";

// Three times the slowest month seen (3.5 minutes) on a loaded machine.
jest.setTimeout(600_000);

/** Seeded employees: every 10th inactive and every 13th on leave (sandbox/seed.ts), 8,058 active. */
const SEEDED = 9_700;
const TABLE = "ValePix_Distribuicao";
const LEDGER_SHEET = "Histórico ValePix";
/** Rows left without amounts at the end of the table: never sent, never "Pronto". */
const LEFT_OUT = 3;
const MEAL = 660_00;
const FOOD = 450_00;
/** Every 400th employee gets a different food amount (an exception the draft holds per person). */
const FOOD_EXCEPTION = 300_00;

let world: World;
beforeAll(async () => {
  world = await startWorld({ seedEmployees: SEEDED, rateLimit: 10 });
});
afterAll(async () => {
  await world?.close();
});

/** A table's data rows in a saved workbook (0-based, as the snapshot's `a1` takes them). */
interface TableAt {
  sheet: SheetSnapshot;
  top: number;
  bottom: number;
  left: number;
  col: (header: string) => number;
}

function tableIn(sheets: SheetSnapshot[], name: string): TableAt {
  for (const sheet of sheets) {
    const table = sheet.tables.find((t) => t.name === name);
    if (!table) continue;
    const r = parseRange(table.ref);
    return {
      sheet,
      top: r.top + 1,
      bottom: r.bottom - (table.hasTotalsRow ? 1 : 0),
      left: r.left,
      col: (header) => {
        const i = table.columns.indexOf(header);
        if (i < 0) throw new Error(`${name} has no column ${header}: ${table.columns.join(", ")}`);
        return r.left + i;
      },
    };
  }
  throw new Error(`no table ${name}`);
}

it("pays one month of 8,000+ employees: every step, and the counts and totals agree", async () => {
  const started = Date.now();
  // How long each step took, in the log: where the time of a large month goes.
  let last = started;
  const step = (name: string) => {
    console.error(`large-month: ${name} in ${((Date.now() - last) / 1000).toFixed(1)} s`);
    last = Date.now();
  };
  const t = messagesFor("pt-BR");
  const d = DISTRIBUTE_WORDS["pt-BR"];
  const states = ROW_STATE_TEXT["pt-BR"];
  const { page, errors } = await openPreview(world, { lang: "pt-BR" });
  const p = new PreviewPage(page, "pt-BR", "large-month");
  const active = (await apiGet<{ total: number }>(world, "/employees?situation=active&page=1&limit=1")).total;
  expect(active).toBeGreaterThanOrEqual(8_000);

  // The template: one row per active employee.
  await p.pane.getByText(t.app.connectedAs({ label: "Sandbox (demo)" })).waitFor();
  await p.screen(t.app.tabDistribute);
  await p.pane.getByRole("button", { name: d.createTemplate }).click();
  // The step's count and time left, read every 15 s into the log while it works.
  const watch = setInterval(() => {
    void p.pane
      .getByRole("progressbar")
      .first()
      .evaluate((el) => el.closest("[role=status], section, div")?.textContent ?? "", undefined, {
        timeout: 2_000,
      })
      .then(
        (text) => console.error(`large-month: ${((Date.now() - last) / 1000).toFixed(0)} s: ${text}`),
        () => undefined,
      );
  }, 15_000);
  await p.message(d.templateCreated({ table: TABLE }), 120_000).finally(() => clearInterval(watch));
  step("template");
  const template = await saveWorkbook(p, "large-month-template.xlsx");

  // The amounts, filled in the file: meal and food for every row but the last three.
  const model = await readXlsx(toArrayBuffer(await readFile(template)));
  const at = tableIn(model.sheets, TABLE);
  expect(at.bottom - at.top + 1).toBe(active);
  const meal = at.col("Refeição");
  const food = at.col("Alimentação");
  let expectedCents = 0;
  const sent = active - LEFT_OUT;
  for (let row = at.top; row < at.top + sent; row++) {
    const i = row - at.top;
    const foodCents = i % 400 === 7 ? FOOD_EXCEPTION : FOOD;
    for (const [column, cents] of [
      [meal, MEAL],
      [food, foodCents],
    ] as const) {
      const address = a1(row, column);
      at.sheet.cells[address] = { ...at.sheet.cells[address], value: cents / 100 };
    }
    expectedCents += MEAL + foodCents;
  }
  const filled = path.join(ARTIFACTS, "large-month-filled.xlsx");
  await writeFile(filled, Buffer.from(await writeXlsx(model)));
  step("filled");
  await p.open(filled);
  await page.getByRole("tab", { name: at.sheet.name }).waitFor();
  await p.sheet(at.sheet.name);
  const total = await p.column("Total da linha");
  const statusColumn = await p.column("Status ValePix");
  const firstRow = at.top + 1;
  const lastRow = at.bottom + 1;

  // Validate: every row with amounts is ready, the last three are out, never "Pronto".
  await p.screen(t.app.tabDistribute);
  await p.pane.getByRole("combobox", { name: t.common.table }).selectOption(TABLE);
  await p.pane.getByRole("button", { name: d.validate, exact: true }).click();
  const summary = p.pane.getByTestId("summary");
  await summary.waitFor({ timeout: 120_000 });
  step("validated");
  await p.shot("validated");
  await until(() => p.shows(`${total}${firstRow}`), "R$ 1.110,00", 60_000);
  expect(await p.raw(`${statusColumn}${firstRow}`)).toBe(states.ready);
  for (let row = lastRow - LEFT_OUT + 1; row <= lastRow; row++)
    expect(await p.raw(`${statusColumn}${row}`)).toBe(states.empty);

  // Send, with its count and time left, then the review.
  await p.pane.getByRole("button", { name: d.send }).click();
  await p.pane.getByRole("progressbar").first().waitFor({ timeout: 30_000 });
  await p.pane.getByText(d.reviewMatches).waitFor({ timeout: 180_000 });
  const sentLine = nbsp(
    (await p.pane
      .getByRole("status")
      .filter({ hasText: /colaborador/ })
      .first()
      .textContent()) ?? "",
  );
  expect(sentLine).toContain(`${formatCount(sent, "pt-BR")} colaborador(es)`);
  expect(sentLine).toContain(brl(expectedCents));
  await p.pane.getByRole("button", { name: d.details }).click();
  const distributionId = (
    (await p.pane.getByTestId("sent-details").locator("dd").first().textContent()) ?? ""
  ).trim();
  expect(distributionId).toMatch(/^\S+$/);
  step("sent");
  await p.shot("review");

  // Fund the shortfall by PIX and finalize from the balance.
  errors.push(...(await finalizeFundingShortfall(p)));
  step("funded and finalized");
  const result = nbsp((await p.pane.getByTestId("result").textContent()) ?? "");
  expect(result).toBe(
    `${d.result({ status: d.statuses.completed! })} ${d.resultTotals({ employees: formatCount(sent, "pt-BR"), total: brl(expectedCents) })}`,
  );
  await p.shot("finalized");

  // What the server holds.
  const dist = await apiGet<{ status: string; total_employees: number; total_amount: number }>(
    world,
    `/distributions/${distributionId}`,
  );
  expect(dist).toMatchObject({ status: "completed", total_employees: sent, total_amount: expectedCents });

  // What the workbook holds, read from the saved file: every sent row paid, the rest out, and
  // the ledger one row per employee and product, adding up to the total.
  const saved = await readXlsx(toArrayBuffer(await readFile(await saveWorkbook(p, "large-month-paid.xlsx"))));
  const paid = tableIn(saved.sheets, TABLE);
  const status = paid.col("Status ValePix");
  const statuses = Array.from({ length: active }, (_, i) =>
    String(paid.sheet.cells[a1(paid.top + i, status)]?.value ?? ""),
  );
  expect(statuses.slice(0, sent).filter((s) => /^Pago em \d\d\/\d\d\/\d{4} · /.test(s))).toHaveLength(sent);
  expect(statuses.slice(sent)).toEqual(Array.from({ length: LEFT_OUT }, () => states.empty));
  // The sheet's own totals: every row's total, and the totals row's sum of them.
  const rowTotal = paid.col("Total da linha");
  let sheetCents = 0;
  let rowsWithTotal = 0;
  for (let row = paid.top; row <= paid.bottom; row++) {
    const cents = Math.round(Number(paid.sheet.cells[a1(row, rowTotal)]?.value ?? 0) * 100);
    sheetCents += cents;
    if (cents > 0) rowsWithTotal++;
  }
  expect(rowsWithTotal).toBe(sent);
  expect(sheetCents).toBe(expectedCents);
  expect(Math.round(Number(paid.sheet.cells[a1(paid.bottom + 1, rowTotal)]?.value) * 100)).toBe(
    expectedCents,
  );
  const ledgerSheet = saved.sheets.find((s) => s.name === LEDGER_SHEET);
  expect(ledgerSheet).toBeDefined();
  const ledger = tableIn([ledgerSheet!], ledgerSheet!.tables[0]!.name);
  const h = LEDGER_HEADERS["pt-BR"];
  const ids = ledger.col(h.distributionId);
  const amounts = ledger.col(h.amount);
  let rows = 0;
  let ledgerCents = 0;
  for (let row = ledger.top; row <= ledger.bottom; row++) {
    if (ledger.sheet.cells[a1(row, ids)]?.value !== distributionId) continue;
    rows++;
    ledgerCents += Math.round(Number(ledger.sheet.cells[a1(row, amounts)]?.value) * 100);
  }
  expect(rows).toBe(sent * 2);
  expect(ledgerCents).toBe(expectedCents);

  expect(errors).toEqual([]);
  await page.close();
  console.error(`large-month: ${active} active employees, ${((Date.now() - started) / 1000).toFixed(0)} s`);
});

const nbsp = (s: string) => s.replace(/\s/g, " ");
const brl = (cents: number) => nbsp(formatBRL(cents, "pt-BR"));
const toArrayBuffer = (b: Buffer): ArrayBuffer =>
  b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
