import type { Employee } from "../api/schemas";
import { formatCpf } from "../money";
import { computeMapping } from "./mapping";
import { EmployeeIndex } from "./matching";
import { MemoryWorkbook } from "../excel/memory-workbook";
import type { CellValue } from "./port";
import { PRODUCTS, makeCpf, makeEmployees } from "./testing/people";
import {
  type SendRow,
  type ValidationContext,
  type ValidationOptions,
  type ValidationResult,
  validateRows,
  validateTable,
} from "./validation";

const employees: Employee[] = makeEmployees(12).map((e) =>
  e.employee_id === "e3"
    ? { ...e, situation: "inactive" }
    : e.employee_id === "e9"
      ? { ...e, situation: "on_leave" }
      : e,
);
const index = new EmployeeIndex(employees);
const cpf = (n: number): string => makeCpf(n);

/** The rows to send of a result that must be valid (else the test fails with its issues). */
function sendable(r: ValidationResult): readonly SendRow[] {
  if (!r.ok)
    throw new Error(`expected a valid table: ${r.issues.map((i) => i.message["en-US"]).join(" | ")}`);
  return r.rows;
}

function context(header: string[], options: ValidationOptions = {}): ValidationContext {
  return { header, mapping: computeMapping(header, PRODUCTS), employees: index, products: PRODUCTS, options };
}

/** A messy sheet as people keep it. */
const HEADER = [
  "nome",
  "CPF ",
  "E-MAIL",
  "Vale Refeição",
  "alimentação",
  "VALE-TRANSPORTE",
  "Observações",
  "Vale Academia",
  "Situação",
  "Status ValePix",
];
const ROWS: CellValue[][] = [
  /* 2 */ ["Pessoa 1", Number(cpf(1)), "", 600, "R$ 1.234,56", "12,5", "ok", 50, "Ativo", "Enviado"],
  /* 3 */ ["Pessoa 2", formatCpf(cpf(2)), "", "R$ 1.234,56", "", "", "", "", "", ""],
  /* 4 */ ["", "", "", "", "", "", "", "", "", "Enviado"],
  /* 5 */ ["Pessoa 3", cpf(3), "", 100, "", "", "", "", "Inativo", ""],
  /* 6 */ ["Pessoa 1 de novo", cpf(1), "", 10, "", "", "", 70, "", ""],
  /* 7 */ ["Desconhecido", cpf(777), "", 10, "", "", "", "", "", ""],
  /* 8 */ ["Pessoa 4", cpf(4), "", "-10", "", "", "", "", "", ""],
  /* 9 */ ["Pessoa 5", cpf(5), "", "12,3456", "", "", "", "", "", ""],
  /* 10 */ ["Pessoa 6", cpf(6), "", "abc", 12.345, "1,234", "", "", "", ""],
  /* 11 */ ["Só o nome", "", "", "", "", "", "lembrar", "", "", ""],
  /* 12 */ ["TOTAL", "", "", 1944.56, 1234.56, 12.5, "", 120, "", ""],
  /* 13 */ ["Pessoa 9", cpf(9), "", "", "", "", "", "", "Afastado", ""],
  /* 14 */ ["", "", "PESSOA7@empresa.com.br ", 20.1, "", "", "", "", "", ""],
  /* 15 */ ["Pessoa 8", "123.456.789-00", "", 5, "", "", "", "", "", ""],
  /* 16 */ ["Sem id", "", "", 5, "", "", "", "", "", ""],
];

test("the cost centre rides along with each row to pay (never in its values); blanks are counted", () => {
  const header = ["CPF", "Centro de custo", "Vale Refeição"];
  const rows: CellValue[][] = [
    [cpf(1), "1010 Vendas", 100],
    [cpf(2), 2020, 50],
    [cpf(4), "", 25],
    [cpf(5), "", 0],
  ];
  const result = validateRows(context(header), rows);
  expect(sendable(result).map((r) => [r.employee_id, r.costCentre, [...r.values.keys()]])).toEqual([
    ["e1", "1010 Vendas", ["prod_refeicao"]],
    ["e2", "2020", ["prod_refeicao"]],
    ["e4", undefined, ["prod_refeicao"]],
    ["e5", undefined, ["prod_refeicao"]],
  ]);
  expect(result.summary.withoutCostCentre).toBe(1);
  const plain = validateRows(
    context(["CPF", "Vale Refeição"]),
    rows.map((r) => [r[0]!, r[2]!]),
  );
  expect(plain.summary).not.toHaveProperty("withoutCostCentre");
});

