/**
 * The requirement sets (issue 21, item 4): every Excel member the shipped code uses is in
 * src/excel/api-sets.ts with the set @types/office-js gives it, and none is newer than the
 * ExcelApi minimum manifest.xml declares. The uses are found by the TypeScript checker
 * (./api-set-scan.ts); the synthetic cases prove the check fails when it should.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { EXCEL_API_SETS } from "../src/excel/api-sets";
import { type ApiUse, apiSetProblems, compareSets, scanExcelUses } from "./api-set-scan";

// The checker over the shipped sources: seconds alone, a minute beside other builds.
jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, "..");

function manifestMinimum(): string {
  const xml = readFileSync(path.join(ROOT, "manifest.xml"), "utf8");
  const set = /<Set Name="ExcelApi" MinVersion="(\d+\.\d+)"\/>/.exec(xml)?.[1];
  if (!set) throw new Error('manifest.xml declares no <Set Name="ExcelApi" MinVersion="…"/>');
  return set;
}

/** The uses that would break the choices the table makes among an annotation's several sets. */
function choiceProblems(uses: readonly ApiUse[]): string[] {
  const problems: string[] = [];
  for (const u of uses) {
    if (u.key === "TableColumn.name" && u.written)
      problems.push(`${u.at}: a column renamed needs ExcelApi 1.4 (the table says 1.1, read only)`);
    if (u.key === "TableRowCollection.add" && (u.args ?? 0) > 2)
      problems.push(`${u.at}: rows.add with alwaysInsert needs ExcelApi 1.15`);
  }
  return problems;
}

let uses: ApiUse[];
beforeAll(() => {
  uses = scanExcelUses();
});

test("every Excel member used is in the table, as @types/office-js annotates it, within the manifest's minimum", () => {
  expect(apiSetProblems(uses, EXCEL_API_SETS, manifestMinimum())).toEqual([]);
  expect(choiceProblems(uses)).toEqual([]);
});

test("the manifest's minimum is the newest set used (ExcelApi 1.8), not more", () => {
  const sets = Object.values(EXCEL_API_SETS)
    .map((e) => (typeof e === "string" ? e : e[0]))
    .filter((s) => s !== "none");
  const newest = sets.reduce((a, b) => (compareSets(a, b) >= 0 ? a : b));
  expect(newest).toBe("1.8");
  expect(manifestMinimum()).toBe(newest);
});

test("the scan sees the adapter's calls through the subset of office-api.ts", () => {
  const at = (key: string) => uses.filter((u) => u.key === key).map((u) => u.at.replace(/:\d+$/, ""));
  expect(at("Runtime.enableEvents")).toContain("src/excel/write-blocks.ts");
  expect(at("Table.onChanged")).toContain("src/excel/office-workbook.ts");
  expect(at("Worksheet.getRangeByIndexes")).toContain("src/excel/office-sheets.ts");
  expect(at("DataValidation.rule").length).toBeGreaterThan(0);
  expect(uses.find((u) => u.key === "Worksheet.visibility" && u.written)).toBeDefined();
  expect(new Set(uses.map((u) => u.key)).size).toBe(Object.keys(EXCEL_API_SETS).length);
});

describe("the check bites", () => {
  const file = path.join(ROOT, "src/excel/synthetic-use.ts");
  let synthetic: ApiUse[];
  beforeAll(() => {
    synthetic = scanExcelUses([file], {
      file,
      text: [
        'import type { RangeApi, TableApi } from "./office-api";',
        "export function synthetic(range: RangeApi, table: TableApi, direct: Excel.Range) {",
        "  direct.getSpillingToRange();",
        "  table.rows.add(undefined, [[1]], true);",
        "  return range.values;",
        "}",
        "",
      ].join("\n"),
    });
  });
  const spill = (problems: string[]) => problems.filter((p) => p.startsWith("Range.getSpillingToRange"));

  test("a member newer than the minimum, absent from the table, fails", () => {
    expect(spill(apiSetProblems(synthetic, EXCEL_API_SETS, "1.8"))).toEqual([
      "Range.getSpillingToRange is used (src/excel/synthetic-use.ts:3) but not in the table ([Api set: ExcelApi 1.12])",
    ]);
  });

  test("in the table with its true set (1.12), it fails for the manifest's minimum", () => {
    const table = { ...EXCEL_API_SETS, "Range.getSpillingToRange": "1.12" };
    expect(spill(apiSetProblems(synthetic, table, "1.8"))).toEqual([
      "Range.getSpillingToRange needs ExcelApi 1.12, newer than the manifest's minimum 1.8 (src/excel/synthetic-use.ts:3)",
    ]);
    expect(spill(apiSetProblems(synthetic, table, "1.12"))).toEqual([]);
  });

  test("a table that lies about a set fails against @types/office-js", () => {
    const table = { ...EXCEL_API_SETS, "Range.getSpillingToRange": "1.8" };
    expect(spill(apiSetProblems(synthetic, table, "1.8"))).toEqual([
      "Range.getSpillingToRange: the table says 1.8, @types/office-js says ExcelApi 1.12",
    ]);
  });

  test("a use through the subset is found, and an entry nothing uses fails", () => {
    expect(synthetic.map((u) => u.key)).toEqual(
      expect.arrayContaining(["Range.values", "Table.rows", "TableRowCollection.add"]),
    );
    expect(apiSetProblems(synthetic, EXCEL_API_SETS, "1.8")).toContain(
      "Worksheet.getRangeByIndexes is in the table but nothing uses it",
    );
  });

  test("rows.add with alwaysInsert breaks the table's choice of 1.4", () => {
    expect(choiceProblems(synthetic)).toEqual([
      "src/excel/synthetic-use.ts:4: rows.add with alwaysInsert needs ExcelApi 1.15",
    ]);
  });
});
