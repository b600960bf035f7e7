/**
 * The reconciliation journey: fund the balance by PIX from the pane, pull the transactions into
 * the sheet, fund again and pull again: exactly one row is appended and none is repeated; the
 * balance check agrees (deposits minus distributions is the API's balance).
 */
import { type World, openPreview, startWorld } from "./harness";
import { PreviewPage } from "./preview-page";

jest.setTimeout(180_000);

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

async function deposit(p: PreviewPage, amount: string): Promise<void> {
  await p.screen("Depositar");
  await p.pane.getByLabel("Valor (R$)").fill(amount);
  await p.pane.getByLabel("Nome do pagador").fill("Padaria Central Ltda");
  await p.pane.getByLabel("CPF ou CNPJ do pagador").fill("11.222.333/0001-81");
  await p.pane.getByRole("button", { name: "Gerar cobrança PIX" }).click();
  await p.pane.getByRole("img", { name: "QR code da cobrança PIX" }).waitFor();
  await p.shot("pix-charge");
  await p.pane.getByText("Pago: o valor entrou no saldo.").first().waitFor({ timeout: 30_000 });
}

it("pulls transactions, appends only the new deposit on refresh, and the balance check agrees", async () => {
  const { page, errors } = await openPreview(world, { lang: "pt-BR" });
  const p = new PreviewPage(page, "pt-BR", "reconciliation");
  await p.pane.getByText("Conectado: Sandbox (demo)").waitFor();

  await deposit(p, "1.500,00");
  await p.shot("first-deposit-paid");
  await p.screen("Dados");
  await p.pane.getByRole("button", { name: "Transações", exact: true }).click();
  await p.message("Tabela ValePix_Transacoes: 1 nova(s), 0 atualizada(s).");
  await p.sheet("Transações");
  const idColumn = await p.column("ID da transação");
  const firstId = await p.raw(`${idColumn}2`);
  expect(firstId).not.toBe("");
  expect(await p.raw(`${idColumn}3`)).toBe("");
  // As a finance person reads it: a date cell in the local format, words in Portuguese.
  expect(await p.shows("A2")).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  expect(await p.shows(`${await p.column("Tipo")}2`)).toBe("Depósito");
  expect(await p.shows(`${await p.column("Situação")}2`)).toBe("Concluído");
  expect(await p.shows(`${await p.column("Código da situação")}2`)).toBe("COMPLETED");
  await p.shot("transactions-pulled");

  await deposit(p, "250,00");
  await p.screen("Dados");
  await p.dismiss();
  await p.pane.getByRole("button", { name: "Transações", exact: true }).click();
  await p.message("Tabela ValePix_Transacoes: 1 nova(s), 0 atualizada(s).");
  await p.sheet("Transações");
  const ids = [await p.raw(`${idColumn}2`), await p.raw(`${idColumn}3`), await p.raw(`${idColumn}4`)];
  expect(ids[0]).toBe(firstId);
  expect(ids[1]).not.toBe("");
  expect(ids[1]).not.toBe(firstId);
  expect(ids[2]).toBe(""); // one row appended, none repeated
  const amount = await p.column("Valor");
  expect([await p.shows(`${amount}2`), await p.shows(`${amount}3`)].sort()).toEqual([
    "R$ 1.500,00",
    "R$ 250,00",
  ]);
  await p.shot("refreshed");

  await p.pane.getByRole("button", { name: "Conciliar" }).click();
  const facts = p.pane.getByTestId("reconciliation");
  await facts.waitFor();
  await p.pane.getByText("Confere: depósitos menos distribuições igual ao saldo.").waitFor();
  expect((await facts.textContent())?.replace(/\s/g, " ")).toContain("Saldo na APIR$ 1.750,00");
  await p.shot("reconciled");
  expect(errors).toEqual([]);
});
