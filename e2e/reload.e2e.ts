/**
 * A pane reloaded just as the finalize answer arrives (the server applied it, the pane never saw
 * the answer), with the sandbox slowed: the reopened pane settles the table first, so it records
 * the payment (cells "Pago em …", the ledger, the run log), and the same table sent again is
 * refused as a repeated payment. The API holds one distribution debit.
 */
import { messagesFor } from "../src/ui/i18n";
import { DISTRIBUTE_WORDS } from "../src/features/distribute";
import { ROW_STATE_TEXT } from "../src/workbook/status-rule";
import { type World, apiGet, fundBalance, openPreview, startWorld } from "./harness";
import { saveWorkbook } from "./monthly-steps";
import { PreviewPage, until } from "./preview-page";

jest.setTimeout(300_000);

let world: World;
beforeAll(async () => {
  world = await startWorld({ latencyMs: 250 });
});
afterAll(async () => {
  await world?.close();
});

interface TransactionPage {
  data: Array<{ type: string; amount: number; distribution_id?: string }>;
}

it("reloaded as the finalize answer arrives: paid once, recorded, the same table refused", async () => {
  const t = messagesFor("pt-BR");
  const d = DISTRIBUTE_WORDS["pt-BR"];
  await fundBalance(world, 100_000_00);
  const { page, errors } = await openPreview(world, { lang: "pt-BR" });
  const p = new PreviewPage(page, "pt-BR", "reload-finalize");
  const { pane } = p;

  // The month up to the confirmation: the template, two amounts, validate, send, review, form.
  await pane.getByText(t.app.connectedAs({ label: "Sandbox (demo)" })).waitFor();
  await p.screen(t.app.tabDistribute);
  await pane.getByRole("button", { name: d.createTemplate }).click();
  const table = "ValePix_Distribuicao";
  await p.message(d.templateCreated({ table }));
  const sheet =
    (await page
      .getByRole("tablist", { name: p.words.sheets })
      .getByRole("tab", { selected: true })
      .textContent()) ?? "";
  expect(sheet).not.toBe("");
  const ref = await p.column("Refeição");
  const status = await p.column("Status ValePix");
  await p.type(`${ref}2`, "660");
  await p.type(`${ref}3`, "540");
  await pane.getByRole("button", { name: d.validate, exact: true }).click();
  await until(() => p.raw(`${status}2`), ROW_STATE_TEXT["pt-BR"].ready, 30_000);
  await pane.getByRole("button", { name: d.send }).click();
  await pane.getByText(d.reviewMatches).waitFor({ timeout: 60_000 });
  const form = pane.getByRole("form", { name: d.finalizeTitle });
  await form.getByRole("radio", { name: d.methods.BALANCE, exact: true }).check();
  await form.getByRole("button", { name: d.toConfirm }).click();

  // The workbook as saved at the confirmation: the reload below opens it, so the pane finds the
  // sheet as it was then, its run log without the entry written just before finalize left (only
  // the journal outside the workbook holds that).
  const file = await saveWorkbook(p, "reload-finalize.xlsx");

  // Finalize reaches the server and is applied; the pane is reloaded before it hears the answer.
  let applied!: () => void;
  const finalizeApplied = new Promise<void>((resolve) => (applied = resolve));
  await page.route("**/distributions/*/finalize", async (route) => {
    await route.fetch();
    applied();
    // The answer never reaches this page: it is reloaded meanwhile.
    await new Promise(() => undefined);
  });
  await pane
    .getByRole("region", { name: d.confirmTitle })
    .getByRole("button", { name: d.confirmPay })
    .click();
  await finalizeApplied;
  await page.unroute("**/distributions/*/finalize");
  await p.open(file);

  // The reopened pane settles first: the rows say "Pago em …", with no click.
  const reopened = new PreviewPage(page, "pt-BR", "reload-finalize");
  await page.getByRole("tab", { name: sheet, exact: true }).waitFor();
  await reopened.shot("reloaded");
  await reopened.pane.getByText(t.app.connectedAs({ label: "Sandbox (demo)" })).waitFor();
  await reopened.sheet(sheet);
  await until(
    async () => /^Pago em \d\d\/\d\d\/\d{4} · /.test(await reopened.raw(`${status}2`)),
    true,
    60_000,
  );
  expect(await reopened.raw(`${status}3`)).toMatch(/^Pago em /);
  await reopened.shot("reloaded-paid");

  // Sending the same table again is refused as a repeated payment.
  await reopened.screen(t.app.tabDistribute);
  await reopened.pane.getByRole("combobox", { name: t.common.table }).selectOption(table);
  await reopened.pane.getByRole("button", { name: d.validate, exact: true }).click();
  await reopened.pane.getByText(d.noProblems).waitFor({ timeout: 60_000 });
  await reopened.pane.getByRole("button", { name: d.send }).click();
  await reopened.pane.getByText(d.doubleTitle).waitFor({ timeout: 60_000 });
  await reopened.shot("reloaded-refused");

  // The API: one distribution debit, the sheet's total.
  const debits = (await apiGet<TransactionPage>(world, "/transactions?type=DISTRIBUTION&limit=100")).data;
  expect(debits.filter((x) => x.amount < 0)).toHaveLength(1);
  expect(debits[0]!.amount).toBe(-(660_00 + 540_00));
  expect(errors).toEqual([]);
  await page.close();
});
