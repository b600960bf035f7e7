/**
 * Formulas in amount cells, in the preview as a Brazilian person types them: `=22*32,7` shows
 * R$ 719,40 and validates as 719,40 (71,940 cents: the row total says so); `=1/0` is a problem that
 * names its row and column; fixed, the row is ready.
 */
import { DISTRIBUTE_WORDS } from "../src/features/distribute/words";
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

it("=22*32,7 is R$ 719,40 in the cell and in the total; =1/0 names its cell", async () => {
  const { page, errors } = await openPreview(world, { lang: "pt-BR" });
  const p = new PreviewPage(page, "pt-BR", "formulas");
  const d = DISTRIBUTE_WORDS["pt-BR"];
  await p.pane.getByText("Conectado: Sandbox (demo)").waitFor();
  await p.screen("Distribuir");
  await p.pane.getByRole("button", { name: d.createTemplate }).click();
  await p.message(d.templateCreated({ table: "ValePix_Distribuicao" }));
  const ref = await p.column("Refeição");
  const ali = await p.column("Alimentação");
  const status = await p.column("Status ValePix");
  const total = await p.column("Total da linha");

  await p.type(`${ref}2`, "=22*32,7");
  await p.type(`${ali}2`, "=1/0");
  expect(await p.raw(`${ref}2`)).toBe("=22*32,7");
  await until(() => p.shows(`${ref}2`), "R$ 719,40");
  expect(await p.shows(`${ali}2`)).toBe("#DIV/0!");

  await p.pane.getByRole("button", { name: d.validate, exact: true }).click();
  const problem = p.pane.getByRole("button", {
    name: /Linha 2, coluna Alimentação: A fórmula dá o erro #DIV\/0!/,
  });
  await problem.waitFor();
  expect(await p.raw(`${status}2`)).toBe("Erro");
  await p.shot("formula-error");

  await p.type(`${ali}2`, "=50*2");
  await p.pane.getByRole("button", { name: d.validate, exact: true }).click();
  await until(() => p.raw(`${status}2`), "Pronto");
  expect(await p.shows(`${total}2`)).toBe("R$ 819,40");
  await p.shot("formula-fixed");
  expect(errors).toEqual([]);
});
