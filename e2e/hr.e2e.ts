/**
 * The HR journey: pull the employees into the sheet, type three new people under the table (the
 * table grows as in Excel), register them from the sheet: two are created and get their ids, the
 * one with a wrong CPF gets its error on its own row and is not sent; then pull the benefits,
 * type a new benefit under them and create it.
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

it("pulls employees, registers new ones from sheet rows with a bad CPF on its row, and creates a benefit", async () => {
  const { page, errors } = await openPreview(world, { lang: "pt-BR" });
  const p = new PreviewPage(page, "pt-BR", "hr");
  await p.pane.getByText("Conectado: Sandbox (demo)").waitFor();
  await p.screen("Dados");
  await p.pane.getByRole("combobox", { name: "Situação dos colaboradores" }).selectOption({ label: "Todas" });
  await p.pane.getByRole("button", { name: "Colaboradores", exact: true }).click();
  await p.message("Tabela ValePix_Colaboradores: 50 nova(s), 0 atualizada(s).");
  await p.sheet("Colaboradores");
  await p.shot("employees-pulled");

  // Three new people in the rows under the 50 pulled ones (rows 2-51).
  await p.typeRow("B52", ["Ana Nova Pereira", "529.982.247-25", "ana.pereira@example.com"]);
  await p.typeRow("B53", ["Bruno Novo Lima", "111.444.777-35", "bruno.lima@example.com"]);
  await p.typeRow("B54", ["Carla CPF Errado", "123.456.789-00", "carla@example.com"]);
  await p.pane.getByRole("combobox", { name: "Tabela" }).first().selectOption("ValePix_Colaboradores");
  await p.shot("new-rows-typed");
  await p.pane.getByRole("button", { name: "Cadastrar", exact: true }).click();
  await p.message("2 cadastrado(s), 50 já existiam, 1 com erro");
  const status = await p.column("Status ValePix");
  const message = await p.column("Mensagem ValePix");
  expect(await p.raw(`${status}54`)).toBe("Erro");
  expect(await p.raw(`${message}54`)).toMatch(/^CPF inválido .*: corrija o CPF\.$/);
  expect(await p.raw("A54")).toBe("");
  for (const row of [52, 53]) {
    expect(await p.raw(`${status}${row}`)).toBe("Cadastrado");
    expect(await p.raw(`A${row}`)).toMatch(/^emp_/);
  }
  await p.goTo(`${message}54`);
  await p.shot("registered");

  // A benefit: pull the one the company has, type a new one under it, create it.
  await p.screen("Dados");
  await p.pane.getByRole("button", { name: "Benefícios", exact: true }).click();
  await p.message("Tabela ValePix_Beneficios: 1 nova(s)");
  await p.sheet("Benefícios");
  await p.typeRow("B3", ["Cultura e educação", "Livros, cursos e cinema"]);
  await p.type(`${await p.column("Cultura")}3`, "150,00");
  await p.type(`${await p.column("Educação")}3`, "200,00");
  await p.pane.getByRole("combobox", { name: "Tabela" }).nth(1).selectOption("ValePix_Beneficios");
  await p.pane.getByRole("button", { name: "Salvar benefícios" }).click();
  await p.message("1 criado(s), 0 atualizado(s), 0 com erro");
  expect(await p.raw("A3")).not.toBe("");
  expect(await p.shows(`${await p.column("Cultura")}3`)).toBe("R$ 150,00");
  await p.shot("benefit-created");
  expect(errors).toEqual([]);
});
