import JSZip from "jszip";
import { type WorkbookSnapshot, emptySheet } from "./snapshot";
import { SETTINGS_SHEET, readXlsx, writeXlsx } from "./xlsx";

function sample(): WorkbookSnapshot {
  const dist = emptySheet("Distribuição");
  dist.cells = {
    A1: { value: "CPF" },
    B1: { value: "Refeição" },
    C1: { value: "Status ValePix" },
    A2: { value: "01234567890", format: "@" },
    B2: { value: 1234.56, format: '"R$" #,##0.00' },
    C2: { value: "OK" },
    A3: { value: "=cmd|' /C calc'!A0", format: "@" },
    B3: { value: 10, format: '"R$" #,##0.00' },
    C3: { value: "Erro" },
    A4: { value: "Total" },
    B4: { value: 1244.56, formula: "=SUBTOTAL(109,Dist[Refeição])", format: '"R$" #,##0.00' },
  };
  dist.tables = [
    { name: "Dist", ref: "A1:C4", columns: ["CPF", "Refeição", "Status ValePix"], hasTotalsRow: true },
  ];
  dist.columnWidths = { 0: 105, 1: 115.5 };
  dist.frozenRows = 1;
  dist.conditionalFormats = [{ ref: "C2:C3", formula: '=$C2="Erro"', fill: "#FFC7CE", font: "#9C0006" }];
  const log = emptySheet("ValePix_Log", "hidden");
  log.cells = { A1: { value: "2026-11-21T10:00:00Z" }, B1: { value: true } };
  return {
    sheets: [dist, log],
    settings: { "valepix.mapping.Dist": { cpf: "CPF" }, "valepix.lastRun": 3 },
    activeSheet: "Distribuição",
  };
}

// The first test loads exceljs (a large module): seconds on a busy machine.
jest.setTimeout(30_000);

describe("xlsx converter", () => {
  it("round-trips values, formats, formulas, tables, hidden sheets, widths, frozen rows, colours and settings", async () => {
    const model = sample();
    const back = await readXlsx(await writeXlsx(model));
    expect(back).toEqual(model);
  });

  it("keeps the settings in a very hidden sheet, not among the sheets people see", async () => {
    const zip = await JSZip.loadAsync(await writeXlsx(sample()));
    const workbookXml = await zip.file("xl/workbook.xml")!.async("string");
    expect(workbookXml).toMatch(new RegExp(`name="${SETTINGS_SHEET}"[^>]*state="veryHidden"`));
  });

  it("reads an empty table (Excel keeps one blank data row)", async () => {
    const s = emptySheet("S");
    s.cells = { B2: { value: "Nome" }, C2: { value: "Valor" } };
    s.tables = [{ name: "Vazia", ref: "B2:C3", columns: ["Nome", "Valor"], hasTotalsRow: false }];
    const back = await readXlsx(await writeXlsx({ sheets: [s], settings: {} }));
    expect(back.sheets[0]?.tables).toEqual(s.tables);
    expect(back.sheets[0]?.cells).toEqual(s.cells);
  });
});
