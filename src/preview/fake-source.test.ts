import { OfficeWorkbook } from "../excel";
import type { TableChange } from "../workbook/port";
import { demoWorkbook } from "./demo";
import { fakeFromSnapshot } from "./fake-io";
import { FakeSheetSource } from "./fake-source";

async function open(locale: "pt-BR" | "en-US" = "pt-BR") {
  const excel = await fakeFromSnapshot(demoWorkbook());
  return { excel, source: new FakeSheetSource(excel, locale) };
}

describe("the spreadsheet view over the fake Excel", () => {
  it("stores an amount typed in the display language's separators as a number", async () => {
    const { excel, source } = await open("pt-BR");
    await source.typeCell("Distribuição", "C4", "1.234,56");
    expect(excel.cell("Distribuição", "C4")).toBe(1234.56);
    await source.typeCell("Distribuição", "C5", "R$ 660,00");
    expect(excel.cell("Distribuição", "C5")).toBe(660);
    const en = await open("en-US");
    await en.source.typeCell("Distribuição", "C4", "1,234.56");
    expect(en.excel.cell("Distribuição", "C4")).toBe(1234.56);
  });

  it("keeps text in a text-formatted cell and a mistyped amount as text", async () => {
    const { excel, source } = await open();
    await source.typeCell("Distribuição", "A2", "012.345.678-90");
    expect(excel.cell("Distribuição", "A2")).toBe("012.345.678-90");
    await source.typeCell("Distribuição", "C3", "66O,00");
    expect(excel.cell("Distribuição", "C3")).toBe("66O,00");
  });

  it("raises the table change the add-in's adapter listens to, and redraws", async () => {
    const { excel, source } = await open();
    const workbook = new OfficeWorkbook(source.run);
    const changes: TableChange[] = [];
    await workbook.onTableChanged("Distribuicao_Demo", (c) => changes.push(c));
    let redraws = 0;
    source.subscribe(() => redraws++);
    await source.typeCell("Distribuição", "C4", "660");
    await new Promise((r) => setTimeout(r, 20));
    expect(changes).toEqual([
      {
        table: "Distribuicao_Demo",
        firstRow: 2,
        rowCount: 1,
        firstColumn: 2,
        columnCount: 1,
        structural: false,
        // Placed from the table's position as the adapter last saw it (when it subscribed).
        placedOn: { headerRow: 1, firstColumn: 0, columnCount: 6, rowCount: 12 },
      },
    ]);
    expect(redraws).toBeGreaterThan(0);
    expect(excel.cell("Distribuição", "C4")).toBe(660);
  });

  it("follows the add-in's selection and redraws after the add-in's writes", async () => {
    const { source } = await open();
    const workbook = new OfficeWorkbook(source.run);
    let redraws = 0;
    source.subscribe(() => redraws++);
    await workbook.selectTableCell("Distribuicao_Demo", 4, "Refeição");
    expect(source.selection()).toEqual({ sheet: "Distribuição", address: "C6" });
    expect(redraws).toBeGreaterThan(0);
    await source.activate("Produtos");
    expect((await source.snapshot()).activeSheet).toBe("Produtos");
  });

  it("takes a row typed just below a table into the table, as Excel's AutoExpansion does", async () => {
    const { excel, source } = await open();
    await source.typeCell("Funcionários", "A14", "Nova Pessoa");
    await source.typeCell("Funcionários", "B14", "529.982.247-25");
    expect(excel.table("Funcionarios")).toMatchObject({ address: "A1:D14", rowCount: 13 });
    expect(excel.numberFormat("Funcionários", "B14")).toBe("@");
    expect(excel.cell("Funcionários", "B14")).toBe("529.982.247-25");
    // Two rows below is not next to the table: nothing grows.
    await source.typeCell("Funcionários", "A16", "x");
    expect(excel.table("Funcionarios")).toMatchObject({ rowCount: 13 });
  });

  it("sends nothing through office.js for what Excel's own window does: typing, selecting, a tab, a redraw", async () => {
    const { excel, source } = await open();
    excel.resetStats();
    await source.typeCell("Funcionários", "A14", "Nova Pessoa");
    await source.select({ sheet: "Distribuição", address: "C4" });
    await source.activate("Produtos");
    await source.snapshot();
    // Only the add-in's own batches are requests, as in Excel: its grid is not an add-in.
    expect(excel.stats.syncs).toBe(0);
    await source.run(async (context) => {
      context.workbook.worksheets.getItem("Produtos").load("name");
      await context.sync();
    });
    expect(excel.stats.syncs).toBe(1);
  });

  it("reads the workbook once per change, for every caller that asks before the next one", async () => {
    const { source } = await open();
    const [a, b] = await Promise.all([source.snapshot(), source.snapshot()]);
    expect(b).toBe(a);
    await source.typeCell("Distribuição", "C4", "660");
    const after = await source.snapshot();
    expect(after).not.toBe(a);
    expect(after.sheets.find((s) => s.name === "Distribuição")?.cells.C4?.value).toBe(660);
    expect(await source.snapshot()).toBe(after);
  });
});
