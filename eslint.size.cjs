// @ts-check
// Every function fits a screen: at most 80 lines, blank lines and comments aside, in the product's
// code and its tools (src, sandbox, bench, scripts). Tests and their support (a `testing/` folder,
// the sandbox's test harness) are exempt: a `describe` block holds its cases.
//
// CommonJS, as eslint.layers.cjs, so that test/function-size.test.ts lints against this very file.

const MAX_LINES = 80;

const SCRIPTS = "{ts,tsx,mts,cts,js,mjs,cjs}";

/**
 * REMAINING WORK, not exceptions: the files that still hold a function over 80 lines, each with
 * that function and its size. They lie where other work is under way (the preview, the Data
 * screen) or are screens still to split (Fund, the saved connections, the shell). Split the function,
 * then take its file off this list; test/function-size.test.ts fails while a listed file no
 * longer needs to be here.
 */
const OVER_THE_LIMIT = [
  "src/features/fund/FundScreen.tsx", // FundScreen, 97
];

/** @type {import("eslint").Linter.Config[]} */
const sizeRules = [
  {
    files: ["src", "sandbox", "bench", "scripts"].map((folder) => `${folder}/**/*.${SCRIPTS}`),
    ignores: ["**/*.test.*", "**/testing/**", "sandbox/test-harness.ts", "sandbox/testkit.ts"],
    rules: {
      "max-lines-per-function": ["error", { max: MAX_LINES, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: OVER_THE_LIMIT,
    rules: { "max-lines-per-function": "off" },
  },
];

module.exports = { sizeRules, OVER_THE_LIMIT, MAX_LINES };
