/**
 * The add-in on cells that hold formulas, through the Office adapter over the fake Excel (whose
 * formulas are computed as Excel computes them, ./fake/formulas.ts): an amount is the formula's
 * result at Excel's 15 digits, and a formula's error is a row problem that names the cell.
 */
import { computeMapping } from "../workbook/mapping";
import { EmployeeIndex } from "../workbook/matching";
import { PRODUCTS, makeCpf, makeEmployees } from "../workbook/testing/people";
import { validateTable } from "../workbook/validation";
import { createFakeExcel } from "./fake";
import { OfficeWorkbook } from "./office-workbook";

const HEADER = ["CPF", "Nome", "Vale Refeição"];

test("formula amounts validate as their results; =1/0 is a problem naming its row and column", async () => {
  const excel = createFakeExcel({
    tables: [
      {
        name: "Dist",
        sheet: "Folha",
        header: HEADER,
        rows: [
          [makeCpf(1), "Pessoa 1", ""],
          [makeCpf(2), "Pessoa 2", ""],
          [makeCpf(3), "Pessoa 3", 10],
        ],
      },
    ],
  });
  await excel.run(async (context) => {
    context.workbook.worksheets.getItem("Folha").getRange("C2:C4").formulas = [["=22*32.7"], ["=1/0"], [10]];
    await context.sync();
  });
  const ctx = {
    header: HEADER,
    mapping: computeMapping(HEADER, PRODUCTS),
    employees: new EmployeeIndex(makeEmployees(3)),
    products: PRODUCTS,
    options: {},
  };
  const result = await validateTable(new OfficeWorkbook(excel.run), "Dist", ctx);
  const errors = result.issues.filter((i) => i.severity === "error");
  expect(errors.map((i) => [i.code, i.row, i.column])).toEqual([
    ["amount_formula_error", 3, "Vale Refeição"],
  ]);
  expect(errors[0]?.message["pt-BR"]).toBe(
    "Linha 3, coluna Vale Refeição: A fórmula dá o erro #DIV/0!; corrija a fórmula ou escreva o valor.",
  );

  // Fixed, the table sends 719,40 for the first row.
  excel.typeCell("Folha", "C3", "5");
  const fixed = await validateTable(new OfficeWorkbook(excel.run), "Dist", ctx);
  if (!fixed.ok) throw new Error(fixed.issues.map((i) => i.message["en-US"]).join(" | "));
  expect(fixed.rows.map((r) => r.totalCents)).toEqual([71940, 500, 1000]);
});
