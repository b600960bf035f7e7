import type { Employee, Product } from "../api/schemas";
import { computeMapping } from "./mapping";
import { loadMapping } from "./mapping-store";
import { EmployeeIndex } from "./matching";
import { MemoryWorkbook, createMemoryWorkbook } from "../excel/memory-workbook";
import type { CellValue } from "./port";
import { CURRENCY_FORMAT, createDistributionTemplate, productHeaders } from "./template";
import { PRODUCTS, makeCpf, makeEmployees } from "./testing/people";
import { validateTable } from "./validation";
import { validationRowResults, writeRowResults } from "./writeback";

const employees: Employee[] = [
  ...makeEmployees(5, 5),
  {
    employee_id: "e_evil",
    name: '=HYPERLINK("http://x","clique")',
    email: "@evil",
    cpf: makeCpf(99),
    situation: "active",
  },
];

describe("distribution template", () => {
  test("creates a formatted sheet from the active employees and products", async () => {
    const wb = createMemoryWorkbook({ sheets: { Distribuição: [["já existe"]] } });
    const { table, mapping } = await createDistributionTemplate(wb, { employees, products: PRODUCTS });
    expect(table.sheet).toBe("Distribuição (2)");
    expect(table.name).toBe("ValePix_Distribuicao");
    expect(table.header).toEqual([
      "ID do colaborador",
      "CPF",
      "Nome",
      "E-mail",
      "Centro de custo",
      ...PRODUCTS.map((p) => p.name),
      "Status ValePix",
      "Mensagem ValePix",
      "Total da linha",
    ]);
    // e5 is inactive and left out; names sorted.
    expect(table.rowCount).toBe(5);
    const s = table.sheet;
    expect(wb.cell(s, "A2")).toBe("e_evil");
    expect(wb.cell(s, "C2")).toBe('=HYPERLINK("http://x","clique")');
    expect(wb.cell(s, "D2")).toBe("@evil");
    expect(wb.allFormulas().filter((f) => f.sheet === s && f.row !== table.rowCount + 1)).toEqual([]);
    // CPF as formatted text with its leading zeros; ID and CPF columns are text.
    expect(wb.cell(s, "B3")).toBe("000.007.920-04");
    expect(wb.numberFormat(s, "B3")).toBe("@");
    expect(wb.numberFormat(s, "A3")).toBe("@");
    expect(wb.numberFormat(s, "E3")).toBe("@");
    expect(wb.numberFormat(s, "F3")).toBe(CURRENCY_FORMAT);
    const cols = wb.tableColumns(table.name);
    expect(cols.filter((c) => c.validation?.kind === "nonNegativeNumber").map((c) => c.header)).toEqual(
      PRODUCTS.map((p) => p.name),
    );
    expect(wb.totalsRow(table.name)).toEqual(["Total", "", "", "", "", 0, 0, 0, 0, 0, 0, "", "", 0]);
    expect(wb.sheetLayout(s).frozenRows).toBe(1);
    // The status column (L) colours a row in error or failed, in either language.
    expect(wb.sheetLayout(s).conditionalFormats).toEqual([
      {
        address: `L2:L${table.rowCount + 1}`,
        formula: '=OR(L2="Erro",L2="Falhou",L2="Error",L2="Failed")',
        fill: "#FFC7CE",
        font: "#9C0006",
      },
    ]);
    expect(wb.activeSheet()).toBe(s);
    // Every column maps back, exactly, and the mapping is saved.
    expect(mapping.issues).toEqual([]);
    expect(mapping.products.map((p) => p.product_id)).toEqual(PRODUCTS.map((p) => p.id));
    const saved = await loadMapping(wb, table.name, table.header, PRODUCTS);
    expect(saved.columns.every((c) => c.how === "override")).toBe(true);
  });

  test("a renamed product still maps through the saved mapping", async () => {
    const wb = createMemoryWorkbook();
    const { table } = await createDistributionTemplate(wb, {
      employees,
      products: PRODUCTS,
      locale: "en-US",
    });
    expect(table.header.slice(0, 4)).toEqual(["Employee ID", "CPF", "Name", "E-mail"]);
    const renamed = PRODUCTS.map((p) => (p.id === "prod_cultura" ? { ...p, name: "Cultura e Lazer" } : p));
    const m = await loadMapping(wb, table.name, table.header, renamed);
    expect(m.products.map((p) => p.product_id)).toContain("prod_cultura");
    expect(computeMapping(table.header, renamed).products.map((p) => p.product_id)).not.toContain(
      "prod_cultura",
    );
  });

  test("product names that would not map back safely carry their id", () => {
    const products: Product[] = [
      { id: "a", name: "Refeição" },
      { id: "b", name: "REFEICAO" },
      { id: "c", name: "=cmd" },
      { id: "d", name: "Total" },
      { id: "e", name: "Cultura" },
    ];
    const headers = productHeaders(products, ["Total"]);
    expect(headers).toEqual(["Refeição [a]", "REFEICAO [b]", "cmd [c]", "Total [d]", "Cultura"]);
    expect(computeMapping(headers, products).products.map((p) => p.product_id)).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
    ]);
  });

  test("a product named like an identity or info column gets its id, and every column maps back", async () => {
    const products: Product[] = [
      { id: "p_doc", name: "Documento" },
      { id: "p_obs", name: "Obs" },
      { id: "p_cargo", name: "Cargo" },
      { id: "p_nome", name: "Nome" },
      { id: "p_mail", name: "Mail" },
      { id: "p_id", name: "Employee ID" },
      { id: "p_status", name: "Status do envio" },
      { id: "p_ok", name: "Cultura" },
    ];
    for (const locale of ["pt-BR", "en-US"] as const) {
      const wb = createMemoryWorkbook();
      const { table, mapping } = await createDistributionTemplate(wb, { employees, products, locale });
      expect(table.header.slice(5, 13)).toEqual([
        "Documento [p_doc]",
        "Obs [p_obs]",
        "Cargo [p_cargo]",
        "Nome [p_nome]",
        "Mail [p_mail]",
        "Employee ID [p_id]",
        "Status do envio [p_status]",
        "Cultura",
      ]);
      expect(mapping.issues).toEqual([]);
      expect(mapping.cpfColumn).toBe(1);
      expect(mapping.products.map((p) => p.product_id)).toEqual(products.map((p) => p.id));
      // The saved mapping says product, not cpf or info, for those columns.
      const saved = await loadMapping(wb, table.name, table.header, products);
      expect(saved.issues).toEqual([]);
      expect(saved.columns.filter((c) => c.role.role === "cpf").map((c) => c.header)).toEqual(["CPF"]);
      expect(saved.products.map((p) => p.product_id)).toEqual(products.map((p) => p.id));
    }
  });

  test("the totals row sums bracketed product headers (escaped structured references)", async () => {
    const products: Product[] = [
      { id: "p1", name: "Vale Refeição" },
      { id: "p2", name: "Vale Refeição" },
      { id: "p#3", name: "Documento" },
      { id: "p4", name: "Vale d'Água #1" },
    ];
    const wb = createMemoryWorkbook();
    const { table } = await createDistributionTemplate(wb, { employees, products });
    const headers = table.header.slice(5, 9);
    expect(headers).toEqual([
      "Vale Refeição [p1]",
      "Vale Refeição [p2]",
      "Documento [p#3]",
      "Vale d'Água #1",
    ]);
    await wb.writeColumns(table.name, [
      { header: headers[0]!, values: [10, 20, "", 0.5, 1] },
      { header: headers[1]!, values: [1, 2, 3, 4, 5] },
      { header: headers[2]!, values: [100, "", "", "", 7.25] },
      { header: headers[3]!, values: [1000, 1000, "", "", ""] },
    ]);
    expect(wb.totalsRow(table.name)?.slice(5, 9)).toEqual([31.5, 15, 107.25, 2000]);
    const s = table.sheet;
    const totalsRow = table.rowCount + 2;
    expect(wb.formula(s, `F${totalsRow}`)).toBe("=SUBTOTAL(109,ValePix_Distribuicao[Vale Refeição '[p1']])");
    expect(wb.formula(s, `H${totalsRow}`)).toBe("=SUBTOTAL(109,ValePix_Distribuicao[Documento '[p'#3']])");
    expect(wb.formula(s, `I${totalsRow}`)).toBe("=SUBTOTAL(109,ValePix_Distribuicao[Vale d''Água '#1])");
  });

  test("fill in, validate, write back: statuses, messages and totals land in the add-in columns", async () => {
    const wb = createMemoryWorkbook();
    const { table, mapping } = await createDistributionTemplate(wb, { employees, products: PRODUCTS });
    const n = table.rowCount;
    const refeicao: CellValue[] = ["R$ 100,00", 12.345, "", 50, 20];
    await wb.writeColumns(table.name, [{ header: "Vale Refeição", values: refeicao }]);
    const ctx = {
      header: table.header,
      mapping,
      employees: new EmployeeIndex(employees),
      products: PRODUCTS,
    };
    const result = await validateTable(wb, table.name, ctx);
    expect(result.summary.grandTotalCents).toBe(10000 + 5000 + 2000);
    const results = validationRowResults(result, "pt-BR");
    await writeRowResults(wb, table, mapping, results, "pt-BR");
    const status = (r: number) => wb.cell(table.sheet, `L${r}`);
    expect([2, 3, 4, 5, 6].map(status)).toEqual(["Pronto", "Erro", "Sem valores", "Pronto", "Pronto"]);
    // A matched row with nothing to receive is left out, never "Pronto", with a zero total.
    expect(wb.cell(table.sheet, "N4")).toBe(0);
    expect(wb.cell(table.sheet, "N3")).toBe("");
    expect(wb.cell(table.sheet, "M3")).toContain(
      "Linha 3, coluna Vale Refeição: '12,345' tem mais de duas casas",
    );
    expect(wb.cell(table.sheet, "N2")).toBe(100);
    expect(wb.totalsRow(table.name)?.[13]).toBe(170);
    expect(n).toBe(5);
  });

  test("write-back adds the add-in columns when the user's table lacks them, and clears old statuses", async () => {
    const header = ["CPF", "Vale Refeição"];
    const wb = MemoryWorkbook.fromTable(header, [
      [makeCpf(1), 10],
      [makeCpf(2), "=1+"],
    ]);
    const t = (await wb.getTable("Table1"))!;
    const mapping = computeMapping(header, PRODUCTS);
    const info = await writeRowResults(wb, t, mapping, [
      { rowIndex: 1, state: "failed", status: "Falhou", message: "=cmd|' /C calc'!A0" },
    ]);
    expect(info.header).toEqual([
      "CPF",
      "Vale Refeição",
      "Status ValePix",
      "Mensagem ValePix",
      "Total da linha",
    ]);
    expect(wb.cell("Sheet1", "C3")).toBe("Falhou");
    expect(wb.sheetLayout("Sheet1").conditionalFormats.map((c) => [c.address, c.fill])).toEqual([
      ["C2:C3", "#FFC7CE"],
    ]);
    expect(wb.cell("Sheet1", "D3")).toBe("=cmd|' /C calc'!A0");
    expect(wb.allFormulas()).toEqual([]);
    // A second write with a different mapping finds the columns and clears row 1.
    const again = computeMapping(info.header, PRODUCTS);
    await writeRowResults(
      wb,
      info,
      again,
      [{ rowIndex: 0, state: "processing", status: "Sent", message: "", totalCents: 1000 }],
      "en-US",
    );
    expect([wb.cell("Sheet1", "C2"), wb.cell("Sheet1", "C3"), wb.cell("Sheet1", "E2")]).toEqual([
      "Sent",
      "",
      10,
    ]);
    const outside = { rowIndex: 5, state: "ready", status: "Ready", message: "" } as const;
    await expect(writeRowResults(wb, info, again, [outside])).rejects.toThrow(/outside/);
  });
});
