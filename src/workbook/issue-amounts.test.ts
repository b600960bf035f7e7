/**
 * Amounts in messages are written in the language of the message, not in the sheet's money
 * locale: an issue carries cents, and the catalogue formats them per language (pt-BR
 * "R$ 1.234,56", en-US "R$ 1,234.56", src/money's formatCents). The sheet's money locale only
 * decides how its amount text is read. Status cells are written in the language of the person
 * who validates (./writeback.ts), words and amounts alike.
 */
import { MemoryWorkbook } from "../excel/memory-workbook";
import { formatCents, type Locale } from "../money";
import { computeMapping } from "./mapping";
import { EmployeeIndex } from "./matching";
import type { CellValue } from "./port";
import { PRODUCTS, makeCpf, makeEmployees } from "./testing/people";
import { type ValidationOptions, validateRows } from "./validation";
import { validationRowResults, writeRowResults } from "./writeback";

const index = new EmployeeIndex(makeEmployees(3));
const HEADER = ["CPF", "Vale Refeição", "Vale Alimentação", "Bônus"];

function validate(moneyLocale: Locale, rows: CellValue[][], options: ValidationOptions = {}) {
  const mapping = computeMapping(HEADER, PRODUCTS);
  return validateRows(
    { header: HEADER, mapping, employees: index, products: PRODUCTS, options: { moneyLocale, ...options } },
    rows,
  );
}

/** The same amounts, as people type them in a pt-BR sheet and in an en-US sheet. */
const SHEETS: Record<Locale, CellValue[][]> = {
  "pt-BR": [
    [makeCpf(1), "R$ 12.345,67", "12,3456", "1.234,56"],
    [makeCpf(2), "2.000.000,00", "", ""],
  ],
  "en-US": [
    [makeCpf(1), "R$ 12,345.67", "12.3456", "1,234.56"],
    [makeCpf(2), "2,000,000.00", "", ""],
  ],
};
const OPTIONS: ValidationOptions = { availableBalanceCents: 50_000, maxCentsPerCell: 100_000_000 };

describe("amounts in validation messages follow the message's language", () => {
  test.each<Locale>(["pt-BR", "en-US"])(
    "a %s sheet: pt-BR and en-US messages each in their own format",
    (sheet) => {
      const r = validate(sheet, SHEETS[sheet], OPTIONS);
      const text = (code: string, locale: Locale) => r.issues.find((i) => i.code === code)!.message[locale];

      expect(text("amount_large", "en-US")).toBe(
        "Row 2, column Vale Refeição: R$ 12,345.67 is a large amount for a benefit; check it before sending.",
      );
      expect(text("amount_large", "pt-BR")).toBe(
        "Linha 2, coluna Vale Refeição: R$ 12.345,67 é um valor alto para um benefício; confira antes de enviar.",
      );
      expect(text("amount_sub_cent", "en-US")).toContain("type 12.35 or 12.34.");
      expect(text("amount_sub_cent", "pt-BR")).toContain("escreva 12,35 ou 12,34.");
      expect(text("amount_too_large", "en-US")).toContain("above the limit of R$ 1,000,000.00 per cell");
      expect(text("amount_too_large", "pt-BR")).toContain("passa do limite de R$ 1.000.000,00 por célula");
      expect(text("unmapped_amount_column", "en-US")).toContain("has amounts (R$ 1,234.56 in total)");
      expect(text("unmapped_amount_column", "pt-BR")).toContain("tem valores (R$ 1.234,56 no total)");
    },
  );

  test("the same issue reads the same whatever the sheet's money locale: it carries cents", () => {
    const pt = validate("pt-BR", SHEETS["pt-BR"], OPTIONS);
    const en = validate("en-US", SHEETS["en-US"], OPTIONS);
    const strip = (r: typeof pt) => r.issues.map(({ code, message, params }) => ({ code, message, params }));
    // Only the echoed input differs ('12,3456' against '12.3456'): compare without it.
    const withoutInput = (r: typeof pt) =>
      strip(r).map((i) => ({ ...i, params: { ...i.params, input: undefined }, message: i.code }));
    expect(withoutInput(en)).toEqual(withoutInput(pt));
    expect(pt.issues.find((i) => i.code === "amount_large")!.params).toEqual({ cents: 1_234_567 });
    expect(en.issues.find((i) => i.code === "amount_large")!.message).toEqual(
      pt.issues.find((i) => i.code === "amount_large")!.message,
    );
  });

  test("the balance shortfall, in both languages", () => {
    const r = validate("pt-BR", [[makeCpf(1), 1000, 200, ""]], { availableBalanceCents: 50_000 });
    const issue = r.issues.find((i) => i.code === "insufficient_balance")!;
    expect(issue.params).toEqual({ totalCents: 120_000, availableCents: 50_000, shortfallCents: 70_000 });
    expect(issue.message["en-US"]).toBe(
      "The total (R$ 1,200.00) is above the available balance (R$ 500.00); R$ 700.00 short. " +
        "Make a deposit or pay the difference by PIX or boleto.",
    );
    expect(issue.message["pt-BR"]).toBe(
      "O total (R$ 1.200,00) é maior que o saldo disponível (R$ 500,00); faltam R$ 700,00. " +
        "Faça um depósito ou pague a diferença por PIX ou boleto.",
    );
  });

  test("the en-US format is src/money's", () => {
    expect(formatCents(123_456, "en-US")).toBe("R$ 1,234.56");
    expect(formatCents(123_456, "pt-BR")).toBe("R$ 1.234,56");
  });
});

describe("status cells are written in the language of the person who validates", () => {
  test.each<[Locale, string, string]>([
    ["en-US", "Warning", "Row 2, column Vale Refeição: R$ 12,345.67 is a large amount"],
    ["pt-BR", "Aviso", "Linha 2, coluna Vale Refeição: R$ 12.345,67 é um valor alto"],
  ])("%s: state and message, amounts included", async (locale, state, message) => {
    // A pt-BR sheet (its amount text read as pt-BR) validated from a pane in `locale`.
    const wb = MemoryWorkbook.fromTable(HEADER, [[makeCpf(1), "R$ 12.345,67", "", ""]], { name: "Dist" });
    const table = (await wb.getTable("Dist"))!;
    const mapping = computeMapping(HEADER, PRODUCTS);
    const r = validate("pt-BR", [[makeCpf(1), "R$ 12.345,67", "", ""]]);
    await writeRowResults(wb, table, mapping, validationRowResults(r, locale), locale);
    const [header, row] = wb.sheetValues(table.sheet) as [CellValue[], CellValue[]];
    const cell = (h: string) => row[header.indexOf(h)];
    const headers =
      locale === "en-US" ? ["ValePix status", "ValePix message"] : ["Status ValePix", "Mensagem ValePix"];
    expect(cell(headers[0]!)).toBe(state);
    expect(String(cell(headers[1]!))).toContain(message);
  });
});
