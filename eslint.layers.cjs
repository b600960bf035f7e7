// @ts-check
// Import direction of DESIGN §1, as ESLint rules. Kept apart from eslint.config.mjs so that
// test/layers.test.ts can lint fixture sources against exactly these rules. CommonJS so that
// jest (which runs CommonJS) loads the very same file.
//
//   taskpane / commands / preview  ->  workflows  ->  workbook, api, money
//   excel implements the workbook port and is handed in at the edges (task pane, commands, preview).
//   sandbox may import src/api (the wire schemas) and src/money (pure), nothing else from src.
//
// Each rule covers static imports and re-exports (no-restricted-imports) and dynamic import()
// with a literal path (no-restricted-syntax), in every script file of the layer.

const { builtinModules } = require("node:module");

const LAYERS = ["api", "money", "workbook", "workflows", "excel", "taskpane", "commands", "preview"];
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

function layer(name, { allow, forbidPackages = [], forbidHostGlobals = false }) {
  const patterns = [
    {
      regex: into(others(name, ...allow)),
      message: `src/${name} may import only ${allow.length ? allow.map((l) => `src/${l}`).join(", ") : "itself"} (DESIGN §1).`,
    },
    { regex: "(^|/)sandbox(/|$)", message: "Only tests and benchmarks may import the sandbox." },
  ];
  const packages = forbidPackages.length
    ? [{ group: forbidPackages, message: `src/${name} must stay host- and UI-agnostic (DESIGN §1).` }]
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
  return {
    files: [`src/${name}/**/*.${SCRIPTS}`],
    ignores: ["**/*.test.*"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...patterns, ...packages] }],
      "no-restricted-syntax": ["error", ...dynamicImports(patterns)],
      ...hostRules,
    },
  };
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

const layerRules = [
  layer("money", { allow: [], forbidPackages: [...UI, ...SERVER], forbidHostGlobals: true }),
  layer("api", { allow: ["money"], forbidPackages: [...UI, ...SERVER], forbidHostGlobals: true }),
  layer("workbook", { allow: ["api", "money"], forbidPackages: [...UI, ...SERVER], forbidHostGlobals: true }),
  layer("workflows", {
    allow: ["workbook", "api", "money"],
    forbidPackages: [...UI, ...SERVER],
    forbidHostGlobals: true,
  }),
  layer("excel", { allow: ["workbook", "api", "money"], forbidPackages: [...UI, ...SERVER] }),
  layer("taskpane", { allow: ["workflows", "workbook", "api", "money", "excel"], forbidPackages: SERVER }),
  layer("commands", {
    allow: ["workflows", "workbook", "api", "money", "excel", "taskpane"],
    forbidPackages: SERVER,
  }),
  // The preview hosts the add-in over the fake Excel of src/excel (it is an edge, as the task pane is).
  layer("preview", {
    allow: ["taskpane", "workflows", "workbook", "api", "money", "excel"],
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
