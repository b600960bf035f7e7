/**
 * The monthly distribution, step by step as a person does it on the preview, for the journeys
 * that run it (monthly.e2e.ts in both languages, failure.e2e.ts under faults). The pane's words
 * come from its own message map, so a journey reads like the screen in either language.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import JSZip from "jszip";
import { messagesFor } from "../src/ui/i18n";
import { CONNECTION_WORDS } from "../src/features/connection";
import { DISTRIBUTE_WORDS } from "../src/features/distribute";
import { FUND_WORDS } from "../src/features/fund";
import { ROW_STATE_TEXT } from "../src/workbook/status-rule";
import { ARTIFACTS } from "./harness";
import { type PreviewPage, until } from "./preview-page";

/** What the sheet ends with: the three rows typed, by row, and their totals. */
export interface MonthlyOutcome {
  sheet: string;
  table: string;
  columns: { ref: string; ali: string; status: string; total: string };
  distributionId: string;
  /** The error messages the pane showed on the way (the person retried each). */
  errors: string[];
}

const nbsp = (s: string) => s.replace(/\s/g, " ");

export async function monthlyDistribution(p: PreviewPage): Promise<MonthlyOutcome> {
  const t = messagesFor(p.lang);
  const d = DISTRIBUTE_WORDS[p.lang];
  const { page, pane } = p;
  /** The failures the pane reported on the way (under faults), each already retried. */
  const errors: string[] = [];

  // Connect: the demo connection is there; testing it shows the balance.
  await pane.getByText(t.app.connectedAs({ label: "Sandbox (demo)" })).waitFor();
  await pane.getByRole("button", { name: CONNECTION_WORDS[p.lang].test }).click();
  await p.message(
    nbsp(CONNECTION_WORDS[p.lang].ok({ balance: "" }))
      .replace(/\.$/, "")
      .trim(),
  );
  await p.shot("connected");

  // The template: a new sheet with a table of the active employees and one column per product.
  await p.screen(t.app.tabDistribute);
  await pane.getByRole("button", { name: d.createTemplate }).click();
  // The table is named in the pane's language.
  const table = p.lang === "pt-BR" ? "ValePix_Distribuicao" : "ValePix_Distribution";
  await p.message(d.templateCreated({ table }));
  const sheet =
    (await page
      .getByRole("tablist", { name: p.words.sheets })
      .getByRole("tab", { selected: true })
      .textContent()) ?? "";
  await p.shot("template");
  const columns = {
    ref: await p.column("Refeição"),
    ali: await p.column("Alimentação"),
    status: await p.column(p.lang === "pt-BR" ? "Status ValePix" : "ValePix status"),
    total: await p.column(p.lang === "pt-BR" ? "Total da linha" : "Row total"),
  };
  const { ref, ali, status, total } = columns;

  // Amounts, one of them mistyped (a letter O for a zero). The first is typed straight into the
  // cell, the others through the formula bar.
  await (await p.goTo(`${ref}2`)).click();
  await page.keyboard.type("660");
  await page.keyboard.press("Enter");
  await p.type(`${ali}2`, "450");
  await p.type(`${ref}3`, "66O");
  await p.type(`${ref}4`, p.lang === "pt-BR" ? "450,50" : "450.50");
  await p.type(`${ali}4`, p.lang === "pt-BR" ? "1.200,00" : "1,200.00");

  // Validate: the error is in the pane and in the sheet, on its row.
  await pane.getByRole("button", { name: d.validate, exact: true }).click();
  const problem = pane.getByRole("button", { name: /'66O'/ });
  await problem.waitFor();
  expect(await p.raw(`${status}3`)).toBe(ROW_STATE_TEXT[p.lang].error);
  await problem.scrollIntoViewIfNeeded(); // the error in the sheet and in the pane, side by side
  await p.shot("problem");

  // The problem leads to its cell; fixing it there clears the error.
  await problem.click();
  await until(() => page.getByRole("textbox", { name: p.words.nameBox }).inputValue(), `${ref}3`);
  await p.shot("problem-cell-selected");
  const bar = page.getByRole("textbox", { name: p.words.formulaBar });
  await bar.fill("660");
  await bar.press("Enter");
  await pane.getByRole("button", { name: d.validate, exact: true }).click();
  await problem.waitFor({ state: "detached" });

  // Send to a draft, with the progress bar, and review it.
  const sentLine = pane.getByRole("status").filter({ hasText: /3 colaborador|3 employee/ });
  let shown = false;
  const reviewed = pane.getByText(d.reviewMatches);
  // Under faults, drafts whose creation got no answer pile up to the cap: the pane then asks
  // before creating another, and the person, having read why, asks for one more.
  const another = pane.getByRole("button", { name: d.draftsAnother });
  const sendOnce = async () => {
    if (await another.isVisible()) {
      await another.click();
      // Its send runs to an end (the review, a failure, or the question again) before looking.
      await pane
        .getByRole("progressbar")
        .first()
        .waitFor({ timeout: 5_000 })
        .catch(() => undefined);
      await pane.getByRole("progressbar").first().waitFor({ state: "detached", timeout: 60_000 });
      return;
    }
    await pane.getByRole("button", { name: d.send }).click();
    if (shown) return;
    shown = true;
    // The bar while it sends, for the screenshots; a send that a fault stops at once (the
    // failure journey) may show it too briefly to catch: the outcome below is what is asserted.
    const bar = pane.getByRole("progressbar").first();
    if (
      await bar.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      )
    )
      await p.shot("sending");
  };
  for (let round = 0; round < 3 && !(await reviewed.isVisible()); round++)
    errors.push(...(await p.persist(sendOnce, reviewed.or(another))));
  await reviewed.waitFor();
  const sentText = nbsp((await sentLine.textContent()) ?? "");
  // The draft's id is a detail, under its disclosure.
  await pane.getByRole("button", { name: d.details }).click();
  const distributionId = (
    (await pane.getByTestId("sent-details").locator("dd").first().textContent()) ?? ""
  ).trim();
  expect(distributionId).toMatch(/^\S+$/);
  // The pane writes amounts as the cells show them: "R$", a space, the language's separators.
  expect(sentText).toMatch(p.lang === "pt-BR" ? /R\$ 3\.420,50/ : /R\$ 3,420\.50/);
  await pane.getByText(d.reviewMatches).scrollIntoViewIfNeeded();
  await p.shot("review");

  // Finalize from the balance: the balance is short, so fund the shortfall by PIX first.
  errors.push(...(await finalizeFundingShortfall(p)));

  // Statuses and totals in the cells.
  expect(await p.shows(`${total}4`)).toBe(p.lang === "pt-BR" ? "R$ 1.650,50" : "R$ 1,650.50");
  const paid = p.lang === "pt-BR" ? /^Pago em \d\d\/\d\d\/\d{4} · / : /^Paid on \d\d\/\d\d\/\d{4} · /;
  expect(await p.raw(`${status}2`)).toMatch(paid);
  expect(await p.raw(`${status}4`)).toMatch(paid);
  await p.shot("statuses-in-cells");

  // A run-log row, seen in Activity.
  await p.screen(t.app.tabActivity);
  await pane.getByRole("listitem").filter({ hasText: table }).first().waitFor();
  await p.shot("activity");

  // The same sheet again is a double payment: blocked with the question.
  await p.screen(t.app.tabDistribute);
  await pane.getByRole("button", { name: d.again }).click();
  await pane.getByRole("button", { name: d.validate, exact: true }).click();
  await pane.getByRole("button", { name: d.send }).click();
  await pane.getByText(d.doubleTitle).waitFor();
  // The question and its "send anyway" below it, in view.
  await pane.getByRole("button", { name: d.doubleSend }).scrollIntoViewIfNeeded();
  await p.shot("double-payment-blocked");
  return { sheet, table, columns, distributionId, errors };
}

