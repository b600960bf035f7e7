/**
 * The HR journey: pull the employees and the benefits into the sheet; type a new benefit under
 * the one the company has and create it; type three new people under the employees table (the
 * table grows as in Excel), the two good ones as members of the new benefit (its id copied from
 * the benefits sheet), and register them from the sheet: two are created and get their ids, the
 * one with a wrong CPF gets its error on its own row and is not sent. Then a `group`
 * distribution of the new benefit: the server picks exactly the two new people with the
 * benefit's amounts, the review table shows them, it is paid by PIX and ends completed; the
 * sandbox holds exactly that.
 */
import { messagesFor } from "../src/ui/i18n";
import { DISTRIBUTE_WORDS } from "../src/features/distribute";
import { apiGet, openPreview, startWorld, type World } from "./harness";
import { PreviewPage } from "./preview-page";

jest.setTimeout(180_000);

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

interface Items {
  data: Array<{ employee_id: string; values?: Array<{ product_id: string; value: number }> }>;
}

it("pulls employees, creates a benefit, registers its new members from sheet rows (a bad CPF on its row) and sends a group distribution of it", async () => {
  const t = messagesFor("pt-BR");
  const d = DISTRIBUTE_WORDS["pt-BR"];
  const { page, errors } = await openPreview(world, { lang: "pt-BR" });
  const p = new PreviewPage(page, "pt-BR", "hr");
  await p.pane.getByText("Conectado: Sandbox (demo)").waitFor();
  await p.screen("Dados");
  await p.pane.getByRole("combobox", { name: "Situação dos colaboradores" }).selectOption({ label: "Todas" });
  await p.pane.getByRole("button", { name: "Colaboradores", exact: true }).click();
  await p.message("Tabela ValePix_Colaboradores: 50 nova(s), 0 atualizada(s).");
  await p.sheet("Colaboradores");
  await p.shot("employees-pulled");

  // A benefit: pull the one the company has, type a new one under it, create it.
  await p.pane.getByRole("button", { name: "Benefícios", exact: true }).click();
  await p.message("Tabela ValePix_Beneficios: 1 nova(s)");
  await p.sheet("Benefícios");
  await p.typeRow("B3", ["Cultura e educação", "Livros, cursos e cinema"]);
  await p.type(`${await p.column("Cultura")}3`, "150,00");
  await p.type(`${await p.column("Educação")}3`, "200,00");
  await p.pane.getByRole("combobox", { name: "Tabela" }).nth(1).selectOption("ValePix_Beneficios");
  await p.pane.getByRole("button", { name: "Salvar benefícios" }).click();
  await p.message("1 criado(s), 0 atualizado(s), 0 com erro");
  const benefitId = await p.raw("A3");
  expect(benefitId).toMatch(/\S/);
  expect(await p.shows(`${await p.column("Cultura")}3`)).toBe("R$ 150,00");
  await p.shot("benefit-created");

  // Three new people in the rows under the 50 pulled ones (rows 2-51); the two good ones in the
  // new benefit, by its id (the benefits column holds ids, as the pull writes them).
  await p.sheet("Colaboradores");
  const benefitsColumn = await p.column("Benefícios");
  await p.typeRow("B52", ["Ana Nova Pereira", "529.982.247-25", "ana.pereira@example.com"]);
  await p.type(`${benefitsColumn}52`, benefitId);
  await p.typeRow("B53", ["Bruno Novo Lima", "111.444.777-35", "bruno.lima@example.com"]);
  await p.type(`${benefitsColumn}53`, benefitId);
  await p.typeRow("B54", ["Carla CPF Errado", "123.456.789-00", "carla@example.com"]);
  await p.pane.getByRole("combobox", { name: "Tabela" }).first().selectOption("ValePix_Colaboradores");
  await p.shot("new-rows-typed");
  await p.pane.getByRole("button", { name: "Cadastrar", exact: true }).click();
  // The pane names the row and what is wrong with it; the row's own message says the rest.
  await p.message("2 cadastrado(s), 50 já existiam, 1 com erro. Linha 54: CPF inválido.");
  const status = await p.column("Status ValePix");
  const message = await p.column("Mensagem ValePix");
  expect(await p.raw(`${status}54`)).toBe("Erro");
  expect(await p.raw(`${message}54`)).toMatch(/^CPF inválido\. O CPF .*\.$/);
  expect(await p.raw(`${message}54`)).not.toMatch(/\(.*\(/);
  expect(await p.raw("A54")).toBe("");
  const newIds: string[] = [];
  for (const row of [52, 53]) {
    expect(await p.raw(`${status}${row}`)).toBe("Cadastrado");
    newIds.push(await p.raw(`A${row}`));
  }
  expect(newIds.every((id) => /^emp_/.test(id))).toBe(true);
  await p.goTo(`${message}54`);
  await p.shot("registered");

  // A group distribution of the new benefit: the server picks its members.
  await p.screen(t.app.tabDistribute);
  await p.pane.getByRole("combobox", { name: t.common.table }).selectOption("ValePix_Colaboradores");
  await p.pane.getByRole("radio", { name: d.modeGroup }).check();
  await p.pane
    .getByRole("group", { name: d.benefits })
    .getByRole("checkbox", { name: "Cultura e educação" })
    .check();
  await p.shot("group-chosen");
  await p.pane.getByRole("button", { name: d.send }).click();
  await p.pane.getByText(d.reviewMatches).waitFor({ timeout: 60_000 });
  const sentLine = p.pane.getByRole("status").filter({ hasText: /^Rascunho / });
  const sentText = ((await sentLine.textContent()) ?? "").replace(/\s/g, " ");
  expect(sentText).toMatch(/: 2 colaborador\(es\), R\$ 700,00\./);
  expect(sentText).toContain(d.reviewTableWritten({ table: "ValePix_Grupo" }));
  // The draft's id is a detail, under its disclosure.
  await p.pane.getByRole("button", { name: d.details }).click();
  const details = p.pane.getByTestId("sent-details");
  const distributionId = ((await details.locator("dd").first().textContent()) ?? "").trim();
  expect(distributionId).toMatch(/^\S+$/);
  await p.shot("group-review");

  // Paid by PIX (the payer given), confirmed, followed to its final state.
  const form = p.pane.getByRole("form", { name: d.finalizeTitle });
  await form.getByLabel(d.description).fill("Cultura e educação: novos colaboradores");
  await form.getByRole("radio", { name: d.methods.PIX, exact: true }).check();
  await form.getByLabel(t.common.payerName).fill("Padaria Central Ltda");
  await form.getByLabel(t.common.payerDocument).fill("11.222.333/0001-81");
  await form.getByRole("button", { name: d.toConfirm }).click();
  await p.pane
    .getByRole("region", { name: d.confirmTitle })
    .getByRole("button", { name: d.confirmPay })
    .click();
  const result = p.pane.getByTestId("result");
  await result.waitFor({ timeout: 60_000 });
  expect(await result.textContent()).toContain(`${d.statuses.completed}.`);
  await p.shot("group-paid");

  // The review table in the sheet: the two new people, the benefit's amounts, the distribution.
  await p.sheet("ValePix_Grupo");
  const names = [await p.raw("B2"), await p.raw("B3")].sort();
  expect(names).toEqual(["Ana Nova Pereira", "Bruno Novo Lima"]);
  expect(await p.raw("A4")).toBe("");
  const total = await p.column("Total");
  expect([await p.shows(`${total}2`), await p.shows(`${total}3`)]).toEqual(["R$ 350,00", "R$ 350,00"]);
  expect(await p.raw(`${await p.column("Distribuição")}2`)).toBe(distributionId);
  const situation = await p.column("Situação");
  for (const row of [2, 3])
    expect(await p.raw(`${situation}${row}`)).toMatch(
      new RegExp(`^R\\$\\s[\\d.,]+ pagos na distribuição ${distributionId}$`),
    );
  await p.shot("group-in-sheet");

  // What the server holds: a completed group distribution of the new benefit, exactly the two
  // new members, each with the benefit's two amounts.
  const dist = await apiGet<{
    status: string;
    type: string;
    benefit_convention_ids: string[];
    total_employees: number;
    total_amount: number;
  }>(world, `/distributions/${distributionId}`);
  expect(dist).toMatchObject({
    status: "completed",
    type: "group",
    benefit_convention_ids: [benefitId],
    total_employees: 2,
    total_amount: 70_000,
  });
  const items = await apiGet<Items>(world, `/distributions/${distributionId}/items?page=1&limit=100`);
  expect(items.data.map((i) => i.employee_id).sort()).toEqual([...newIds].sort());
  for (const item of items.data) {
    expect((item.values ?? []).map((v) => v.value).sort((a, b) => a - b)).toEqual([15_000, 20_000]);
  }
  expect(errors).toEqual([]);
});
