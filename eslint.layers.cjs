// @ts-check
// Import direction of docs/architecture.md ("Layers" and "The feature rule"), as ESLint rules.
// Kept apart from eslint.config.mjs so that test/layers.test.ts can lint fixture sources against
// exactly these rules. CommonJS so that jest (which runs CommonJS) loads the very same file.
//
//   taskpane (the shell) / commands / preview  ->  features  ->  ui  ->  workbook, api, money
//   a feature reaches another feature only through its index.ts and never the shell; the shared UI
//   (src/ui) imports only the core: no feature, no shell, no host.
//   excel implements the workbook port and is handed in at the edges (task pane, commands, preview).
//   sandbox may import src/api (the wire schemas) and src/money (pure), nothing else from src.
//
// Tests follow the same rules. A test (*.test.*) or test support (a file in a testing/ folder) of
// a layer may import what the layer's code may import, and besides:
//   - the sandbox (sandbox/), the server the workflows run against;
//   - the fake Excel: src/excel/fake and src/excel/memory-workbook (the Workbook port, the
//     formula sheet and the PivotTables over the fake), nothing else of src/excel;
//   - Node's built-ins and the server-side packages (tests run in Node);
//   - testing/ folders: its own layer's (src/features/testing, shared by the features' tests and
//     by the tests of the layers above; a feature's own testing/ only from inside that feature)
//     and those of the layers it may import (src/api/testing, src/workbook/testing, src/ui/testing).
// A feature's test never imports the shell. Code that is neither a test nor test support never
// imports a testing/ folder, and nothing in src imports test/ (the repository-wide checks and
// jest's setup).
//
// Each rule covers static imports and re-exports (no-restricted-imports) and dynamic import()
// with a literal path (no-restricted-syntax), in every script file of the layer; the feature rule
// (valepix/feature-boundary) resolves each relative path, as a raw pattern cannot tell "../fund"
// from "../fund/charges".

const path = require("node:path");
const { builtinModules } = require("node:module");

const LAYERS = ["api", "money", "workbook", "ui", "features", "excel", "taskpane", "commands", "preview"];
const SCRIPTS = "{ts,tsx,mts,cts,js,mjs,cjs}";

/** A relative or src-rooted import that reaches into one of `layers`. */
const into = (layers) => `(^|/)(src/)?(${layers.join("|")})(/|$)`;
const others = (...allowed) => LAYERS.filter((l) => !allowed.includes(l));

const UI = ["react", "react-dom", "react-dom/*", "@fluentui/*"];
/** Every Node built-in, bare and `node:`-prefixed, plus the server-side packages. */
const SERVER = [
  "fastify",
  "@fastify/*",
  "better-sqlite3",
  "node:*",
  ...builtinModules.flatMap((m) => [m, `${m}/*`]),
];
const HOST_NAMES = ["Office", "Excel", "OfficeRuntime", "OfficeExtension"];
const HOST_MESSAGE =
  "Only src/excel (and the task pane edges) may touch Office.js; take the Workbook port instead.";

/** The same refusals for `import("...")`, as an esquery selector on the literal path. */
function dynamicImports(patterns) {
  return patterns.map(({ regex, message }) => ({
    selector: `ImportExpression[source.value=/${regex.replace(/\//g, "\\/")}/]`,
    message,
  }));
}

/** Test code: tests and the testing/ folders that support them. */
const TEST_CODE = ["**/*.test.*", "**/testing/**"];

/** What only test code imports: a testing/ folder. */
const TESTING = {
  regex: "(^|/)testing(/|$)",
  message: "Only tests and testing/ folders import a testing/ folder.",
};
/** The repository-wide checks and jest's setup: nothing in src imports them. */
const TEST_DIR = {
  regex: "(^|/)test(/|$)",
  message: "Test support lives in the layer's testing/ folder; test/ holds the repository-wide checks.",
};
const SANDBOX = { regex: "(^|/)sandbox(/|$)", message: "Only tests and benchmarks may import the sandbox." };
/**
 * src/excel, except the fake Excel tests may use: "../excel/fake", "../excel/memory-workbook"
 * pass; "../excel", "../excel/host" and a path climbing out of the fake do not.
 */
const EXCEL_BUT_FAKE =
  "(^|/)(src/)?excel(/?$|/(?!(fake|memory-workbook)(/|$)))|(^|/)(src/)?excel/(fake|memory-workbook)/(.*/)?\\.\\.(/|$)";

