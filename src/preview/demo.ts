/**
 * The demo workbook the preview opens with: the sandbox demo company's employees and products
 * (the sandbox seeds the same people for the demo token every time: sandbox/seed.ts, proven
 * equal by demo.test.ts) and a distribution table for the month with a few mistakes to fix:
 * a CPF with a wrong check digit, an amount typed with a letter O, a negative amount, and an
 * employee who is no longer active.
 */
import { formatCpf } from "../money";
import type { CellValue } from "../workbook/port";
import { type SheetSnapshot, type WorkbookSnapshot, a1, emptySheet } from "./snapshot";

/**
 * The sandbox's demo company token (sandbox/server.ts `DEMO_TOKEN`, proven equal by demo.test.ts).
 * The preview is a demo against the local sandbox, so this token is no secret; it is still kept
 * only where the add-in keeps tokens (the token store), never in a cell or the file.
 */
export const DEMO_TOKEN = "valepix-sandbox-demo-token";
export const DEMO_CONNECTION_LABEL = "Sandbox (demo)";

const BRL_FORMAT = '"R$" #,##0.00';

/** [name, CPF, e-mail, situation] of the first employees the sandbox seeds for company "demo". */
export const DEMO_EMPLOYEES: readonly (readonly [string, string, string, string])[] = [
  ["Bruno Vieira Dias", "44331815951", "bruno.dias1@demo.example.com.br", "active"],
  ["Camila Almeida Oliveira", "72710494876", "camila.oliveira2@demo.example.com.br", "active"],
  ["Gabriela Silva Freitas", "47265275683", "gabriela.freitas3@demo.example.com.br", "active"],
  ["Vitória Pereira Machado", "05537953412", "vitoria.machado4@demo.example.com.br", "active"],
  ["Fernanda Marques Freitas", "60606961712", "fernanda.freitas5@demo.example.com.br", "active"],
  ["João Marques Andrade", "83494239436", "joao.andrade6@demo.example.com.br", "active"],
  ["Thiago Silva Souza", "94095728353", "thiago.souza7@demo.example.com.br", "active"],
  ["Diego Nascimento Moreira", "21285716000", "diego.moreira8@demo.example.com.br", "active"],
  ["Gustavo Lima Nunes", "58205097062", "gustavo.nunes9@demo.example.com.br", "active"],
  ["Camila Dias Nunes", "30899526373", "camila.nunes10@demo.example.com.br", "inactive"],
  ["Camila Lopes Soares", "26121794615", "camila.soares11@demo.example.com.br", "active"],
  ["Otávio Soares Costa", "27970951465", "otavio.costa12@demo.example.com.br", "active"],
];

/** [code, name, monthly amount of the seeded convention in cents] (sandbox/seed.ts). */
export const DEMO_PRODUCTS: readonly (readonly [string, string, number])[] = [
  ["REF", "Refeição", 66_000],
  ["ALI", "Alimentação", 45_000],
  ["MOB", "Mobilidade", 22_000],
  ["SAU", "Saúde", 0],
  ["CUL", "Cultura", 0],
  ["HOF", "Home office", 10_000],
  ["EDU", "Educação", 0],
];

const SITUATION_PT: Record<string, string> = { active: "Ativo", inactive: "Inativo", on_leave: "Afastado" };

/** The distribution's products (the convention's four) and each row's mistake, if any. */
const DIST_PRODUCTS = ["Refeição", "Alimentação", "Mobilidade", "Home office"];
/** Row (index in DEMO_EMPLOYEES) → amounts that differ from the convention. */
const MISTAKES: Record<number, { cpf?: string; amounts?: Partial<Record<string, CellValue>> }> = {
  2: { amounts: { Refeição: "66O,00" } }, // a letter O typed for a zero
  4: { cpf: "606.069.617-13" }, // a wrong check digit
  6: { amounts: { Mobilidade: -220 } }, // negative
  // DEMO_EMPLOYEES[9] is inactive: the distribution must refuse her row.
};

export function demoWorkbook(): WorkbookSnapshot {
  return {
    sheets: [distributionSheet(), employeesSheet(), productsSheet()],
    settings: {},
    activeSheet: "Distribuição",
  };
}

function table(
  sheet: SheetSnapshot,
  name: string,
  header: string[],
  rows: CellValue[][],
  formats: Record<string, string>,
  widths: number[],
): void {
  header.forEach((title, column) => {
    sheet.cells[a1(0, column)] = { value: title };
    sheet.columnWidths[column] = widths[column] ?? 90;
  });
  rows.forEach((row, rowIndex) =>
    row.forEach((value, column) => {
      const format = formats[header[column] ?? ""];
      sheet.cells[a1(rowIndex + 1, column)] = format ? { value, format } : { value };
    }),
  );
  sheet.tables.push({
    name,
    ref: `A1:${a1(rows.length, header.length - 1)}`,
    columns: header,
    hasTotalsRow: false,
  });
  sheet.frozenRows = 1;
}

function distributionSheet(): SheetSnapshot {
  const sheet = emptySheet("Distribuição");
  const header = ["CPF", "Nome", ...DIST_PRODUCTS];
  const amount = (product: string) => (DEMO_PRODUCTS.find((p) => p[1] === product)?.[2] ?? 0) / 100;
  const rows = DEMO_EMPLOYEES.map(([name, cpf], i): CellValue[] => {
    const mistake = MISTAKES[i] ?? {};
    return [
      mistake.cpf ?? formatCpf(cpf),
      name,
      ...DIST_PRODUCTS.map((p) => mistake.amounts?.[p] ?? amount(p)),
    ];
  });
  const formats: Record<string, string> = { CPF: "@" };
  for (const product of DIST_PRODUCTS) formats[product] = BRL_FORMAT;
  table(sheet, "Distribuicao_Demo", header, rows, formats, [110, 170, 95, 95, 95, 95]);
  return sheet;
}

function employeesSheet(): SheetSnapshot {
  const sheet = emptySheet("Funcionários");
  const rows = DEMO_EMPLOYEES.map(([name, cpf, email, situation]): CellValue[] => [
    name,
    formatCpf(cpf),
    email,
    SITUATION_PT[situation] ?? situation,
  ]);
  table(
    sheet,
    "Funcionarios",
    ["Nome", "CPF", "E-mail", "Situação"],
    rows,
    { CPF: "@" },
    [170, 110, 250, 80],
  );
  return sheet;
}

function productsSheet(): SheetSnapshot {
  const sheet = emptySheet("Produtos");
  const rows = DEMO_PRODUCTS.map(([code, name, cents]): CellValue[] => [code, name, cents / 100]);
  table(
    sheet,
    "Produtos",
    ["Código", "Produto", "Valor da convenção"],
    rows,
    { "Valor da convenção": BRL_FORMAT },
    [60, 120, 130],
  );
  return sheet;
}
