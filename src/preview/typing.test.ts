import { localeNumber, typedValue } from "./typing";

describe("typing in the display language", () => {
  it.each([
    ["1.234,56", "pt-BR", 1234.56],
    ["660", "pt-BR", 660],
    ["-220", "pt-BR", -220],
    ["R$ 1.234,56", "pt-BR", 1234.56],
    ["-R$ 10,5", "pt-BR", -10.5],
    ["1,234.56", "en-US", 1234.56],
    ["0,5", "pt-BR", 0.5],
  ] as const)("reads %s in %s as %d", (text, locale, n) => {
    expect(localeNumber(text, locale)).toBe(n);
  });

  it.each([
    ["66O,00", "pt-BR"],
    ["1.23,4", "pt-BR"],
    ["1,234.56", "pt-BR"],
    ["--1", "pt-BR"],
    ["", "pt-BR"],
  ] as const)("does not read %s in %s as a number", (text, locale) => {
    expect(localeNumber(text, locale)).toBeNull();
  });

  it("keeps what a text-formatted cell is given, formulas and the text prefix for the fake", () => {
    expect(typedValue("1.234,56", "@", "pt-BR")).toBe("1.234,56");
    expect(typedValue("'1.234,56", "General", "pt-BR")).toBe("'1.234,56");
    expect(typedValue("=SUM(A1)", "General", "pt-BR")).toBe("=SUM(A1)");
    expect(typedValue("verdadeiro", "General", "pt-BR")).toBe(true);
    expect(typedValue("1.234,56", '"R$" #,##0.00', "pt-BR")).toBe(1234.56);
  });
});
