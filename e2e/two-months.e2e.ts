/**
 * The sheet as the finance team's record, over two months on one workbook: month one
 * paid; the saved .xlsx opened again; month two validated and paid with one row changed and one
 * left out. After each step the status cells, the ledger and Activity answer "who was paid what,
 * when?": a paid row keeps its record until a later send changes it, a row left out is never
 * "Pronto", the ledger holds one row per paid amount, and Activity one entry per distribution.
 */
import { messagesFor } from "../src/ui/i18n";
import { DISTRIBUTE_WORDS } from "../src/features/distribute";
import { LEDGER_HEADERS } from "../src/workbook/ledger";
import { ROW_STATE_TEXT } from "../src/workbook/status-rule";
import { type World, openPreview, startWorld } from "./harness";
import { finalizeFundingShortfall, monthlyDistribution, saveWorkbook } from "./monthly-steps";
import { PreviewPage, until } from "./preview-page";

jest.setTimeout(300_000);

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

const PAID = /^Pago em \d\d\/\d\d\/\d{4} · Distribuição de /;
const LEDGER_SHEET = "Histórico ValePix";

it("keeps who was paid what, and when, over two months on one workbook", async () => {
  const t = messagesFor("pt-BR");
  const d = DISTRIBUTE_WORDS["pt-BR"];
  const states = ROW_STATE_TEXT["pt-BR"];
  const { page, errors } = await openPreview(world, { lang: "pt-BR" });
  const p = new PreviewPage(page, "pt-BR", "two-months");

  // Month one: rows 2 to 4 paid (row 2: 660 + 450, row 3: 660, row 4: 450,50 + 1.200,00).
  const one = await monthlyDistribution(p);
  const { ref, ali, status } = one.columns;
  const message = await p.column("Mensagem ValePix");
  const november = await saveWorkbook(p, "two-months-november.xlsx");

  // The saved file, opened again: the record is in the cells, not in the pane's memory.
  await p.open(november);
  await page.getByRole("tab", { name: one.sheet }).waitFor();
  await p.sheet(one.sheet);
  // Month one ended by validating the same sheet again (the double payment the pane blocked):
  // rows that would be sent again are "Pronto", and still say when they were last paid.
  for (const row of [2, 3, 4]) {
    expect(await p.raw(`${status}${row}`)).toBe(states.ready);
    expect(await p.raw(`${message}${row}`)).toMatch(/^Último pagamento: Pago em \d\d\/\d\d\/\d{4} · /);
  }
  expect(await p.raw(`${status}5`)).toBe(states.empty);

  // Month two: row 2's meal amount changes, row 3 stays, row 4 is left out (its amounts cleared).
  await p.type(`${ref}2`, "700");
  await p.type(`${ref}4`, "");
  await p.type(`${ali}4`, "");
  await p.screen(t.app.tabDistribute);
  await p.pane.getByRole("combobox", { name: t.common.table }).selectOption(one.table);
  await p.pane.getByRole("button", { name: d.validate, exact: true }).click();
  // Validation: "Pronto" only for the rows that will be sent; the row left out keeps last month's
  // record and says it is out; a row that never had amounts says so.
  await until(() => p.raw(`${status}2`), states.ready, 30_000);
  expect(await p.raw(`${status}3`)).toBe(states.ready);
  expect(await p.raw(`${message}3`)).toMatch(/^Último pagamento: Pago em /);
  expect(await p.raw(`${status}4`)).toMatch(PAID);
  expect(await p.raw(`${message}4`)).toBe("Sem valores nesta tabela: fica fora da próxima distribuição");
  for (const row of [5, 6, 7]) expect(await p.raw(`${status}${row}`)).toBe(states.empty);
  await p.shot("month-two-validated");

  // Send, review, fund the shortfall and finalize from the balance.
  await p.pane.getByRole("button", { name: d.send }).click();
  await p.pane.getByText(d.reviewMatches).waitFor({ timeout: 60_000 });
  errors.push(...(await finalizeFundingShortfall(p)));

  // The rows of month two are paid by month two's distribution; row 4 keeps month one's record.
  await p.sheet(one.sheet);
  for (const row of [2, 3]) {
    expect(await p.raw(`${status}${row}`)).toMatch(PAID);
    expect(await p.raw(`${message}${row}`)).not.toContain(one.distributionId);
  }
  const monthTwo = /pagos na distribuição (\S+)$/.exec(await p.raw(`${message}2`))?.[1] ?? "";
  expect(monthTwo).not.toBe("");
  expect(await p.raw(`${message}3`)).toContain(monthTwo);
  expect(await p.raw(`${status}4`)).toMatch(PAID);
  expect(await p.raw(`${message}4`)).toBe("Sem valores nesta tabela: fica fora da próxima distribuição");
  for (const row of [5, 6, 7]) expect(await p.raw(`${status}${row}`)).not.toBe(states.ready);
  await p.shot("month-two-paid");

  // The ledger: one row per employee and product paid, 5 in month one and 3 in month two.
  await p.sheet(LEDGER_SHEET);
  const h = LEDGER_HEADERS["pt-BR"];
  const idColumn = await p.column(h.distributionId);
  const amountColumn = await p.column(h.amount);
  const ids: string[] = [];
  for (let row = 2; row <= 10; row++) ids.push(await p.raw(`${idColumn}${row}`));
  expect(ids.filter((id) => id === one.distributionId)).toHaveLength(5);
  expect(ids.filter((id) => id === monthTwo)).toHaveLength(3);
  expect(ids[8]).toBe("");
  // Amounts are currency cells: what month two paid row 2 for meals.
  const amounts: string[] = [];
  for (let row = 2; row <= 9; row++) amounts.push(await p.shows(`${amountColumn}${row}`));
  expect(amounts).toContain("R$ 700,00");
  await p.shot("ledger");

  // Activity: one entry per distribution, each with its id, no "creating" placeholder.
  await p.screen(t.app.tabActivity);
  const entries = p.pane.getByRole("listitem").filter({ hasText: one.table });
  await entries.first().waitFor();
  const texts = await entries.allTextContents();
  expect(texts.filter((x) => x.includes(one.distributionId))).toHaveLength(1);
  expect(texts.filter((x) => x.includes(monthTwo))).toHaveLength(1);
  expect(texts.join("\n")).not.toMatch(/pending-|creating/);
  await p.shot("activity-two-months");
  expect(errors).toEqual([]);
  await page.close();
});
