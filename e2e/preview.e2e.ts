/**
 * The preview itself: it opens with the demo workbook and the task pane connected to the sandbox
 * (the demo connection); a mistyped amount is fixed through Excel's name box and formula bar in
 * Brazilian separators, then by typing into the cell; the language switch keeps the workbook;
 * the saved .xlsx holds the fix and never the demo connection's token. The add-in's `Excel` is
 * Microsoft's office.js (the package's file, as it ships) over the fake Excel as its host.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import JSZip from "jszip";
import { DEMO_TOKEN } from "../sandbox/server";
import { ARTIFACTS, type World, openPreview, shot, startWorld } from "./harness";

// One webpack build and a browser, on a machine that may be busy: bounded, but generously.
jest.setTimeout(480_000);

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

describe("browser preview", () => {
  it("shows the demo workbook beside the task pane, fixes a cell, switches language and saves without the token", async () => {
    const { page, errors } = await openPreview(world, { lang: "pt-BR" });
    const grid = page.getByRole("grid", { name: "Distribuição" });
    await grid.waitFor();
    await page.getByRole("heading", { name: "ValePix para Excel" }).waitFor();
    await shot(page, "01-preview-pt-BR");

    // Row 4 holds "66O,00" (a letter O): go to C4 and type the amount.
    const row4 = grid.getByRole("row").filter({ hasText: "Gabriela Silva Freitas" });
    expect(await row4.getByRole("gridcell", { name: "66O,00" }).count()).toBe(1);
    await page.getByRole("textbox", { name: "Caixa de nome" }).fill("C4");
    await page.getByRole("textbox", { name: "Caixa de nome" }).press("Enter");
    expect(await page.getByRole("textbox", { name: "Barra de fórmulas" }).inputValue()).toBe("66O,00");
    // An amount typed with Brazilian separators is a number, shown in reais.
    await page.getByRole("textbox", { name: "Barra de fórmulas" }).fill("1.234,56");
    await page.getByRole("textbox", { name: "Barra de fórmulas" }).press("Enter");
    await row4.getByRole("gridcell", { name: "R$ 1.234,56" }).waitFor();
    // Typing straight into a selected cell replaces it, the first key included.
    await row4.getByRole("gridcell", { name: "R$ 1.234,56" }).click();
    await page.keyboard.type("660");
    await page.keyboard.press("Enter");
    await row4.getByRole("gridcell", { name: "R$ 660,00" }).first().waitFor();
    expect(await row4.getByRole("gridcell", { name: "R$ 660,00" }).count()).toBe(1); // Refeição only
    await shot(page, "02-cell-fixed-pt-BR");

    // Another sheet by its tab.
    await page.getByRole("tab", { name: "Funcionários" }).click();
    await page
      .getByRole("grid", { name: "Funcionários" })
      .getByRole("gridcell", { name: "055.379.534-12" })
      .waitFor();
    await page.getByRole("tab", { name: "Distribuição" }).click();

    // The language switch reloads as Office would start in English, keeping the workbook.
    await page.getByRole("combobox", { name: "Idioma do Office" }).selectOption("en-US");
    await page.getByRole("button", { name: "Save .xlsx" }).waitFor();
    const gridEn = page.getByRole("grid", { name: "Distribuição" });
    await gridEn
      .getByRole("row")
      .filter({ hasText: "Gabriela Silva Freitas" })
      .getByRole("gridcell", { name: "R$ 660.00" })
      .first()
      .waitFor();
    await shot(page, "03-preview-en-US");

    // The demo connection's token is kept where the add-in keeps tokens, and never reaches the file.
    await page.getByText("Sandbox (demo)", { exact: false }).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Save .xlsx" }).click(),
    ]);
    const file = path.join(ARTIFACTS, "saved.xlsx");
    await download.saveAs(file);
    const zip = await JSZip.loadAsync(await readFile(file));
    const parts = await Promise.all(Object.values(zip.files).map((f) => f.async("string")));
    expect(parts.some((text) => text.includes(DEMO_TOKEN))).toBe(false);
    const sheetXml = parts.join("\n");
    expect(sheetXml).toContain("Gabriela Silva Freitas");
    expect(sheetXml).not.toContain("66O,00");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("runs the add-in's Excel on Microsoft's office.js, served from node_modules", async () => {
    const { page, errors } = await openPreview(world, { lang: "pt-BR" });
    await page.getByRole("heading", { name: "ValePix para Excel" }).waitFor();
    const facts = await page.evaluate(async () => {
      type Library = { OfficeExtension: { ClientRequestContext: new () => object } };
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title="office.js"]');
      const library = frame?.contentWindow as unknown as Library;
      const script = frame?.contentDocument?.querySelector("script")?.getAttribute("src") ?? "";
      const excel = (globalThis as unknown as { Excel: typeof Excel }).Excel;
      return excel.run(async (context) => {
        const range = context.workbook.worksheets.getItem("Distribuição").getRange("A1");
        let unloaded = "";
        try {
          void range.values;
        } catch (error) {
          unloaded = (error as OfficeExtension.Error).code;
        }
        let missing: { code: string; statement?: string } = { code: "" };
        try {
          context.workbook.worksheets.getItem("Nenhuma").load("name");
          await context.sync();
        } catch (error) {
          const e = error as OfficeExtension.Error;
          missing = { code: e.code, statement: e.debugInfo.statement };
        }
        return {
          script,
          libraryContext: context instanceof library.OfficeExtension.ClientRequestContext,
          requestContext: context instanceof excel.RequestContext,
          derives: excel.RequestContext.prototype instanceof library.OfficeExtension.ClientRequestContext,
          unloaded,
          missing,
        };
      });
    });
    expect(new URL(facts.script).pathname).toBe("/office-js-preview/excel-web-16.00.js");
    expect(facts.libraryContext).toBe(true);
    expect(facts.requestContext).toBe(true);
    expect(facts.derives).toBe(true);
    expect(facts.unloaded).toBe("PropertyNotLoaded");
    expect(facts.missing.code).toBe("ItemNotFound");
    expect(facts.missing.statement).toContain("getItem");
    // The file is the package's, byte for byte.
    const served = await (await fetch(`${world.preview.url}/office-js-preview/excel-web-16.00.js`)).text();
    const shipped = await readFile(require.resolve("@microsoft/office-js/dist/excel-web-16.00.js"), "utf8");
    expect(served).toBe(shipped);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([
    ["pt-BR", 320],
    ["en-US", 320],
    ["pt-BR", 400],
  ] as const)("renders in %s with the pane at %i px without horizontal scrolling", async (lang, pane) => {
    const { page, errors } = await openPreview(world, { lang, pane, width: 1280 });
    await page.getByRole("grid").first().waitFor();
    const aside = page.getByRole("complementary", { name: "ValePix" });
    const box = await aside.boundingBox();
    expect(box?.width).toBe(pane);
    const overflow = await aside.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBe(0);
    await shot(page, `pane-${pane}-${lang}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
