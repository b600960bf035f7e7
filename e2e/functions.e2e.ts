/**
 * Live reconciliation in cells, in the preview as a person does it: a cell holding
 * =VALEPIX.SALDO() shows the balance, a PIX deposit from the pane moves it at the next refresh,
 * and the Data screen builds the reconciliation sheet, whose formulas compute from the spilled
 * transactions and whose native chart is drawn beside the grid.
 */
import { type World, openPreview, startWorld } from "./harness";
import { PreviewPage, until } from "./preview-page";

jest.setTimeout(180_000);

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

it("=VALEPIX.SALDO() follows a PIX deposit; the reconciliation sheet agrees and draws its chart", async () => {
  const { page, errors } = await openPreview(world, { lang: "pt-BR" });
  const p = new PreviewPage(page, "pt-BR", "functions");
  await p.pane.getByText("Conectado: Sandbox (demo)").waitFor();

  // A cell of the person's own sheet, typed in Portuguese.
  await p.type("K2", "=VALEPIX.SALDO()");
  await until(() => p.shows("K2"), "0");
  expect(await p.raw("K2")).toBe("=VALEPIX.SALDO()");

  await p.screen("Depositar");
  await p.pane.getByLabel("Valor (R$)").fill("1.500,00");
  await p.pane.getByLabel("Nome do pagador").fill("Padaria Central Ltda");
  await p.pane.getByLabel("CPF ou CNPJ do pagador").fill("11.222.333/0001-81");
  await p.pane.getByRole("button", { name: "Gerar cobrança PIX" }).click();
  await p.pane.getByText("Pago: o valor entrou no saldo.").first().waitFor({ timeout: 30_000 });

  await p.screen("Dados");
  await p.pane.getByRole("button", { name: "Atualizar agora" }).click();
  await p.message(/célula\(s\) atualizada\(s\) com \d+ consulta\(s\) à API/);
  await until(() => p.shows("K2"), "1500");
  await p.shot("saldo-cell");

  await p.pane.getByRole("button", { name: "Montar planilha de conciliação" }).click();
  await p.message(/Planilha "Conciliação ValePix" montada/);
  await p.sheet("Conciliação ValePix");
  await until(() => p.shows("B4"), "R$ 1.500,00");
  // office.js sends the functions' results in batches at least 500 ms apart: the cells computed
  // from the transactions may fill a moment after the balance.
  await until(() => p.shows("B7"), "R$ 1.500,00");
  await until(() => p.shows("C10"), "Confere");
  expect(await p.raw("B4")).toBe("=VALEPIX.SALDO()");
  const chart = page.getByTestId("chart");
  await chart.waitFor();
  expect(await chart.getAttribute("data-chart")).toBe("ValePix_Conciliacao");
  expect(await chart.locator("figcaption").textContent()).toBe("Depósitos e distribuições por mês");
  await p.shot("reconciliation-sheet");
  expect(errors).toEqual([]);
});
