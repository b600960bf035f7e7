import { normalizeCnpj, normalizeCpf, parseCents, type CentsProblem } from "../money";
import { amountIssue } from "./amount-issues";
import { type Issue, makeIssue } from "./issues";
import { documentProblemMessage } from "./problem-messages";

describe("issues carry exactly their own parameters", () => {
  test("a code's parameters are required and typed (these lines are type checks: npm run typecheck)", () => {
    // @ts-expect-error amount_too_large needs its limit: a missing parameter is a type error.
    expect(() => makeIssue("amount_too_large", { input: "5" })).toThrow(RangeError);
    // @ts-expect-error a parameter of another code is not accepted.
    makeIssue("nothing_to_send", { count: 2 });
    // @ts-expect-error a reason is a document problem code, not any text.
    makeIssue("cpf_invalid", { input: "***", reason: "wrong" });
    const issue = makeIssue("amount_too_large", { input: "5", limitCents: 100 }, { row: 3, column: "VR" });
    expect(issue).toMatchObject({ code: "amount_too_large", severity: "error", row: 3, column: "VR" });
    expect(issue.params.limitCents).toBe(100);
  });

  test("switching on the code narrows the parameters", () => {
    const describe = (i: Issue): string => {
      if (i.code === "employee_duplicate") return `rows ${i.params.rows.join("+")}`;
      if (i.code === "insufficient_balance") return String(i.params.shortfallCents);
      return i.code;
    };
    expect(describe(makeIssue("employee_duplicate", { employeeName: "Ana", rows: [4, 9] }))).toBe("rows 4+9");
    const balance = { totalCents: 3, availableCents: 2, shortfallCents: 1 };
    expect(describe(makeIssue("insufficient_balance", balance))).toBe("1");
  });

  test("the location prefix and the severity override", () => {
    const i = makeIssue(
      "cpf_unknown",
      { input: "***.456.789-**" },
      { row: 7, column: "CPF", severity: "warning" },
    );
    expect(i.severity).toBe("warning");
    expect(i.message["pt-BR"]).toMatch(
      /^Linha 7, coluna CPF: nenhum colaborador cadastrado tem o CPF \*\*\*\.456/,
    );
    expect(makeIssue("nothing_to_send", {}).message["en-US"]).toMatch(/^There is nothing to send/);
  });
});

describe("amount problems of src/money become issues with amounts as the user types them", () => {
  const issueFor = (cell: unknown, locale: "pt-BR" | "en-US" = "pt-BR"): Issue => {
    const r = parseCents(cell, { locale, maxCents: 100_000_000 });
    if (r.ok) throw new Error("expected a problem");
    return amountIssue(r.problem, { row: 2, column: "VR" });
  };

  test.each<[unknown, "pt-BR" | "en-US", string]>([
    ["abc", "pt-BR", "Linha 2, coluna VR: 'abc' não é um valor em reais; escreva um número como 150,00"],
    [true, "en-US", "Row 2, column VR: 'true' is not an amount in reais"],
    ["-5", "pt-BR", "'-5' é negativo; os valores de benefício são zero ou mais"],
    [1.005, "pt-BR", "'1,005' tem mais de duas casas decimais; escreva 1,01 ou 1,00."],
    ["12,3456", "en-US", "'12,3456' has more than two decimal places; type 12.35 or 12.34."],
    ["-1,0051", "pt-BR", "'-1,0051' tem mais de duas casas decimais; arredonde para centavos."],
    ["2.000.000,00", "pt-BR", "'2.000.000,00' passa do limite de R$ 1.000.000,00 por célula"],
    ["1,234", "pt-BR", "Se são 1.234,00 reais, escreva 1.234,00"],
    ["1.500", "en-US", "For 1,500.00 reais type 1,500.00"],
  ])("%p (%s)", (cell, locale, text) => {
    const issue = issueFor(cell, locale);
    expect(issue.message[locale]).toContain(text);
    for (const m of Object.values(issue.message)) expect(m).not.toMatch(/undefined|NaN|\[object/);
  });

  test("every cents problem code has its issue", () => {
    const problems: CentsProblem[] = [
      { code: "not_a_number", input: "x" },
      { code: "negative", input: "-1" },
      { code: "sub_cent", input: "1.005" },
      { code: "too_large", input: "9", maxCents: 100 },
      { code: "ambiguous", input: "1,234", asThousandsCents: 123400 },
    ];
    expect(problems.map((p) => amountIssue(p, {}).code)).toEqual([
      "amount_not_a_number",
      "amount_negative",
      "amount_sub_cent",
      "amount_too_large",
      "amount_ambiguous",
    ]);
  });
});

describe("CPF and CNPJ problems as sentences", () => {
  test("say what to do, in both locales, and never show the full number", () => {
    for (const cell of [
      "123.456.789-00",
      1234567891,
      "123.456.789-0X",
      "123456789091",
      "111.111.111-11",
      "",
    ]) {
      const result = normalizeCpf(cell);
      if (result.ok) throw new Error("expected a problem");
      for (const locale of ["pt-BR", "en-US"] as const) {
        const text = documentProblemMessage("CPF", result, locale);
        expect(text).toMatch(/CPF/);
        expect(text).not.toMatch(/\d{6}/);
        // The only full CPF allowed is the made-up example 123.456.789-09.
        expect(text.replace("123.456.789-09", "")).not.toMatch(/\d{3}\.\d{3}\.\d{3}-\d{2}/);
      }
    }
    const padded = normalizeCpf(1234567891);
    expect(padded.ok ? "" : documentProblemMessage("CPF", padded, "en-US")).toBe(
      "The CPF, read as ***.345.678-** after restoring the leading zeros Excel drops, fails its check digits, " +
        "the last two. Check for a mistyped or missing digit.",
    );
    const cnpj = normalizeCnpj("12.345.678/0001-00");
    expect(cnpj.ok ? "" : documentProblemMessage("CNPJ", cnpj, "pt-BR")).toMatch(
      /^O CNPJ não confere nos dígitos verificadores, os dois últimos\./,
    );
  });
});
