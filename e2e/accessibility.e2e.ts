/**
 * The month by keyboard alone, in the pane as a person who does not use a mouse meets it: into
 * the pane (F6 in Excel: here, focus on its screen tabs), along the tabs with the arrow keys,
 * Tab to each control and Enter or Space on it. After each action focus is asserted where it
 * belongs (the outcome's heading, the next field, the control that started the work; the
 * progress region while a send runs) and never on the page's body. The cells are typed through
 * the name box and the formula bar, as a keyboard does on the spreadsheet side.
 *
 * Each state is checked at the pane's 320 px and at 160 CSS px (the same pane at 200% zoom):
 * axe-core's WCAG A and AA rules (nothing serious or critical), every ARIA reference pointing at
 * an element that exists, and at 160 px the reflow (./pane-checks.ts). Everything found is
 * collected and the journey fails once, naming each state and finding.
 */
import type { Locator } from "playwright-core";
import { messagesFor } from "../src/ui/i18n";
import { CONNECTION_WORDS } from "../src/features/connection";
import { DISTRIBUTE_WORDS } from "../src/features/distribute";
import { FUND_WORDS } from "../src/features/fund";
import path from "node:path";
import { ARTIFACTS, type World, openPreview, startWorld } from "./harness";
import { danglingReferences, focusedElement, reflowProblems, setPaneWidth, watchFocus } from "./pane-checks";
import { PreviewPage, until } from "./preview-page";

jest.setTimeout(240_000);

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

const PANE = 320;
const ZOOMED = 160;

/** The checks of one state at both widths; what they found, each line naming the state. */
async function checkState(p: PreviewPage, state: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of [PANE, ZOOMED]) {
    await setPaneWidth(p.page, width);
    await p.pane.screenshot({ path: path.join(ARTIFACTS, `a11y-${state}-${width}.png`) });
    const serious = (await p.axe()).filter((v) => v.impact === "serious" || v.impact === "critical");
    found.push(...serious.map((v) => `${v.id} (${v.impact}) ${v.help}: ${v.targets.join(" | ")}`));
    found.push(...(await danglingReferences(p.pane)));
    if (width === ZOOMED) found.push(...(await reflowProblems(p.pane)));
  }
  await setPaneWidth(p.page, PANE);
  return [...new Set(found)].map((f) => `${state}: ${f}`);
}

