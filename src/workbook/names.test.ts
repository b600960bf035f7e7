/** Sheet and table names, A1 addresses and structured references (./names.ts), as Excel takes them. */
import { nameProblemMessage } from "./problem-messages";
import {
  columnLetters,
  parseA1,
  parseStructuredRefColumn,
  sheetNameProblem,
  structuredRefColumn,
  tableNameProblem,
  uniqueSheetName,
  uniqueTableName,
} from "./names";

test("names and A1 helpers", () => {
  expect(uniqueSheetName("Distribuição", ["distribuição", "Distribuição (2)"])).toBe("Distribuição (3)");
  expect(uniqueSheetName("a/b:c", [])).toBe("a b c");
  expect(uniqueSheetName("x".repeat(40), ["x".repeat(31)])).toHaveLength(31);
  expect(uniqueTableName("Distribuição 2026", ["Distribuicao_2026"])).toBe("Distribuicao_2026_2");
  expect(uniqueTableName("2026", [])).toBe("T_2026");
  expect(columnLetters(0)).toBe("A");
  expect(columnLetters(27)).toBe("AB");
  expect(parseA1("AB12")).toEqual({ row: 11, column: 27 });
  expect(() => parseA1("12")).toThrow();
});

test("structuredRefColumn escapes what Excel requires, and parseStructuredRefColumn reverses it", () => {
  expect(structuredRefColumn("Refeição")).toBe("Refeição");
  expect(structuredRefColumn("Vale Refeição [p1]")).toBe("Vale Refeição '[p1']");
  expect(structuredRefColumn("# d'água")).toBe("'# d''água");
  for (const h of ["Refeição", "Vale Refeição [p1]", "'#[]'", "a''b", "x]"]) {
    expect(parseStructuredRefColumn(structuredRefColumn(h))).toBe(h);
  }
});

test("Excel's name rules answer codes; the catalogue words them in each locale", () => {
  expect(["", "x".repeat(32), "a/b", "'a", "History", "Folha"].map(sheetNameProblem)).toEqual([
    "empty",
    "too_long",
    "forbidden_character",
    "apostrophe_at_edge",
    "reserved",
    null,
  ]);
  expect(["", "x".repeat(256), "a b", "A1", "R1C1", "c", "Dist_2026"].map(tableNameProblem)).toEqual([
    "empty",
    "too_long",
    "invalid_character",
    "cell_reference",
    "cell_reference",
    "cell_reference",
    null,
  ]);
  expect(nameProblemMessage({ kind: "table", code: "cell_reference" }, "en-US")).toMatch(/cell reference/);
  expect(nameProblemMessage({ kind: "sheet", code: "forbidden_character" }, "pt-BR")).toMatch(/não pode ter/);
});
