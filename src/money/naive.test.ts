// Why parseCents reads decimals exactly (docs/architecture.md §2 "Money"): a naive float multiply, the code this module
// exists to replace, gets these cells wrong. If this test ever fails, the cases below stopped proving it.
import { parseCents, type ParseCentsResult } from ".";

const naiveNumber = (x: number) => Math.round(x * 100);
const naiveText = (s: string) => Math.round(parseFloat(s.replace(/[^\d.,-]/g, "").replace(",", ".")) * 100);

function outcome(result: ParseCentsResult): number | string {
  return result.ok ? result.cents : result.problem.code;
}

test("Math.round(x * 100) disagrees with the exact parser on sub-cent number cells", () => {
  const cells = [1.005, 0.001, 5e-324, 2.675, 1234.565];
  const mismatches = cells.filter((x) => outcome(parseCents(x)) !== naiveNumber(x));
  // The naive path silently "rounds" every one of them (1.005 even becomes 100, not 101).
  expect(mismatches).toEqual(cells);
  expect(naiveNumber(1.005)).toBe(100);
  expect(outcome(parseCents(1.005))).toBe("sub_cent");
});

test("a naive text parser turns ambiguous and grouped text into wrong amounts", () => {
  const cells = ["1,234", "1.234.567,89", "1.234,567", "10.000"];
  const mismatches = cells.filter((s) => outcome(parseCents(s)) !== naiveText(s));
  expect(mismatches.length).toBeGreaterThanOrEqual(3);
  expect(naiveText("10.000")).toBe(1000); // ten reais, where pt-BR means ten thousand
  expect(outcome(parseCents("10.000"))).toBe(1000000);
});
