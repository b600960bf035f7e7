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
 * that function and its size. They lie where other work is under way (the send and finalize in
 * src/features/distribute, the preview, the screens being made accessible). Split the function,
 * then take its file off this list; test/function-size.test.ts fails while a listed file no
 * longer needs to be here.
 */
const OVER_THE_LIMIT = [
  "src/features/connection/ConnectionForm.tsx", // ConnectionForm, 81
  "src/features/connection/SavedConnectionList.tsx", // SavedConnectionList, 88
  "src/features/directory/DataScreen.tsx", // DataScreen, 105
  "src/features/distribute/adapter/adapter.ts", // distributeServices, 205
  "src/features/distribute/error-words.ts", // distributeErrorWords' arrow, 81
  "src/features/distribute/finalize/finalize-draft.ts", // finalizeDraft, 116
  "src/features/distribute/finalize/refresh-status.ts", // refreshStatus, 90
  "src/features/distribute/modes/mode-input.ts", // prepareModeRun, 88
  "src/features/distribute/screen/DistributeScreen.tsx", // DistributeScreen, 137
  "src/features/distribute/screen/FinalizeForm.tsx", // FinalizeForm, 121
  "src/features/distribute/screen/SendPanel.tsx", // SendPanel, 128
  "src/features/distribute/screen/ValidationPanel.tsx", // ValidationPanel, 86
  "src/features/distribute/screen/useDistribute.ts", // useDistribute, 173
  "src/features/distribute/send/pipeline.ts", // sendDraft, 102
  "src/features/fund/FundScreen.tsx", // FundScreen, 97
  "src/taskpane/App.tsx", // Shell, 115
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
