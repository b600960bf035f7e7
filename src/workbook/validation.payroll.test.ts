// Real payroll sheets, read as a user brings them: through the Workbook port, mapped from their
// header, then validated. Each fixture is a sheet as an HR export lays it out.
import type { Employee } from "../api/schemas";
import { formatCpf } from "../money";
import { computeMapping } from "./mapping";
import { EmployeeIndex } from "./matching";
import { MemoryWorkbook } from "../excel/memory-workbook";
import type { CellValue } from "./port";
import { namesAgree, nameWords, totalsLabel } from "./row-checks";
import { PRODUCTS, makeCpf } from "./testing/people";
import { type ValidationResult, validateTable } from "./validation";

const people: Employee[] = [
  { employee_id: "e1", name: "Ana Souza", cpf: makeCpf(1), email: "ana@x.com", situation: "active" },
  { employee_id: "e2", name: "Bruno Lima", cpf: makeCpf(2), email: "bruno@x.com", situation: "active" },
  { employee_id: "e3", name: "Carla Dias da Silva", cpf: makeCpf(3), situation: "active" },
  { employee_id: "e4", name: "José de Araújo", cpf: makeCpf(4), situation: "active" },
];
const employees = new EmployeeIndex(people);
const cpf = (n: number) => formatCpf(makeCpf(n));

async function validateSheet(header: string[], rows: CellValue[][]): Promise<ValidationResult> {
  const wb = MemoryWorkbook.fromTable(header, rows, { name: "Folha" });
  const ctx = { header, mapping: computeMapping(header, PRODUCTS), employees, products: PRODUCTS };
  return validateTable(wb, "Folha", ctx);
}

const issuesOf = (r: ValidationResult) => r.issues.map((i) => [i.row, i.code, i.severity]);

describe("totals rows wherever their label is", () => {
  test("'TOTAL' in the CPF column (the first column of the export)", async () => {
    const r = await validateSheet(
      ["CPF", "Nome", "Vale Refeição", "Vale Transporte"],
      [
        [cpf(1), "Ana Souza", 600, 200],
        [cpf(2), "Bruno Lima", 450.5, ""],
        ["TOTAL", "", 1050.5, 200],
      ],
    );
    expect(issuesOf(r)).toEqual([[4, "totals_row_skipped", "warning"]]);
    expect(r.ok).toBe(true);
    expect(r.summary).toMatchObject({ rowsRead: 3, rowsSkipped: 1, rowsValid: 2, grandTotalCents: 125050 });
    expect(r.issues[0]!.message["pt-BR"]).toBe(
      "Linha 4: 'TOTAL': esta parece ser uma linha de total; ela foi ignorada e não será enviada.",
    );
  });

  test("'Total geral:' in the employee id column, with an e-mail column left blank", async () => {
    const r = await validateSheet(
      ["ID do colaborador", "E-mail", "Nome", "Vale Refeição"],
      [
        ["e1", "ana@x.com", "Ana Souza", 600],
        ["e2", "", "Bruno Lima", 450],
        ["Total geral:", "", "", 1050],
      ],
    );
    expect(issuesOf(r)).toEqual([[4, "totals_row_skipped", "warning"]]);
    expect(r.ok && r.rows.map((x) => x.employee_id)).toEqual(["e1", "e2"]);
  });

  test("'Soma' in the Matrícula column, the identity columns blank", async () => {
    const r = await validateSheet(
      ["Matrícula", "Nome", "CPF", "Vale Refeição", "Vale Alimentação"],
      [
        ["0001", "Ana Souza", cpf(1), 600, 800],
        ["0002", "Bruno Lima", Number(makeCpf(2)), 600, ""],
        ["Soma", "", "", 1200, 800],
      ],
    );
    expect(issuesOf(r)).toEqual([[4, "totals_row_skipped", "warning"]]);
    expect(r.summary.grandTotalCents).toBe(200000);
  });

  test("'Total' in the name column, and totals rows in the middle of a sheet (subtotals)", async () => {
    const r = await validateSheet(
      ["CPF", "Nome", "Vale Refeição"],
      [
        [cpf(1), "Ana Souza", 600],
        ["", "Subtotal", 600],
        [cpf(2), "Bruno Lima", 450],
        ["", "TOTAL GERAL", 1050],
      ],
    );
    expect(issuesOf(r)).toEqual([
      [3, "totals_row_skipped", "warning"],
      [5, "totals_row_skipped", "warning"],
    ]);
    expect(r.ok).toBe(true);
  });

  test("a label beside a real identity, or a real mistake, is not a totals row", async () => {
    const r = await validateSheet(
      ["CPF", "Nome", "Observações", "Vale Refeição"],
      [
        // A valid CPF is a person, whatever the other cells say.
        [cpf(1), "Ana Souza", "Total", 600],
        // A broken CPF is still reported as one, and a row without identity as such.
        ["123.456.789-00", "Bruno Lima", "", 450],
        ["", "Totalmente novo", "", 10],
      ],
    );
    expect(issuesOf(r)).toEqual([
      [3, "cpf_invalid", "error"],
      [4, "missing_identity", "error"],
    ]);
  });

  test("totalsLabel: the labels exports use, and nothing else", () => {
    for (const label of [
      "TOTAL",
      "Total geral:",
      "Soma",
      " total ",
      "TOTAIS",
      "Subtotal",
      "Total R$",
      "Grand total",
    ])
      expect(totalsLabel(label)).toBe(label.trim());
    for (const cell of [
      "Totalmente",
      "Soma Ltda",
      "Total Vale",
      "123.456.789-09",
      "total@x.com",
      0,
      true,
      "",
    ])
      expect(totalsLabel(cell)).toBeUndefined();
  });
});

