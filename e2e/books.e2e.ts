/**
 * The books over two months, as finance does them: a table with cost centres paid in October and
 * again in November (the page's clock set to each month; the sandbox dates the deposits now), then
 * each month booked from Contabilização: the accounts filled in once, the entries balanced to the
 * cent and equal to what the API reports, the PivotTable's cost-centre totals equal to the
 * ledger's, a month booked twice leaving one set of lines, and no cost centre in any request.
 */
import { messagesFor } from "../src/ui/i18n";
import { DISTRIBUTE_WORDS } from "../src/features/distribute";
import { ROW_STATE_TEXT } from "../src/workbook/status-rule";
import { type World, apiGet, fundBalance, openPreview, startWorld } from "./harness";
import { PreviewPage, until } from "./preview-page";

jest.setTimeout(300_000);

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

const BOOKS = {
  title: "Contabilização",
  book: "Contabilizar o mês",
  accounts: "Abrir a tabela de contas",
  month: "Mês",
};

/** Validates, sends and finalizes the table from the balance. */
async function payTable(p: PreviewPage, status: string, withoutCostCentre: number): Promise<void> {
  const d = DISTRIBUTE_WORDS["pt-BR"];
  const { pane } = p;
  await pane.getByRole("button", { name: d.validate, exact: true }).click();
  await until(() => p.raw(`${status}2`), ROW_STATE_TEXT["pt-BR"].ready, 30_000);
  // The review counts the rows paid without a cost centre (booked to "(sem centro de custo)").
  const summary = pane.getByTestId("summary");
  if (withoutCostCentre > 0) await summary.getByText(d.withoutCostCentre).waitFor();
  else expect(await summary.getByText(d.withoutCostCentre).count()).toBe(0);
  await pane.getByRole("button", { name: d.send }).click();
  await pane.getByText(d.reviewMatches).waitFor({ timeout: 60_000 });
  const form = pane.getByRole("form", { name: d.finalizeTitle });
  await form.getByRole("radio", { name: d.methods.BALANCE, exact: true }).check();
  await form.getByRole("button", { name: d.toConfirm }).click();
  await pane
    .getByRole("region", { name: d.confirmTitle })
    .getByRole("button", { name: d.confirmPay })
    .click();
  await pane.getByTestId("result").waitFor({ timeout: 60_000 });
  expect(await pane.getByTestId("result").textContent()).toContain(`${d.statuses.completed}.`);
}

/** A number as the formula bar shows it ("450,5" in pt-BR), in cents; 0 when blank. */
const cents = (text: string): number => (text === "" ? 0 : Math.round(Number(text.replace(",", ".")) * 100));

/** A table's rows on its sheet from row 2 down to the first blank one, the given columns. */
async function tableRows(p: PreviewPage, sheet: string, columns: string[]): Promise<string[][]> {
  await p.sheet(sheet);
  const rows: string[][] = [];
  for (let row = 2; row < 200 && (await p.raw(`A${row}`)) !== ""; row++) {
    const cells: string[] = [];
    // One cell at a time: each read moves the name box.
    for (const column of columns) cells.push(await p.raw(`${column}${row}`));
    rows.push(cells);
  }
  return rows;
}

/** The PivotTable's total per row label ("1010 Vendas" → cents), read from its body on the sheet. */
async function pivotTotals(p: PreviewPage, sheet: string): Promise<Map<string, number>> {
  await p.sheet(sheet);
  let header = 0;
  for (let row = 1; row < 10 && header === 0; row++)
    if ((await p.raw(`A${row}`)) === "Rótulos de Linha") header = row;
  expect(header).toBeGreaterThan(0);
  const letters = "ABCDEFGHIJ".split("");
  let last = 0;
  while ((await p.raw(`${letters[last + 1]}${header}`)) !== "") last++;
  expect(await p.raw(`${letters[last]}${header}`)).toBe("Total Geral");
  const totals = new Map<string, number>();
  for (let row = header + 1; ; row++) {
    const label = await p.raw(`A${row}`);
    totals.set(label, cents(await p.raw(`${letters[last]}${row}`)));
    if (label === "Total Geral" || label === "") break;
  }
  return totals;
}