function layer(name, { allow, forbidPackages = [], forbidHostGlobals = false }) {
  const refused = others(name, ...allow);
  const allowed = allow.length ? allow.map((l) => `src/${l}`).join(", ") : "itself";
  const message = `src/${name} may import only ${allowed} (docs/architecture.md).`;
  const testMessage = `src/${name}'s tests may import only ${allowed}, the sandbox, the fake Excel (src/excel/fake, src/excel/memory-workbook) and testing/ folders (docs/architecture.md).`;
  const withoutExcel = refused.filter((l) => l !== "excel");
  const testLayers = [
    ...(withoutExcel.length ? [{ regex: into(withoutExcel), message: testMessage }] : []),
    ...(refused.includes("excel") ? [{ regex: EXCEL_BUT_FAKE, message: testMessage }] : []),
  ];
  const patterns = [{ regex: into(refused), message }, SANDBOX, TESTING, TEST_DIR];
  const testPatterns = [...testLayers, TEST_DIR];
  const packages = (group) =>
    group.length
      ? [{ group, message: `src/${name} must stay host- and UI-agnostic (docs/architecture.md).` }]
      : [];
  const hostRules = forbidHostGlobals
    ? {
        "no-restricted-globals": ["error", ...HOST_NAMES.map((n) => ({ name: n, message: HOST_MESSAGE }))],
        "no-restricted-properties": [
          "error",
          ...["globalThis", "window", "self"].flatMap((object) =>
            HOST_NAMES.map((property) => ({ object, property, message: HOST_MESSAGE })),
          ),
        ],
      }
    : {};
  const rules = (refusals, group) => ({
    "no-restricted-imports": ["error", { patterns: [...refusals, ...packages(group)] }],
    "no-restricted-syntax": ["error", ...dynamicImports(refusals)],
    ...hostRules,
  });
  return [
    { files: [`src/${name}/**/*.${SCRIPTS}`], ignores: TEST_CODE, rules: rules(patterns, forbidPackages) },
    {
      files: TEST_CODE.map((glob) => `src/${name}/${glob}`),
      rules: rules(
        testPatterns,
        forbidPackages.filter((p) => !SERVER.includes(p)),
      ),
    },
  ];
}

const SANDBOX_PATTERNS = [
  {
    // "../src", "../src/workbook/...", and "../src/api/../workbook/..." (a path that climbs out of
    // src/api or src/money).
    regex: "(^|/)src(/?$|/(?!(api|money)(/|$)))|(^|/)src/(api|money)/(.*/)?\\.\\.(/|$)",
    message:
      "The sandbox may import src/api (one source of truth for the wire) and src/money (pure), nothing else from src.",
  },
];

/**
 * The feature rule, on resolved paths: from inside src/features/<a>, another feature only through
 * its index.ts; from the shell, the commands and the preview, a feature only through its index.ts.
 * src/features/testing is no feature: the features' shared test support, which only test code
 * may import. (Which layers may import features at all, that a feature never imports the shell,
 * and that only test code imports a testing/ folder, are the layer patterns' job.)
 */
const featureBoundary = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      internals:
        "Import the {{feature}} feature through its index.ts (src/features/{{feature}}), not {{target}}.",
    },
  },
  create(context) {
    const from = path.relative(__dirname, context.filename).split(path.sep).join("/");
    const feature = /^src\/features\/([^/]+)\//.exec(from)?.[1];
    const check = (source) => {
      if (!source || typeof source.value !== "string" || !source.value.startsWith(".")) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), source.value));
      const into = /^src\/features\/([^/]+)(\/(.*))?$/.exec(target);
      if (
        into &&
        into[1] !== feature &&
        into[1] !== "testing" &&
        into[3] !== undefined &&
        !/^index(\.tsx?)?$/.test(into[3])
      ) {
        context.report({ node: source, messageId: "internals", data: { feature: into[1], target } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

const layerRules = [
  {
    files: [`src/**/*.${SCRIPTS}`],
    plugins: { valepix: { rules: { "feature-boundary": featureBoundary } } },
    rules: { "valepix/feature-boundary": "error" },
  },
  ...layer("money", { allow: [], forbidPackages: [...UI, ...SERVER], forbidHostGlobals: true }),
  ...layer("api", { allow: ["money"], forbidPackages: [...UI, ...SERVER], forbidHostGlobals: true }),
  ...layer("workbook", {
    allow: ["api", "money"],
    forbidPackages: [...UI, ...SERVER],
    forbidHostGlobals: true,
  }),
  // The shared UI (React, Fluent UI) over the core: no feature, no shell, no host.
  ...layer("ui", { allow: ["workbook", "api", "money"], forbidPackages: SERVER, forbidHostGlobals: true }),
  // Features hold screens (React) but never touch Office.js: the Workbook port is handed to them.
  ...layer("features", {
    allow: ["features", "ui", "workbook", "api", "money"],
    forbidPackages: SERVER,
    forbidHostGlobals: true,
  }),
  ...layer("excel", { allow: ["workbook", "api", "money"], forbidPackages: [...UI, ...SERVER] }),
  ...layer("taskpane", {
    allow: ["features", "ui", "workbook", "api", "money", "excel"],
    forbidPackages: SERVER,
  }),
  ...layer("commands", {
    allow: ["features", "ui", "workbook", "api", "money", "excel", "taskpane"],
    forbidPackages: SERVER,
  }),
  // The preview hosts the add-in over the fake Excel of src/excel (it is an edge, as the task pane is).
  ...layer("preview", {
    allow: ["taskpane", "features", "ui", "workbook", "api", "money", "excel"],
    forbidPackages: SERVER,
  }),
  {
    files: [`sandbox/**/*.${SCRIPTS}`],
    ignores: ["**/*.test.*"],
    rules: {
      "no-restricted-imports": ["error", { patterns: SANDBOX_PATTERNS }],
      "no-restricted-syntax": ["error", ...dynamicImports(SANDBOX_PATTERNS)],
    },
  },
];

module.exports = { layerRules };