describe("name against identity", () => {
  test("a name column sorted alone: each CPF beside someone else's name is warned, naming both", async () => {
    // The "Nome" column was sorted on its own: rows 2 and 3 swapped their names.
    const r = await validateSheet(
      ["CPF", "Nome", "Vale Refeição"],
      [
        [cpf(1), "Bruno Lima", 600],
        [cpf(2), "Ana Souza", 450],
        [cpf(3), "Carla Dias da Silva", 300],
      ],
    );
    expect(issuesOf(r)).toEqual([
      [2, "name_mismatch", "warning"],
      [3, "name_mismatch", "warning"],
    ]);
    const first = r.issues[0]!;
    expect(first.message["en-US"]).toBe(
      "Row 2, column Nome: The CPF on this row belongs to Ana Souza, but the row says 'Bruno Lima'. " +
        "Check that the sheet was not sorted by one column alone or pasted one row off.",
    );
    expect(first.message["pt-BR"]).toContain(
      "O CPF desta linha é de Ana Souza, mas a linha diz 'Bruno Lima'",
    );
    // A warning: the table can still be sent once the user has looked.
    expect(r.ok).toBe(true);
  });

  test("a paste one row off, found by employee id and by e-mail", async () => {
    const r = await validateSheet(
      ["ID do colaborador", "E-mail", "Nome", "Vale Refeição"],
      [
        ["e1", "", "Ana Souza", 600],
        ["", "bruno@x.com", "José de Araújo", 450],
        ["e4", "", "Carla Dias", 300],
      ],
    );
    expect(r.issues.filter((i) => i.code === "name_mismatch").map((i) => [i.row, i.params])).toEqual([
      [3, { by: "email", employeeName: "Bruno Lima", rowName: "José de Araújo" }],
      [4, { by: "employee_id", employeeName: "José de Araújo", rowName: "Carla Dias" }],
    ]);
  });

  test("shortened, reordered, accented or upper-cased names are the same person", async () => {
    const r = await validateSheet(
      ["CPF", "Nome", "Vale Refeição"],
      [
        [cpf(1), "Ana S.", 600],
        [cpf(2), "LIMA, BRUNO", 450],
        [cpf(3), "carla", 300],
        [cpf(4), "Jose Araujo", 200],
      ],
    );
    expect(r.issues).toEqual([]);
  });

  test("connectives and initials are not shared words", () => {
    expect(nameWords("Souza, Ana M. da Silva e Lima")).toEqual(["souza", "ana", "silva", "lima"]);
    expect(namesAgree("Maria da Silva", "Pedro da Costa")).toBe(false);
    expect(namesAgree("A. B. de", "Pedro da Costa")).toBe(true); // nothing to compare
    expect(namesAgree("João", "JOAO PEREIRA")).toBe(true);
  });
});