it("books two months with cost centres: balanced, equal to the API, once; the pivot agrees", async () => {
  const t = messagesFor("pt-BR");
  const d = DISTRIBUTE_WORDS["pt-BR"];
  await fundBalance(world, 100_000_00);
  const { page, errors } = await openPreview(world, { lang: "pt-BR", clock: new Date(2026, 9, 15, 10, 0) });
  const p = new PreviewPage(page, "pt-BR", "books");
  const { pane } = p;

  // October: the template has a cost-centre column; two rows with one, one without.
  await pane.getByText(t.app.connectedAs({ label: "Sandbox (demo)" })).waitFor();
  await p.screen(t.app.tabDistribute);
  await pane.getByRole("button", { name: d.createTemplate }).click();
  await p.message(d.templateCreated({ table: "ValePix_Distribuicao" }));
  const cc = await p.column("Centro de custo");
  const ref = await p.column("Refeição");
  const ali = await p.column("Alimentação");
  const status = await p.column("Status ValePix");
  await p.type(`${cc}2`, "1010 Vendas");
  await p.type(`${ref}2`, "660");
  await p.type(`${ali}2`, "450");
  await p.type(`${cc}3`, "2020 Fábrica");
  await p.type(`${ref}3`, "660");
  await p.type(`${ref}4`, "450,50");
  await payTable(p, status, 1);
  await p.shot("october-paid");

  // November: Ana moves to the factory, the third row gets a cost centre.
  await page.clock.setSystemTime(new Date(2026, 10, 16, 10, 0));
  await p.type(`${cc}2`, "2020 Fábrica");
  await p.type(`${cc}4`, "1010 Vendas");
  await p.type(`${ref}3`, "700");
  await pane.getByRole("button", { name: d.again }).click();
  await payTable(p, status, 0);

  // Book October: the first time asks for the accounts, in a table made for them.
  await p.screen(t.app.tabData);
  const books = pane.getByTestId("books");
  await books.getByRole("heading", { name: BOOKS.title }).scrollIntoViewIfNeeded();
  await books.getByLabel(BOOKS.month).selectOption("2026-10");
  await books.getByRole("button", { name: BOOKS.book }).click();
  await p.message(/Falta a conta contábil de/);
  await p.sheet("Contas contábeis");
  for (let row = 2; row <= 10; row++) {
    const key = await p.raw(`A${row}`);
    if (key === "") break;
    await p.type(`C${row}`, key === "balance" ? "1.1.3.01" : key === "bank" ? "1.1.1.02" : `3.1.0${row}`);
  }
  await p.shot("accounts");
  await books.getByRole("button", { name: BOOKS.book }).click();
  await p.message(/^outubro de 2026: contabilizado/);
  await books.getByLabel(BOOKS.month).selectOption("2026-11");
  await books.getByRole("button", { name: BOOKS.book }).click();
  await p.message(/^novembro de 2026: contabilizado/);
  // November again: its lines replaced, not added.
  await books.getByRole("button", { name: BOOKS.book }).click();
  await p.message(/^novembro de 2026: contabilizado/);
  await books.getByTestId("books-result").waitFor();
  await p.shot("booked");

  // The entries, read as the finance person does, against the API: columns B (month), D and E
  // (debit, credit), F (cost centre), I (distribution), K (origin).
  const lines = await tableRows(p, "Lançamentos contábeis", ["B", "D", "E", "F", "I", "K"]);
  const ids = [...new Set(lines.map((r) => r[4]!).filter((id) => id !== ""))];
  expect(ids).toHaveLength(2);
  expect(new Set(lines.filter((r) => r[4] !== "").map((r) => r[0]))).toEqual(new Set(["2026-10", "2026-11"]));
  for (const id of ids) {
    const own = lines.filter((r) => r[4] === id);
    const debit = own.reduce((s, r) => s + cents(r[1]!), 0);
    expect(debit).toBe(own.reduce((s, r) => s + cents(r[2]!), 0));
    expect(debit).toBe((await apiGet<{ total_amount: number }>(world, `/distributions/${id}`)).total_amount);
  }
  const deposits = await apiGet<{ data: Array<{ amount: number; status?: string; created_at?: string }> }>(
    world,
    "/transactions?type=DEPOSIT&limit=1000",
  );
  const completed = deposits.data.filter((x) => x.status === "COMPLETED" && x.amount > 0);
  const depositLines = lines.filter((r) => r[5] === "Depósito PIX");
  expect(depositLines.reduce((s, r) => s + cents(r[1]!), 0)).toBe(
    completed.reduce((s, x) => s + x.amount, 0),
  );

  // The ledger by cost centre, and the PivotTable's totals: the same to the cent.
  await p.sheet("Histórico ValePix");
  const ledger = await tableRows(p, "Histórico ValePix", [
    await p.column("Centro de custo"),
    await p.column("Valor"),
  ]);
  const byCentre = new Map<string, number>();
  for (const [centre, amount] of ledger) byCentre.set(centre!, (byCentre.get(centre!) ?? 0) + cents(amount!));
  const pivot = await pivotTotals(p, "Resumo por centro de custo");
  await p.shot("pivot");
  expect(await p.raw("A1")).toBe("Mês");
  for (const [centre, total] of byCentre) expect(pivot.get(centre)).toBe(total);
  expect(pivot.get("Total Geral")).toBe([...byCentre.values()].reduce((a, b) => a + b, 0));

  // No request the add-in made named a cost centre (the sandbox's request log holds every path;
  // bodies are checked in src/features/books/books.test.ts).
  const served = world.sandbox.requests.list();
  expect(served.length).toBeGreaterThan(10);
  expect(served.filter((r) => /Vendas|F%C3%A1brica|centro/i.test(r.path))).toEqual([]);
  expect(errors).toEqual([]);
});
