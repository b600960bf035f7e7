// Screenshots of every screen at 320 px, at 160 CSS px (the 320 px pane at 200% zoom, drawn at
// twice the pixels as the person sees it) and full width, in both languages (look at what a
// person sees). Builds ./harness.tsx with esbuild, opens it in Debian's chromium with
// playwright-core, and writes PNGs to /tmp/valepix-shots (nothing is committed from there).
//   node scripts/screenshots/shoot.mjs            (VALEPIX_SHOTS=<dir> to write elsewhere)
import { mkdirSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import { chromium } from "playwright-core";

const out = process.env.VALEPIX_SHOTS ?? "/tmp/valepix-shots";
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [new URL("./harness.tsx", import.meta.url).pathname],
  bundle: true,
  outfile: `${out}/harness.js`,
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
writeFileSync(
  `${out}/index.html`,
  '<!doctype html><meta charset="utf-8"><body style="margin:0"><div id="root"></div><script src="harness.js"></script>',
);

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

/** Review, the finalize form filled (with `method` when given), the confirmation shown. */
async function confirmWith(page, pt, method) {
  await steps["distribute-review"](page, pt);
  if (method) await page.getByLabel(method).check();
  await page.getByLabel(pt ? "Nome do pagador" : "Payer name").fill("Padaria Central Ltda");
  await page.getByLabel(pt ? "CPF ou CNPJ do pagador" : "Payer CPF or CNPJ").fill("11.222.333/0001-81");
  await page.getByRole("button", { name: pt ? "Continuar" : "Continue" }).click();
  await page.getByTestId("confirm-total").waitFor();
}

/** Steps that bring a screen to an interesting state. */
const steps = {
  connection: async () => {},
  distribute: async (page, pt) => {
    await page.getByLabel(pt ? "Tabela" : "Table").selectOption("Novembro");
    await page.getByRole("button", { name: pt ? "Validar" : "Validate" }).click();
    await page.getByTestId("summary").waitFor();
  },
  "distribute-send": async (page, pt) => {
    await page.getByLabel(pt ? "Tabela" : "Table").selectOption("Outubro");
    await page.getByRole("button", { name: pt ? "Validar" : "Validate" }).click();
    await page.getByLabel(pt ? "Todos os colaboradores ativos" : "All active employees").check();
  },
  "distribute-review": async (page, pt) => {
    await page.getByLabel(pt ? "Tabela" : "Table").selectOption("Outubro");
    await page.getByRole("button", { name: pt ? "Validar" : "Validate" }).click();
    await page.getByRole("button", { name: pt ? "Enviar para rascunho" : "Send to draft" }).click();
    await page.getByRole("form").waitFor();
  },
  "distribute-confirm": async (page, pt) => {
    await steps["distribute-review"](page, pt);
    await page.getByLabel(pt ? "Nome do pagador" : "Payer name").fill("Padaria Central Ltda");
    await page.getByLabel(pt ? "CPF ou CNPJ do pagador" : "Payer CPF or CNPJ").fill("11.222.333/0001-81");
    await page.getByRole("button", { name: pt ? "Continuar" : "Continue" }).click();
    await page.getByTestId("confirm-total").waitFor();
  },
  "distribute-result": async (page, pt) => {
    await steps["distribute-confirm"](page, pt);
    await page.getByRole("button", { name: pt ? "Finalizar e pagar" : "Finalize and pay" }).click();
    await page.getByTestId("result").waitFor();
    // The ids under the result's "Detalhes", opened: where a finance person finds them when asked.
    await page
      .getByRole("region", { name: pt ? "Distribuição concluída." : "Distribution completed." })
      .getByRole("button", { name: pt ? "Detalhes" : "Details" })
      .click();
  },
  // The rarer states (fixtures' variants: the screen name's second part).
  "distribute-unknown": async (page, pt) => {
    await confirmWith(page, pt);
    await page.getByRole("button", { name: pt ? "Finalizar e pagar" : "Finalize and pay" }).click();
    await page.getByRole("button", { name: pt ? "Verificar o estado" : "Check status" }).click();
    await page.getByTestId("unknown-checked").waitFor();
    await page
      .getByTestId("unknown-outcome")
      .getByRole("button", { name: pt ? "Detalhes" : "Details" })
      .click();
  },
  "distribute-interrupted": async (page, pt) => {
    await page.getByText(pt ? "Envio interrompido" : "Send interrupted").waitFor();
  },
  "distribute-pix": async (page, pt) => {
    await confirmWith(page, pt, pt ? "Saldo + PIX pela diferença" : "Balance + PIX for the difference");
    await page.getByRole("button", { name: pt ? "Finalizar e pagar" : "Finalize and pay" }).click();
    await page.getByTestId("pix-qr").waitFor();
  },
  "distribute-boleto": async (page, pt) => {
    await confirmWith(page, pt, pt ? "Saldo + boleto pela diferença" : "Balance + boleto for the difference");
    await page.getByRole("button", { name: pt ? "Finalizar e pagar" : "Finalize and pay" }).click();
    await page.getByTestId("charge").waitFor();
  },
  // "Check again" fails at the bottom of the scrolled pane: the message must be in view.
  "distribute-sticky": async (page, pt) => {
    await steps["distribute-review"](page, pt);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("button", { name: pt ? "Conferir de novo" : "Check again" }).click();
    await page.getByRole("alert").waitFor();
    // In view and holding the focus: stuck at the top when the pane stayed scrolled, or at its
    // place under the tabs when the screen grew short while the check ran (the pane's scroll
    // then goes back up, the progress region having held the focus meanwhile).
    const box = await page.getByTestId("message-area").boundingBox();
    const focused = await page.getByTestId("message-area").evaluate((el) => el === document.activeElement);
    if (!box || box.y < 0 || box.y + box.height > 900 || !focused)
      throw new Error(`the message area is out of view or not focused: ${JSON.stringify(box)}`);
  },
  fund: async (page, pt) => {
    await page.getByLabel(pt ? "Valor (R$)" : "Amount (R$)").fill(pt ? "1.500,00" : "1,500.00");
    await page.getByLabel(pt ? "Nome do pagador" : "Payer name").fill("Padaria Central Ltda");
    await page.getByLabel(pt ? "CPF ou CNPJ do pagador" : "Payer CPF or CNPJ").fill("11.222.333/0001-81");
    await page.getByRole("button", { name: pt ? "Gerar cobrança PIX" : "Create PIX charge" }).click();
    await page.getByTestId("pix-qr").waitFor();
  },
  "fund-receipt": async (page, pt) => {
    await page
      .getByRole("button", { name: pt ? "Acompanhar uma cobrança existente" : "Follow an existing charge" })
      .click();
    await page
      .getByLabel(pt ? "Identificador da cobrança" : "Charge identifier")
      .fill("3ec89fc5-20e2-4761-963c-70c16c650d8f");
    await page.getByRole("button", { name: pt ? "Acompanhar" : "Follow", exact: true }).click();
    await page.getByTestId("receipt").waitFor();
  },
  data: async (page, pt) => {
    await page.getByRole("button", { name: pt ? "Conciliar" : "Reconcile" }).click();
    await page.getByTestId("reconciliation").waitFor();
  },
  // Contabilização, the Data screen's section, after booking a month.
  "data-books": async (page, pt) => {
    const section = page.getByTestId("books");
    await section.getByRole("button", { name: pt ? "Contabilizar o mês" : "Book the month" }).click();
    await page.getByTestId("books-result").waitFor();
    await section.scrollIntoViewIfNeeded();
  },
  activity: async (page) => {
    await page.getByRole("listitem").first().waitFor();
  },
};

const report = [];
// `node scripts/screenshots/shoot.mjs data-books fund`: only those screens (default: all).
const only = process.argv.slice(2);
for (const locale of ["pt-BR", "en-US"]) {
  for (const [screen, step] of Object.entries(steps)) {
    if (only.length > 0 && !only.includes(screen)) continue;
    for (const width of [320, 160, 800]) {
      const zoom = width === 160 ? 2 : 1;
      const page = await browser.newPage({ viewport: { width, height: 900 }, deviceScaleFactor: zoom });
      const [name, variant = ""] = screen.split("-");
      await page.goto(`file://${out}/index.html#${locale}/${name}/${variant}`);
      await page.locator("main").waitFor();
      await step(page, locale === "pt-BR");
      await page.waitForTimeout(300);
      const scroll = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      const file = `${out}/${screen}-${locale}-${width}.png`;
      // The sticky shot shows the viewport, as the person sees it.
      await page.screenshot({ path: file, fullPage: screen !== "distribute-sticky" });
      report.push(`${file}${scroll > 0 ? `  HORIZONTAL SCROLL ${scroll}px` : ""}`);
      await page.close();
    }
  }
}
await browser.close();
console.log(report.join("\n"));
