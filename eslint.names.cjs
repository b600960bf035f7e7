// @ts-check
// Names that explain themselves: no single-letter name (but i, j and _) for a
// variable, a function's or method's parameter, or the parameter of a lambda with a block body.
// A tiny lambda (an arrow whose body is one expression: `(x) => x.id`) may keep its letter, and so
// may a catch clause's parameter.
//
// Its own rule, with no-restricted-syntax's selectors, rather than no-restricted-syntax itself: the
// layer rules (eslint.layers.cjs) use no-restricted-syntax on these same files for dynamic
// import(), and in flat config a later block's options for a rule replace an earlier block's.
// CommonJS, as eslint.layers.cjs, so that test/names.test.ts lints against this very file.
//
// Applied to the folders whose names are clean; a folder joins CLEAN once it is.

const SCRIPTS = "{ts,tsx,mts,cts,js,mjs,cjs}";

const CLEAN = [
  "src/ui",
  "src/taskpane",
  "src/commands",
  "src/preview",
  "src/features/activity",
  "src/features/connection",
  "src/features/directory",
  "src/features/reconciliation",
  "src/features/distribute",
  "src/excel",
  "src/money",
  "src/features/fund",
  "src/features/functions",
  "src/api",
  "src/workbook",
];

const LETTER = "/^(?![ij_]$)[A-Za-z]$/";
const SELECTORS = [
  `VariableDeclarator > Identifier.id[name=${LETTER}]`,
  `FunctionDeclaration > Identifier.params[name=${LETTER}]`,
  `FunctionExpression > Identifier.params[name=${LETTER}]`,
  `ArrowFunctionExpression[body.type='BlockStatement'] > Identifier.params[name=${LETTER}]`,
];

/** @type {import("eslint").Rule.RuleModule} */
const sayWhatItIs = {
  meta: {
    type: "suggestion",
    schema: [],
    messages: {
      name: "'{{name}}': a name that says what it is: single letters only in tiny lambdas (issue 19)",
    },
  },
  create(context) {
    /** @param {import("estree").Node} node */
    const report = (node) =>
      context.report({
        node,
        messageId: "name",
        data: { name: node.type === "Identifier" ? node.name : "" },
      });
    return Object.fromEntries(SELECTORS.map((selector) => [selector, report]));
  },
};

const nameRules = [
  {
    files: CLEAN.map((folder) => `${folder}/**/*.${SCRIPTS}`),
    ignores: ["**/*.test.*"],
    plugins: { names: { rules: { "say-what-it-is": sayWhatItIs } } },
    rules: { "names/say-what-it-is": "error" },
  },
];

module.exports = { nameRules };
