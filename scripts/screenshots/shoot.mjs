// Screenshots of every screen at 320 px and full width, in both languages (issue 12: look at
// what a person sees). Builds ./harness.tsx with esbuild, opens it in Debian's chromium with
// playwright-core, and writes PNGs to /tmp/valepix-shots (nothing is committed from there).
//   node scripts/screenshots/shoot.mjs
import { mkdirSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import { chromium } from "playwright-core";

const out = "/tmp/valepix-shots";
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
  },
  fund: async (page, pt) => {
    await page.getByLabel(pt ? "Valor (R$)" : "Amount (R$)").fill(pt ? "1.500,00" : "1,500.00");
    await page.getByLabel(pt ? "Nome do pagador" : "Payer name").fill("Padaria Central Ltda");
    await page.getByLabel(pt ? "CPF ou CNPJ do pagador" : "Payer CPF or CNPJ").fill("11.222.333/0001-81");
    await page.getByRole("button", { name: pt ? "Gerar cobrança PIX" : "Create PIX charge" }).click();
    await page.getByTestId("pix-qr").waitFor();
  },
  data: async (page, pt) => {
    await page.getByRole("button", { name: pt ? "Conciliar" : "Reconcile" }).click();
    await page.getByTestId("reconciliation").waitFor();
  },
  activity: async (page) => {
    await page.getByRole("listitem").first().waitFor();
  },
};

const report = [];
for (const locale of ["pt-BR", "en-US"]) {
  for (const [screen, step] of Object.entries(steps)) {
    for (const width of [320, 800]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`file://${out}/index.html#${locale}/${screen.split("-")[0]}`);
      await page.locator("main").waitFor();
      await step(page, locale === "pt-BR");
      await page.waitForTimeout(300);
      const scroll = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      const file = `${out}/${screen}-${locale}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      report.push(`${file}${scroll > 0 ? `  HORIZONTAL SCROLL ${scroll}px` : ""}`);
      await page.close();
    }
  }
}
await browser.close();
console.log(report.join("\n"));