describe("validation of a messy sheet", () => {
  const result = validateRows(context(HEADER), ROWS);
  const cellIssues = result.issues
    .filter((i) => i.row !== undefined)
    .map((i) => [i.row, i.column ?? "", i.code, i.severity]);

  test("per-cell issues, with worksheet rows and headers", () => {
    expect(cellIssues).toEqual([
      [2, "", "employee_duplicate", "error"],
      [5, "CPF ", "employee_inactive", "error"],
      [6, "", "employee_duplicate", "error"],
      [7, "CPF ", "cpf_unknown", "error"],
      [8, "Vale Refeição", "amount_negative", "error"],
      [9, "Vale Refeição", "amount_sub_cent", "error"],
      [10, "Vale Refeição", "amount_not_a_number", "error"],
      [10, "alimentação", "amount_sub_cent", "error"],
      [10, "VALE-TRANSPORTE", "amount_ambiguous", "error"],
      [11, "", "incomplete_row", "warning"],
      [12, "", "totals_row_skipped", "warning"],
      [15, "CPF ", "cpf_invalid", "error"],
      [16, "", "missing_identity", "error"],
    ]);
  });

  test("whole-table issues: the loose product match and the unmapped amount column", () => {
    const table = result.issues.filter((i) => i.row === undefined).map((i) => [i.code, i.column, i.severity]);
    expect(table).toEqual([
      ["product_loose_match", "alimentação", "warning"],
      ["unmapped_amount_column", "Vale Academia", "warning"],
      ["duplicate_employees", undefined, "error"],
    ]);
    const unmapped = result.issues.find((i) => i.code === "unmapped_amount_column")!;
    expect(unmapped.message["pt-BR"]).toContain("R$ 120,00 no total");
    expect(unmapped.message["en-US"]).toContain("will NOT be sent");
  });

  test("messages say what to do, in pt-BR and en-US", () => {
    const at = (row: number, code: string) => result.issues.find((i) => i.row === row && i.code === code)!;
    expect(at(9, "amount_sub_cent").message["pt-BR"]).toBe(
      "Linha 9, coluna Vale Refeição: '12,3456' tem mais de duas casas decimais; escreva 12,35 ou 12,34.",
    );
    expect(at(9, "amount_sub_cent").message["en-US"]).toBe(
      "Row 9, column Vale Refeição: '12,3456' has more than two decimal places; type 12.35 or 12.34.",
    );
    expect(at(10, "amount_sub_cent").message["pt-BR"]).toContain(
      "'12,345' tem mais de duas casas decimais; escreva 12,35 ou 12,34.",
    );
    expect(at(10, "amount_ambiguous").message["pt-BR"]).toContain("Se são 1.234,00 reais, escreva 1.234,00");
    expect(at(5, "employee_inactive").message["pt-BR"]).toBe(
      "Linha 5, coluna CPF: Pessoa 3 não está ativo (situação 'inactive') e não pode receber benefícios. " +
        "Apague os valores da linha ou reative a pessoa.",
    );
    expect(at(2, "employee_duplicate").message["en-US"]).toBe(
      "Row 2: Pessoa 1 is also on row(s) 6. Keep the person on one row.",
    );
    // CPFs in messages are masked.
    expect(at(7, "cpf_unknown").message["pt-BR"]).not.toContain(cpf(777));
    for (const i of result.issues) {
      expect(i.message["pt-BR"].length).toBeGreaterThan(20);
      expect(i.message["en-US"].length).toBeGreaterThan(20);
    }
  });

  test("a table with errors has nothing to send; its rows without errors are listed with their totals", () => {
    expect(result.ok).toBe(false);
    expect("rows" in result).toBe(false);
    expect(result.checkedRows.map((r) => [r.row, r.employee_id, r.totalCents])).toEqual([
      [3, "e2", 123456],
      [14, "e7", 2010],
    ]);
  });

  test("summary: totals, skipped rows (empty, totals, name only, inactive with nothing)", () => {
    expect(result.summary).toMatchObject({
      rowsRead: 15,
      rowsSkipped: 4,
      rowsValid: 2,
      employees: 2,
      grandTotalCents: 125466,
    });
    expect(Object.fromEntries(result.summary.perProduct)).toEqual({
      prod_refeicao: 125466,
      prod_alimentacao: 0,
      prod_transporte: 0,
    });
    expect(result.summary.rowsRead).toBe(
      result.summary.rowsSkipped + result.summary.rowsValid + result.summary.rowsWithErrors,
    );
  });
});