/** Tab (at most `max` times) until `target` has the focus; fails when it never does. */
async function tabTo(p: PreviewPage, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await p.page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${String(target)}; focus is on ${await focusedElement(p.page)}`);
}

/** Whether focus moves into `target` (waiting for it); if not, a line saying where it is. */
async function focusIsOn(p: PreviewPage, target: Locator, what: string): Promise<string[]> {
  try {
    await until(
      () => target.evaluate((el) => el.contains(document.activeElement)).catch(() => false),
      true,
      5_000,
    );
    return [];
  } catch {
    return [`after ${what}, focus is on ${await focusedElement(p.page)}`];
  }
}

/**
 * Tab through `list` from where focus is: every item of it must hold the focus on the way (a
 * problem with no cell to go to as well as those that select one).
 */
async function everyItemReached(p: PreviewPage, list: Locator): Promise<string[]> {
  const count = await list.getByRole("listitem").count();
  const reached = new Set<number>();
  for (let i = 0; i < count * 3 + 10; i++) {
    await p.page.keyboard.press("Tab");
    const at = await list.evaluate((ul) =>
      [...ul.querySelectorAll("li")].findIndex((li) => li.contains(document.activeElement)),
    );
    if (at >= 0) reached.add(at);
    else if (reached.size > 0) break;
  }
  const missed = [...Array(count).keys()].filter((i) => !reached.has(i));
  return missed.length ? [`problem list: items ${missed.join(", ")} of ${count} never take the focus`] : [];
}

it("does the month by keyboard alone, focus always somewhere meaningful, every state accessible at 320 and 160 px", async () => {
  const { page, errors } = await openPreview(world, { lang: "pt-BR", pane: PANE });
  const p = new PreviewPage(page, "pt-BR", "a11y");
  const t = messagesFor("pt-BR");
  const d = DISTRIBUTE_WORDS["pt-BR"];
  const f = FUND_WORDS["pt-BR"];
  const { pane } = p;
  const found: string[] = [];
  const tab = (name: string) => pane.getByRole("tab", { name, exact: true });
  const button = (name: string) => pane.getByRole("button", { name, exact: true });
  /** Into the pane, as F6 does in Excel: the screen tabs take the focus. */
  const intoPane = async () => {
    await pane.getByRole("tab", { selected: true }).focus();
  };

  await pane.getByText(t.app.connectedAs({ label: "Sandbox (demo)" })).waitFor();
  found.push(...(await checkState(p, "opened")));

  // The connection tested: its button keeps the focus, the balance is announced.
  await intoPane();
  const test = button(CONNECTION_WORDS["pt-BR"].test);
  await tabTo(p, test);
  await page.keyboard.press("Enter");
  await p.message(/Conexão funcionando/);
  found.push(...(await focusIsOn(p, test, "Testar conexão")));

  // Along the tabs with the arrows to Distribuir, then Enter.
  await intoPane();
  await page.keyboard.press("ArrowRight");
  found.push(...(await focusIsOn(p, tab(t.app.tabDistribute), "the arrow key on the tabs")));
  await page.keyboard.press("Enter");
  await tabTo(p, button(d.createTemplate));
  await page.keyboard.press("Enter");
  await p.message(d.templateCreated({ table: "ValePix_Distribuicao" }));
  found.push(...(await focusIsOn(p, button(d.createTemplate), "creating the table")));
  found.push(...(await checkState(p, "template")));

  const ref = await p.column("Refeição");
  const ali = await p.column("Alimentação");
  await p.type(`${ref}2`, "660");
  await p.type(`${ali}2`, "450");
  await p.type(`${ref}3`, "66O");
  await p.type(`${ref}4`, "450,50");
  await p.type(`${ali}4`, "1.200,00");

  // Validar: focus on the problems' heading; every problem reachable with Tab.
  await intoPane();
  await tabTo(p, button(d.validate));
  await page.keyboard.press("Enter");
  const problems = pane.getByRole("heading", { name: /^Problemas/ });
  found.push(...(await focusIsOn(p, problems, "Validar")));
  found.push(...(await everyItemReached(p, pane.getByRole("list", { name: /^Problemas/ }))));
  found.push(...(await checkState(p, "problems")));

  // The problem leads to its cell (Enter on it); fixed there, validated again.
  const problem = pane.getByRole("button", { name: /'66O'/ });
  await problem.focus();
  await page.keyboard.press("Enter");
  await until(() => page.getByRole("textbox", { name: p.words.nameBox }).inputValue(), `${ref}3`);
  await p.type(`${ref}3`, "660");
  await intoPane();
  await tabTo(p, button(d.validate));
  await page.keyboard.press("Enter");
  await problem.waitFor({ state: "detached" });
  found.push(...(await focusIsOn(p, problems, "Validar again")));

  // Send: the progress region holds focus while it runs, then the review's heading; never the body.
  await tabTo(p, button(d.send));
  const trail = await watchFocus(page);
  await page.keyboard.press("Enter");
  await pane.getByText(d.reviewMatches).waitFor({ timeout: 60_000 });
  found.push(...(await focusIsOn(p, pane.getByRole("heading", { name: d.review, exact: true }), "the send")));
  const [sendButton, ...during] = await trail();
  during.splice(0, during.lastIndexOf(sendButton ?? "") + 1); // the button until it is disabled
  if (!during[0]?.includes("in progress") || during.includes("body"))
    found.push(`during the send, focus went ${JSON.stringify(during)}`);
  found.push(...(await checkState(p, "review")));

  // Finalize from the balance: the method by the arrow keys, Continuar, the confirmation.
  const form = pane.getByRole("form", { name: d.finalizeTitle });
  await tabTo(
    p,
    form
      .getByRole("radio")
      .nth(0)
      .or(form.getByRole("radio", { checked: true }))
      .last(),
  );
  const balance = form.getByRole("radio", { name: d.methods.BALANCE, exact: true });
  for (let i = 0; i < 6 && !(await balance.isChecked()); i++) await page.keyboard.press("ArrowDown");
  expect(await balance.isChecked()).toBe(true);
  await tabTo(p, form.getByRole("button", { name: d.toConfirm }));
  await page.keyboard.press("Enter");
  const confirm = pane.getByRole("region", { name: d.confirmTitle });
  found.push(...(await focusIsOn(p, confirm.getByRole("heading"), "Continuar")));
  found.push(...(await checkState(p, "confirm")));

  // The shortfall: to Fund, the payer typed, the charge created and paid, back.
  await tabTo(p, confirm.getByRole("button", { name: d.fundShortfall }));
  await page.keyboard.press("Enter");
  found.push(...(await focusIsOn(p, pane.getByLabel(t.common.payerName), "Depositar o que falta")));
  found.push(...(await checkState(p, "fund-form")));
  await page.keyboard.type("Padaria Central Ltda");
  await page.keyboard.press("Tab");
  await page.keyboard.type("11.222.333/0001-81");
  await tabTo(p, button(f.create));
  await page.keyboard.press("Enter");
  await pane.getByRole("img", { name: f.qrLabel }).waitFor();
  found.push(...(await focusIsOn(p, pane.getByTestId("progress"), "Gerar cobrança PIX")));
  found.push(...(await checkState(p, "pix-charge")));
  await pane.getByText(f.states.COMPLETED!).first().waitFor({ timeout: 60_000 });
  expect(await focusedElement(page)).not.toBe("body");
  await tabTo(p, button(f.backToDistribute));
  await page.keyboard.press("Enter");
  found.push(...(await focusIsOn(p, confirm.getByRole("heading"), "Voltar para Distribuir")));

  // Finalizar e pagar: the result's heading.
  await tabTo(p, confirm.getByRole("button", { name: d.confirmPay }));
  await page.keyboard.press("Enter");
  const result = pane.getByTestId("result");
  await result.waitFor({ timeout: 60_000 });
  found.push(
    ...(await focusIsOn(p, pane.getByRole("heading", { name: d.resultTitle }), "Finalizar e pagar")),
  );
  found.push(...(await checkState(p, "result")));

  // Dados and Atividade, by the tabs.
  for (const [name, state] of [
    [t.app.tabData, "data"],
    [t.app.tabActivity, "activity"],
  ] as const) {
    await intoPane();
    for (let i = 0; i < 6 && !(await tab(name).evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    found.push(...(await focusIsOn(p, tab(name), `the tab ${name}`)));
    await pane.getByRole("heading", { name, exact: false }).first().waitFor();
    found.push(...(await checkState(p, state)));
  }

  expect(found).toEqual([]);
  expect(errors).toEqual([]);
});
