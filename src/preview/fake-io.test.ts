import { OfficeWorkbook } from "../excel";
import { demoWorkbook } from "./demo";
import { fakeFromSnapshot, readSnapshot } from "./fake-io";
import { type WorkbookSnapshot, emptySheet } from "./snapshot";

describe("the fake Excel and a workbook snapshot", () => {
  it("opens the demo workbook in the fake and reads back the same workbook", async () => {
    const demo = demoWorkbook();
    const excel = await fakeFromSnapshot(demo);
    expect(await readSnapshot(excel)).toEqual(demo);
    expect(excel.numberFormat("Distribuição", "A5")).toBe("@");
    expect(excel.cell("Distribuição", "A5")).toBe("055.379.534-12");
  });

  it("keeps text that Excel would turn into numbers, formulas and booleans, and keeps formulas, totals, layout and settings", async () => {
    const s = emptySheet("Folha");
    s.cells = {
      A1: { value: "Código" },
      B1: { value: "Valor" },
      A2: { value: "00123" },
      B2: { value: 10 },
      A3: { value: "=texto" },
      B3: { value: 5.5 },
      A4: { value: "TRUE" },
      B4: { value: 2 },
      A5: { value: "Total" },
      B5: { value: 17.5, formula: "=SUBTOTAL(109,T[Valor])" },
    };
    s.tables = [{ name: "T", ref: "A1:B5", columns: ["Código", "Valor"], hasTotalsRow: true }];
    s.columnWidths = { 0: 80 };
    s.frozenRows = 1;
    s.conditionalFormats = [{ ref: "A2:A4", formula: '=A2="00123"', fill: "#FFC7CE" }];
    const hidden = emptySheet("ValePix_Log", "hidden");
    hidden.cells = { A1: { value: "x" } };
    const snapshot: WorkbookSnapshot = {
      sheets: [s, hidden],
      settings: { "valepix.mapping.T": { cpf: "CPF" } },
      activeSheet: "Folha",
    };
    const excel = await fakeFromSnapshot(snapshot);
    expect(await readSnapshot(excel)).toEqual(snapshot);
    expect(excel.table("T")).toMatchObject({ address: "A1:B5", rowCount: 3, showTotals: true });
  });

  it("is the workbook the add-in's adapter reads", async () => {
    const excel = await fakeFromSnapshot(demoWorkbook());
    const workbook = new OfficeWorkbook(excel.run);
    const tables = await workbook.listTables();
    expect(tables.map((t) => t.name).sort()).toEqual(["Distribuicao_Demo", "Funcionarios", "Produtos"]);
  });
});
