/** The table that holds the selection, over the fake Excel (`Workbook.getSelectedRange`). */
import { activeTableName, sheetOfAddress } from "./active-table";
import { createFakeExcel } from "./fake";

function excel() {
  return createFakeExcel({
    tables: [
      {
        name: "Janeiro",
        sheet: "Folha de maio",
        header: ["CPF", "VR"],
        rows: [
          ["1", 1],
          ["2", 2],
        ],
      },
      { name: "Fevereiro", sheet: "Folha de maio", header: ["CPF", "VR"], rows: [["3", 3]], at: "E3" },
      { name: "Outra", sheet: "Plan2", header: ["CPF"], rows: [["4"]] },
    ],
  });
}

async function select(fake: ReturnType<typeof excel>, sheet: string, a1: string) {
  await fake.run(async (context) => {
    context.workbook.worksheets.getItem(sheet).getRange(a1).select();
    await context.sync();
  });
}

test("the table whose range holds the selection's first cell, header and body alike", async () => {
  const fake = excel();
  await select(fake, "Folha de maio", "B3");
  expect(await activeTableName(fake.run)).toBe("Janeiro");
  await select(fake, "Folha de maio", "E3:F9");
  expect(await activeTableName(fake.run)).toBe("Fevereiro");
  await select(fake, "Plan2", "A1");
  expect(await activeTableName(fake.run)).toBe("Outra");
});

test("outside every table (beside one, or on the same cell of another sheet): none", async () => {
  const fake = excel();
  await select(fake, "Folha de maio", "C1");
  expect(await activeTableName(fake.run)).toBeUndefined();
  await select(fake, "Folha de maio", "A4");
  expect(await activeTableName(fake.run)).toBeUndefined();
  await select(fake, "Plan2", "B2");
  expect(await activeTableName(fake.run)).toBeUndefined();
});

test("two syncs, whatever the table count", async () => {
  const fake = excel();
  await select(fake, "Plan2", "A2");
  fake.resetStats();
  await activeTableName(fake.run);
  expect(fake.stats.syncs).toBe(2);
});

test("sheet names as Excel writes them in addresses", () => {
  expect(sheetOfAddress("Plan1!A1:B2")).toBe("Plan1");
  expect(sheetOfAddress("'Folha de maio'!B3")).toBe("Folha de maio");
  expect(sheetOfAddress("'D''Ávila'!C4")).toBe("D'Ávila");
});

test("several areas (Ctrl+click) or a chart selected: Excel's InvalidSelection, as a host error", async () => {
  const fake = excel();
  fake.selectAreas("Folha de maio", "B3", "E4:F4");
  await expect(activeTableName(fake.run)).rejects.toMatchObject({
    name: "WorkbookHostError",
    code: "InvalidSelection",
  });
  fake.selectObject("Plan2", "Chart 1");
  await expect(activeTableName(fake.run)).rejects.toMatchObject({ code: "InvalidSelection" });
  fake.selectAreas("Folha de maio", "E4:F4");
  expect(await activeTableName(fake.run)).toBe("Fevereiro");
});
