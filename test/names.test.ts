/**
 * Names that explain themselves (issue 19, item 5): the rule of eslint.names.cjs refuses a
 * single-letter name outside tiny lambdas in the folders it covers, and stands beside the layer
 * rules (eslint.layers.cjs) without replacing their no-restricted-syntax on the same files.
 * Lints small sources against both, in the order eslint.config.mjs spreads them in
 * (./lint-snippet.ts).
 */
import type { Linter } from "eslint";
import { snippetLinter } from "./lint-snippet";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { layerRules } = require("../eslint.layers.cjs") as { layerRules: Linter.Config[] };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { nameRules } = require("../eslint.names.cjs") as { nameRules: Linter.Config[] };

const problems = snippetLinter(...layerRules, ...nameRules);

const NAME = /^names\/say-what-it-is: '\w': a name that says what it is/;

describe("names that say what they are (issue 19, item 5)", () => {
  it.each([
    ["src/taskpane/x.ts", "export const t = { title: 'Título' };", "a variable"],
    ["src/commands/x.ts", "export function run(t: string) { return t; }", "a function's parameter"],
    [
      "src/preview/x.ts",
      "export const read = function (r: number) { return r; };",
      "a function expression's",
    ],
    [
      "src/features/directory/x.ts",
      "export class A { run(r: number) { return r; } }",
      "a method's parameter",
    ],
    [
      "src/features/connection/x.ts",
      "export const all = [1].map((c) => {\n  return c + 1;\n});",
      "a lambda's with a block body",
    ],
    ["src/features/activity/x.ts", "for (const e of [1]) void e;", "a loop's variable"],
    ["src/features/reconciliation/x.tsx", "export let n = 0;", "in .tsx files too"],
  ])("%s: %s is refused (%s)", async (file, code) => {
    expect(await problems(file, code)).toEqual([expect.stringMatching(NAME)]);
  });

  it.each([
    ["src/taskpane/x.ts", "export const ids = [{ id: 1 }].map((x) => x.id);", "a tiny lambda"],
    ["src/taskpane/x.ts", "for (let i = 0, j = 1; i < j; i++) void i;", "i and j"],
    ["src/taskpane/x.ts", "export const first = [1].map((_, i) => i);", "_"],
    ["src/taskpane/x.ts", "try { void 0; } catch (e) { void e; }", "a catch clause's parameter"],
    ["src/taskpane/x.ts", "export const words = { ok: (p: { n: string }) => p.n };", "a property"],
    ["src/taskpane/x.test.ts", "export const t = 1;", "a test file"],
    ["sandbox/x.ts", "export const t = 1;", "a folder not yet clean"],
  ])("%s: %s passes (%s)", async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  it("leaves the layers' no-restricted-syntax in force on the same file", async () => {
    const found = await problems(
      "src/taskpane/x.ts",
      'export const t = 1;\nexport const load = () => import("../../sandbox/server");',
    );
    expect(found).toEqual([expect.stringMatching(NAME), expect.stringMatching(/^no-restricted-syntax: /)]);
  });
});
