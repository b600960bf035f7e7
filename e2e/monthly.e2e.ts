/**
 * The monthly journey, as a new user does it with nothing but the screen: connect, create the
 * template, type amounts (one mistyped), follow the problem to its cell and fix it, send with
 * progress, review, fund the shortfall by PIX and wait, finalize from the balance, see the
 * final state, the statuses and totals in the cells and the run log; the same sheet again is
 * blocked as a double payment; the saved .xlsx holds no token.
 * Then a second month: last month's .xlsx opened again, three amounts changed, sent: the sandbox
 * counts exactly the item calls the pane announced, and the review shows exactly those changes.
 */
import { DEMO_TOKEN } from "../sandbox/server";
import { messagesFor } from "../src/ui/i18n";
import { DISTRIBUTE_WORDS } from "../src/features/distribute";
import { type World, openPreview, startWorld } from "./harness";
import { monthlyDistribution, saveWorkbook, xlsxParts } from "./monthly-steps";
import { PreviewPage } from "./preview-page";

jest.setTimeout(240_000);

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

let lastMonth = "";
let columns = { ref: "", ali: "" };

it("runs a monthly distribution from the template to the final state, and never saves the token", async () => {
  const { page, errors } = await openPreview(world, { lang: "pt-BR" });
  const p = new PreviewPage(page, "pt-BR", "monthly");
  const outcome = await monthlyDistribution(p);
  columns = outcome.columns;

  lastMonth = await saveWorkbook(p, "monthly-november.xlsx");
  const parts = await xlsxParts(lastMonth);
  expect(parts.some((text) => text.includes(DEMO_TOKEN))).toBe(false);
  expect(parts.join("\n")).toContain(outcome.distributionId); // the run log travels with the file
  expect(errors).toEqual([]);
  await page.close();
});

it("sends a second month from last month's file with only the needed calls, and reviews exactly the changes", async () => {
  expect(lastMonth).not.toBe("");
  const t = messagesFor("pt-BR");
  const d = DISTRIBUTE_WORDS["pt-BR"];
  const { page, errors } = await openPreview(world, { lang: "pt-BR" });
  const p = new PreviewPage(page, "pt-BR", "second-month");
  await p.open(lastMonth);
  await page.getByRole("tab", { name: "Distribuição (2)" }).waitFor();
  await p.sheet("Distribuição (2)");
  await p.shot("opened");

  await p.type(`${columns.ref}2`, "700");
  await p.type(`${columns.ref}3`, "500");
  await p.type(`${columns.ali}4`, "1.300,00");
  await p.screen(t.app.tabDistribute);
  await p.pane.getByRole("combobox", { name: t.common.table }).selectOption("ValePix_Distribuicao");
  await p.pane.getByRole("button", { name: d.validate, exact: true }).click();
  world.sandbox.requests.reset();
  await p.pane.getByRole("button", { name: d.send }).click();
  const sentLine = p.pane.getByRole("status").filter({ hasText: /3 colaborador/ });
  await sentLine.waitFor({ timeout: 60_000 });
  // The API calls are a detail, under its disclosure.
  await p.pane.getByRole("button", { name: d.details }).click();
  const calls = p.pane.getByTestId("sent-details").locator("dd").nth(1);
  const announced = Number(((await calls.textContent()) ?? "").trim());
  // The fewest calls (src/features/distribute/send/plan.ts): create the draft, its three employees in one call,
  // and per product min(non-zero rows, 1 + rows − rows sharing the most common amount):
  // Refeição 700 / 500 / 450,50 → 3, Alimentação 450 / – / 1.300 → 2. The pane counts the
  // finalize still to come too (8); the sandbox served exactly the other 7, no more.
  const mutations = world.sandbox.requests.count({
    operation:
      /^(createDistribution|addDistributionItems|removeDistributionItems|setValueForAllItems|setEmployeeValue)$/,
  });
  expect(world.sandbox.requests.count({ operation: "createDistribution" })).toBe(1);
  expect(world.sandbox.requests.count({ operation: "addDistributionItems" })).toBe(1);
  expect(mutations).toBe(1 + 1 + 3 + 2);
  expect(announced).toBe(mutations + 1);

  const since = p.pane.getByTestId("since-last");
  await since.waitFor();
  const facts = (await since.textContent()) ?? "";
  expect(facts).toContain(`${d.newEmployees}0`);
  expect(facts).toContain(`${d.droppedEmployees}0`);
  expect(facts).toContain(`${d.changedAmounts}3`);
  await p.shot("review-changes");
  expect(errors).toEqual([]);
});

it("runs the same monthly journey in English, with the pane at 320 px", async () => {
  // A company of its own: on the first journey's sandbox the same employees, products and amounts
  // are already paid, which the API's repeated-payment check rightly refuses.
  const english = await startWorld();
  const { page, errors } = await openPreview(english, { lang: "en-US", pane: 320 });
  const p = new PreviewPage(page, "en-US", "monthly-en-US-320");
  await monthlyDistribution(p);
  const overflow = await p.pane.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBe(0);
  expect(errors).toEqual([]);
  await english.close();
});
