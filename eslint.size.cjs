// @ts-check
// Every function fits a screen: at most 80 lines, counted raw (blank lines and comments count as
// lines), in the product's code and its tools (src, sandbox, bench, scripts). Tests and their support
// (a `testing/` folder, the sandbox's test harness) are exempt: a `describe` block holds its cases.
//
// CommonJS, as eslint.layers.cjs, so that test/function-size.test.ts lints against this very file.

const MAX_LINES = 80;

const SCRIPTS = "{ts,tsx,mts,cts,js,mjs,cjs}";

/** @type {import("eslint").Linter.Config[]} */
const sizeRules = [
  {
    files: ["src", "sandbox", "bench", "scripts"].map((folder) => `${folder}/**/*.${SCRIPTS}`),
    ignores: ["**/*.test.*", "**/testing/**", "sandbox/test-harness.ts", "sandbox/testkit.ts"],
    rules: {
      "max-lines-per-function": ["error", { max: MAX_LINES, skipBlankLines: false, skipComments: false }],
    },
  },
];

module.exports = { sizeRules, MAX_LINES };
