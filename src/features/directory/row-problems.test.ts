import { rowProblems, rowProblemsText } from "./row-problems";

describe("the rows a directory run could not take", () => {
  const statuses = [
    { rowIndex: 0, outcome: "created" as const },
    {
      rowIndex: 2,
      outcome: "error" as const,
      message: "CPF inválido. O CPF não confere nos dígitos verificadores.",
    },
    {
      rowIndex: 5,
      outcome: "error" as const,
      message: "CPF inválido. O CPF tem 10 caracteres; um CPF tem 11.",
    },
    { rowIndex: 7, outcome: "error" as const, message: "Nome vazio: escreva o nome da pessoa." },
    { rowIndex: 8, outcome: "already_registered" as const },
  ];

  it("groups them by what went wrong, in worksheet rows, the largest group first", () => {
    // Header on row 1: data row 0 is worksheet row 2.
    expect(rowProblems(statuses, 1)).toEqual([
      { what: "CPF inválido", rows: [4, 7] },
      { what: "Nome vazio", rows: [9] },
    ]);
    expect(rowProblemsText(rowProblems(statuses, 1), "pt-BR")).toBe(
      "Linhas 4 e 7: CPF inválido. Linha 9: Nome vazio.",
    );
  });

  it("names a few rows and kinds, and says how many more", () => {
    const many = Array.from({ length: 8 }, (_, i) => ({
      rowIndex: i,
      outcome: "error" as const,
      message: "Invalid CPF. The CPF has 10 characters.",
    }));
    const kinds = ["A", "B", "C", "D", "E"].map((what, i) => ({
      rowIndex: 20 + i,
      outcome: "not_sent" as const,
      message: `${what}: something`,
    }));
    expect(rowProblemsText(rowProblems([...many, ...kinds], 1), "en-US")).toBe(
      "Rows 2, 3, 4, 5, 6, and 3 more: Invalid CPF. Row 22: A. Row 23: B. 3 other problems: see each row's status in the table.",
    );
  });

  it("is empty when every row went through", () => {
    expect(rowProblems([{ rowIndex: 0, outcome: "created" }], 1)).toEqual([]);
  });
});
