/**
 * Text into cells as Excel reads it: `Range.values` as en-US typing, a person's typing and
 * `formulasLocal` in the workbook's culture (the rules and their sources: ./culture.ts, ./cells.ts).
 */
import type { CellInput } from "../office-api";
import { createFakeExcel } from ".";
import { officeLibrary } from "./client";
import type { Culture } from "./culture";

const excelIn = (culture: Culture) => createFakeExcel({ sheets: { S: [] }, culture });

async function put(excel: ReturnType<typeof excelIn>, address: string, rows: CellInput[][], local = false) {
  await excel.run(async (context) => {
    const range = context.workbook.worksheets.getItem("S").getRange(address);
    if (local) range.formulasLocal = rows;
    else range.values = rows;
    await context.sync();
  });
}

async function load(excel: ReturnType<typeof excelIn>, address: string) {
  return excel.run(async (context) => {
    const range = context.workbook.worksheets
      .getItem("S")
      .getRange(address)
      .load(["values", "formulas", "formulasLocal", "text", "valueTypes", "numberFormat"]);
    await context.sync();
    return range;
  });
}

describe("Range.values reads text as en-US typing, whatever the culture", () => {
  test.each(["en-US", "pt-BR"] as const)("in a %s workbook", async (culture) => {
    const excel = excelIn(culture);
    await put(excel, "A1:F1", [["05/06/2026", "10%", "1-2", "01234", "1,234.5", "123456789012345678"]]);
    const r = await load(excel, "A1:F1");
    // 6 May 2026 is serial 46148; "1-2" is 2 January of the current year.
    expect(r.values[0]?.slice(0, 2)).toEqual([46148, 0.1]);
    expect(r.numberFormat[0]?.slice(0, 3)).toEqual(["m/d/yyyy", "0%", "d-mmm"]);
    expect(r.valueTypes[0]?.[2]).toBe("Double");
    expect(r.values[0]?.slice(3)).toEqual([1234, 1234.5, 123456789012345000]);
  });

  test("a text-formatted cell keeps the text; an apostrophe too", async () => {
    const excel = excelIn("en-US");
    await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem("S").getRange("A1:B1");
      range.numberFormat = [["@", "General"]];
      range.values = [["1-2", "'05/06/2026"]];
      await context.sync();
    });
    expect((await load(excel, "A1:B1")).values).toEqual([["1-2", "05/06/2026"]]);
  });

  test("a cell holds at most 32,767 characters; a longer write fails and writes nothing", async () => {
    const excel = excelIn("en-US");
    await put(excel, "A1", [["x".repeat(32_767)]]);
    await expect(put(excel, "B1:C1", [["ok", "x".repeat(32_768)]])).rejects.toMatchObject({
      name: "RichApi.Error",
    });
    expect(excel.cell("S", "B1")).toBe("");
    await expect(put(excel, "C1", [[`=${"1+".repeat(4_096)}1`]])).rejects.toMatchObject({
      name: "RichApi.Error",
    });
  });
});

describe("a person typing, and formulasLocal, read in the workbook's culture", () => {
  test("pt-BR: day first, comma decimals, ; between arguments, Portuguese function names", async () => {
    const excel = excelIn("pt-BR");
    excel.typeCell("S", "A1", "05/06/2026");
    excel.typeCell("S", "A2", "1.234,56");
    excel.typeCell("S", "A3", "=22*32,7");
    excel.typeCell("S", "A4", "=SOMA(A2:A3;1)");
    excel.typeCell("S", "A5", '=SE(A3>700;"alto";"baixo")');
    const r = await load(excel, "A1:A5");
    expect(r.values.flat()).toEqual([46178, 1234.56, 719.4000000000001, 1954.96, "alto"]);
    expect(r.formulas.flat().slice(2)).toEqual(["=22*32.7", "=SUM(A2:A3,1)", '=IF(A3>700,"alto","baixo")']);
    expect(r.formulasLocal.flat().slice(2)).toEqual([
      "=22*32,7",
      "=SOMA(A2:A3;1)",
      '=SE(A3>700;"alto";"baixo")',
    ]);
    expect(r.numberFormat[0]).toEqual(["dd/mm/yyyy"]);
    expect(r.text[0]).toEqual(["05/06/2026"]);
  });

  test("formulasLocal writes like typing; en-US reads 05/06/2026 as 6 May", async () => {
    const pt = excelIn("pt-BR");
    await put(pt, "A1:B1", [["05/06/2026", "=ARRED(2,345;2)"]], true);
    expect((await load(pt, "A1:B1")).values).toEqual([[46178, 2.35]]);
    const en = excelIn("en-US");
    en.typeCell("S", "A1", "05/06/2026");
    expect(en.cell("S", "A1")).toBe(46148);
  });

  test("text reads what the cell shows, in the culture's separators", async () => {
    const excel = excelIn("pt-BR");
    excel.typeCell("S", "A1", "R$ 1.234,50");
    excel.typeCell("S", "A2", "VERDADEIRO");
    const r = await load(excel, "A1:A2");
    expect(r.values.flat()).toEqual([1234.5, true]);
    expect(r.text.flat()).toEqual(["R$ 1.234,50", "VERDADEIRO"]);
  });

  test("a custom function typed by its Portuguese name is stored by its invariant name", async () => {
    const excel = excelIn("pt-BR");
    (await officeLibrary()).CustomFunctions?.associate("BALANCE", () => 10);
    excel.useCustomFunctions({
      namespace: "VALEPIX",
      metadata: [
        { functions: [{ id: "BALANCE", name: "BALANCE", parameters: [] }] },
        { locale: "pt-BR", functions: [{ id: "BALANCE", name: "SALDO" }] },
      ],
    });
    const computed = new Promise((resolve) => excel.onRecalculated(() => resolve(undefined)));
    excel.typeCell("S", "A1", "=VALEPIX.SALDO()*2");
    expect(excel.cell("S", "A1")).toBe("#BUSY!");
    await computed;
    const r = await load(excel, "A1");
    expect(r.formulas).toEqual([["=VALEPIX.BALANCE()*2"]]);
    expect(r.formulasLocal).toEqual([["=VALEPIX.SALDO()*2"]]);
    expect(r.values).toEqual([[20]]);
  });

  test("Application.cultureInfo gives the culture and its separators", async () => {
    const info = await excelIn("pt-BR").run(async (context) => {
      const culture = context.workbook.application as unknown as {
        cultureInfo: {
          name: string;
          numberFormat: { numberDecimalSeparator: string; numberGroupSeparator: string; load(): void };
          load(): void;
        };
      };
      culture.cultureInfo.load();
      culture.cultureInfo.numberFormat.load();
      await context.sync();
      return [
        culture.cultureInfo.name,
        culture.cultureInfo.numberFormat.numberDecimalSeparator,
        culture.cultureInfo.numberFormat.numberGroupSeparator,
      ];
    });
    expect(info).toEqual(["pt-BR", ",", "."]);
  });
});