describe("validation rules", () => {
  const header = ["CPF", "Vale Refeição", "Vale Transporte"];

  test("a clean sheet is ok; blank amounts are zero", () => {
    const r = validateRows(context(header), [
      [cpf(1), "R$ 600,00", ""],
      [Number(cpf(2)), 450.5, "  "],
    ]);
    expect(r.ok).toBe(true);
    expect(r.issues).toEqual([]);
    expect(r.summary.grandTotalCents).toBe(60000 + 45050);
    expect(sendable(r)[1]!.values.get("prod_transporte")).toBe(0);
  });

  test("formula results are read at Excel's 15 digits: noise is not a fraction of a cent", () => {
    // =22*32,7 and =100,1+200,2 as Office.js hands them back; a typed 1,005 is still an error.
    const r = validateRows(context(header), [
      [cpf(1), 22 * 32.7, 100.1 + 200.2],
      [cpf(2), 1.005, ""],
    ]);
    expect(22 * 32.7).toBe(719.4000000000001);
    expect(r.checkedRows.map((x) => [x.employee_id, x.totalCents])).toEqual([["e1", 71940 + 30030]]);
    const clean = validateRows(context(header), [[cpf(1), 22 * 32.7, 100.1 + 200.2]]);
    expect(sendable(clean).map((x) => [x.employee_id, Object.fromEntries(x.values)])).toEqual([
      ["e1", { prod_refeicao: 71940, prod_transporte: 30030 }],
    ]);
    expect(r.issues.map((i) => [i.row, i.code])).toEqual([[3, "amount_sub_cent"]]);
    expect(r.issues[0]!.message["pt-BR"]).toContain(
      "'1,005' tem mais de duas casas decimais; escreva 1,01 ou 1,00.",
    );
  });

  test("no identity column, no product column, nothing to send", () => {
    expect(
      validateRows(context(["Nome", "Vale Refeição"]), [["Ana", 10]]).issues.map((i) => i.code),
    ).toContain("no_identity_column");
    const noProducts = validateRows(context(["CPF", "Nome"]), [[cpf(1), "Pessoa 1"]]);
    expect(noProducts.issues.map((i) => i.code)).toEqual(["no_product_column"]);
    expect(noProducts.ok).toBe(false);
    const zero = validateRows(context(header), [[cpf(1), "", 0]]);
    expect(zero.issues.map((i) => i.code)).toEqual(["nothing_to_send"]);
    expect(zero.ok).toBe(false);
    expect(zero.checkedRows).toHaveLength(1);
  });

  test("a table-level error leaves nothing to send: two columns for one product are not summed into rows", () => {
    const h = ["CPF", "Vale Refeição", "VR"];
    const r = validateRows(context(h), [
      [cpf(1), 100, 50],
      [cpf(2), 200, ""],
    ]);
    expect(r.issues.map((i) => [i.code, i.severity])).toEqual([["duplicate_column", "error"]]);
    expect(r.ok).toBe(false);
    expect("rows" in r).toBe(false);
    // @ts-expect-error `rows` exists only on a valid table: reading it needs `if (r.ok)` first.
    expect(r.rows).toBeUndefined();
    // The rows are fine on their own, so the status column can still show them (with no values).
    expect(r.checkedRows.map((x) => x.employee_id)).toEqual(["e1", "e2"]);
    expect(Object.keys(r.checkedRows[0]!)).not.toContain("values");
  });

  test("one row with an error makes the whole table unsendable", () => {
    const r = validateRows(context(header), [
      [cpf(1), 100, ""],
      [cpf(2), "abc", ""],
    ]);
    expect(r.ok).toBe(false);
    expect("rows" in r).toBe(false);
    expect(r.checkedRows.map((x) => x.employee_id)).toEqual(["e1"]);
    const fixed = validateRows(context(header), [
      [cpf(1), 100, ""],
      [cpf(2), "2,00", ""],
    ]);
    expect(sendable(fixed).map((x) => [x.employee_id, x.totalCents])).toEqual([
      ["e1", 10000],
      ["e2", 200],
    ]);
  });

  test("an identity problem on a row with nothing to send is a warning, and the row is skipped", () => {
    const r = validateRows(context(header), [
      [cpf(1), 10, ""],
      [cpf(888), "", ""],
    ]);
    expect(r.ok).toBe(true);
    expect(r.issues.map((i) => [i.code, i.severity])).toEqual([["cpf_unknown", "warning"]]);
    expect(r.summary.rowsSkipped).toBe(1);
  });

  test("the balance: shortfall reported as a warning", () => {
    const enough = validateRows(context(header, { availableBalanceCents: 100_000 }), [[cpf(1), 1000, ""]]);
    expect(enough.summary).toMatchObject({ availableBalanceCents: 100_000, shortfallCents: 0 });
    const short = validateRows(context(header, { availableBalanceCents: 50_000 }), [[cpf(1), 1000, 200]]);
    expect(short.summary.shortfallCents).toBe(70_000);
    expect(short.ok).toBe(true);
    expect(short.issues[0]!.message["pt-BR"]).toBe(
      "O total (R$ 1.200,00) é maior que o saldo disponível (R$ 500,00); faltam R$ 700,00. " +
        "Faça um depósito ou pague a diferença por PIX ou boleto.",
    );
  });

  test("large and too-large amounts", () => {
    const r = validateRows(context(header, { warnAboveCents: 100_000, maxCentsPerCell: 1_000_000 }), [
      [cpf(1), 2000, "R$ 10.000,01"],
    ]);
    expect(r.issues.map((i) => [i.code, i.severity])).toEqual([
      ["amount_large", "warning"],
      ["amount_too_large", "error"],
    ]);
    expect(r.issues[1]!.message["en-US"]).toContain("above the limit of R$ 10,000.00");
  });

  test("en-US money locale reads 1,234 as thousands", () => {
    const r = validateRows(context(header, { moneyLocale: "en-US" }), [[cpf(1), "1,234", "$5"]]);
    expect(r.checkedRows).toHaveLength(0);
    expect(r.issues.map((i) => i.code)).toEqual(["amount_not_a_number"]);
    const ok = validateRows(context(header, { moneyLocale: "en-US" }), [[cpf(1), "1,234", "5.5"]]);
    expect(ok.summary.grandTotalCents).toBe(123400 + 550);
  });

  test("booleans and odd numbers in amount cells are problems, not crashes", () => {
    const r = validateRows(context(header), [[cpf(1), true, 1e21]]);
    expect(r.issues.map((i) => i.code)).toEqual(["amount_not_a_number", "amount_too_large"]);
  });

  test("an explicitly ignored column is not reported", () => {
    const h = ["CPF", "Vale Refeição", "Bônus"];
    const ctx = context(h);
    expect(validateRows(ctx, [[cpf(1), 1, 99]]).issues.map((i) => i.code)).toEqual([
      "unmapped_amount_column",
    ]);
    const ignored = { ...ctx, mapping: computeMapping(h, PRODUCTS, { Bônus: { role: "ignore" } }) };
    expect(validateRows(ignored, [[cpf(1), 1, 99]]).issues).toEqual([]);
  });

  test("reading through the port in blocks gives the same result as in memory", async () => {
    const wb = MemoryWorkbook.fromTable(HEADER, ROWS, { at: "B4", name: "Dist" });
    wb.resetStats();
    const viaPort = await validateTable(wb, "Dist", context(HEADER), { blockRows: 4 });
    const inMemory = validateRows(context(HEADER), ROWS, 5);
    expect(viaPort).toEqual(inMemory);
    expect(viaPort.issues.find((i) => i.code === "amount_sub_cent")!.row).toBe(12);
    // One sync per block of rows (4 rows each), read by the Office.js adapter over the fake.
    expect(wb.stats.syncs).toBe(4);
  });
});
