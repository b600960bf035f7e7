/**
 * Every function fits a screen: eslint.size.cjs refuses a function over 80 lines, counted raw
 * (blank lines and comments count as lines), in src, sandbox, bench and scripts, but not in tests
 * and their support, with no file excepted.
 */
import type { Linter } from "eslint";
import { snippetLinter } from "./lint-snippet";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sizeRules, MAX_LINES } = require("../eslint.size.cjs") as {
  sizeRules: Linter.Config[];
  MAX_LINES: number;
};

const problems = snippetLinter(...sizeRules);

const TOO_LONG = /^max-lines-per-function: .* has too many lines/;

/** A function of `statements` lines of code between its two braces, with `extra` lines among them. */
function functionOf(statements: number, extra: string[] = []): string {
  const body = Array.from({ length: statements }, (_, i) => `  total += ${i};`);
  return [
    "export function sum(): number {",
    "  let total = 0;",
    ...extra,
    ...body,
    "  return total;",
    "}",
    "",
  ].join("\n");
}

describe("functions that fit a screen", () => {
  // The braces, `let total` and `return` are 4 of the function's lines.
  const atTheLimit = functionOf(MAX_LINES - 4);
  const overTheLimit = functionOf(MAX_LINES - 3);

  it.each(["src/api/x.ts", "src/features/fund/x.tsx", "sandbox/x.ts", "bench/x.ts", "scripts/x.ts"])(
    "refuses a function over the limit in %s, and takes one at it",
    async (file) => {
      expect(await problems(file, overTheLimit)).toEqual([expect.stringMatching(TOO_LONG)]);
      expect(await problems(file, atTheLimit)).toEqual([]);
    },
  );

  it("counts blank lines and comments: a padded function over the limit is refused", async () => {
    // Forty lines of padding, blank or comments, take the place of forty lines of code.
    const padding = Array.from({ length: 10 }, () => ["", "  // a comment", "  /* another */", ""]).flat();
    expect(await problems("src/api/x.ts", functionOf(MAX_LINES - 4 - 40, padding))).toEqual([]);
    expect(await problems("src/api/x.ts", functionOf(MAX_LINES - 4 - 39, padding))).toEqual([
      expect.stringMatching(TOO_LONG),
    ]);
  });

  it.each(["src/api/x.test.ts", "src/excel/testing/x.ts", "sandbox/test-harness.ts", "e2e/x.e2e.ts"])(
    "leaves tests and their support alone: %s",
    async (file) => {
      expect(await problems(file, overTheLimit)).toEqual([]);
    },
  );
});