/** Saves the workbook as .xlsx (the toolbar's button) into the artifacts; returns its path. */
export async function saveWorkbook(p: PreviewPage, name: string): Promise<string> {
  const [download] = await Promise.all([
    p.page.waitForEvent("download"),
    p.page.getByRole("button", { name: p.words.save }).click(),
  ]);
  const file = path.join(ARTIFACTS, name);
  await download.saveAs(file);
  return file;
}

/** Every part of an .xlsx (it is a zip of XML files), as text. */
export async function xlsxParts(file: string): Promise<string[]> {
  const zip = await JSZip.loadAsync(await readFile(file));
  return Promise.all(Object.values(zip.files).map((f) => f.async("string")));
}

/**
 * Finalize from the balance when it is short: fund the shortfall by PIX (the sandbox pays it),
 * back to Distribute, confirm, and see the final state. The failures the pane reported on the
 * way (each retried) are returned.
 */
export async function finalizeFundingShortfall(p: PreviewPage): Promise<string[]> {
  const t = messagesFor(p.lang);
  const d = DISTRIBUTE_WORDS[p.lang];
  const { pane } = p;
  const errors: string[] = [];
  const form = pane.getByRole("form", { name: d.finalizeTitle });
  await form.getByRole("radio", { name: d.methods.BALANCE, exact: true }).check();
  await form.getByRole("button", { name: d.toConfirm }).click();
  const confirm = pane.getByRole("region", { name: d.confirmTitle });
  await confirm.getByRole("button", { name: d.fundShortfall }).click();
  await pane.getByLabel(t.common.payerName).fill("Padaria Central Ltda");
  await pane.getByLabel(t.common.payerDocument).fill("11.222.333/0001-81");
  errors.push(
    ...(await p.persist(
      () => pane.getByRole("button", { name: FUND_WORDS[p.lang].create }).click(),
      pane.getByRole("img", { name: FUND_WORDS[p.lang].qrLabel }),
    )),
  );
  await p.shot("pix-charge");
  await pane.getByText(FUND_WORDS[p.lang].states.COMPLETED!).first().waitFor({ timeout: 60_000 });
  await p.shot("pix-paid");
  await pane.getByRole("button", { name: FUND_WORDS[p.lang].backToDistribute }).click();
  const result = pane.getByTestId("result");
  errors.push(
    ...(await p.persist(async () => {
      // After a failure the form is shown again: continue to the confirmation as before.
      if (await form.isVisible()) {
        await form.getByRole("radio", { name: d.methods.BALANCE, exact: true }).check();
        await form.getByRole("button", { name: d.toConfirm }).click();
      }
      await confirm.getByRole("button", { name: d.confirmPay }).click();
    }, result)),
  );
  expect(await result.textContent()).toContain(`${d.statuses.completed}.`);
  await p.shot("finalized");

  return errors;
}
