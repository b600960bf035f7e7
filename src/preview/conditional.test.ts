import { conditionalColours } from "./conditional";
import { type CellSnapshot, emptySheet, a1 } from "./snapshot";

describe("conditional colours", () => {
  const sheet = emptySheet("S");
  sheet.cells = {
    G2: { value: "Erro" },
    G3: { value: "OK" },
    G4: { value: "erro" },
    G5: { value: "Enviado" },
  };
  sheet.conditionalFormats = [
    { ref: "G2:G5", formula: '=$G2="Erro"', fill: "#FFC7CE", font: "#9C0006" },
    { ref: "G2:G5", formula: '=LEFT($G2,3)="Env"', fill: "#C6EFCE" },
  ];
  const at = (r: number, c: number): CellSnapshot | undefined => sheet.cells[a1(r, c)];

  it("colours the rows whose status matches, relative to the rule's first cell, ignoring case as Excel does", () => {
    expect(conditionalColours(sheet, 1, 6, at)).toEqual({ fill: "#FFC7CE", font: "#9C0006" });
    expect(conditionalColours(sheet, 2, 6, at)).toBeNull();
    expect(conditionalColours(sheet, 3, 6, at)).toEqual({ fill: "#FFC7CE", font: "#9C0006" });
    expect(conditionalColours(sheet, 4, 6, at)).toEqual({ fill: "#C6EFCE" });
  });

  it("colours nothing outside the rule's range or for a formula it does not understand", () => {
    expect(conditionalColours(sheet, 1, 5, at)).toBeNull();
    const other = {
      ...sheet,
      conditionalFormats: [{ ref: "G2:G5", formula: "=ISERROR(G2)", fill: "#000000" }],
    };
    expect(conditionalColours(other, 1, 6, at)).toBeNull();
  });
});

describe("the adapter's highlight of several texts", () => {
  it("colours a cell when any comparison of an OR holds", () => {
    const sheet = emptySheet("S");
    sheet.cells = { C2: { value: "Erro, linha 3" }, C3: { value: "Pendente" }, C4: { value: "OK" } };
    sheet.conditionalFormats = [
      { ref: "C2:C4", formula: '=OR(C2="Erro, linha 3",C2="Pendente")', fill: "#FFC7CE" },
    ];
    const at = (r: number, c: number): CellSnapshot | undefined => sheet.cells[a1(r, c)];
    expect(conditionalColours(sheet, 1, 2, at)).toEqual({ fill: "#FFC7CE" });
    expect(conditionalColours(sheet, 2, 2, at)).toEqual({ fill: "#FFC7CE" });
    expect(conditionalColours(sheet, 3, 2, at)).toBeNull();
  });
});
