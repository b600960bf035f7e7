// @ts-check
// Import direction of DESIGN §1, as ESLint rules. Kept apart from eslint.config.mjs so that
// test/layers.test.ts can lint fixture sources against exactly these rules. CommonJS so that
// jest (which runs CommonJS) loads the very same file.
//
//   taskpane / commands / preview  ->  workflows  ->  workbook, api, money
//   excel implements the workbook port and is handed in at the edges.
//   sandbox may import src/api (the wire schemas) and nothing else from src.

const LAYERS = ["api", "money", "workbook", "workflows", "excel", "taskpane", "commands", "preview"];

/** A relative or src-rooted import that reaches into one of `layers`. */
const into = (layers) => `(^|/)(src/)?(${layers.join("|")})(/|$)`;
const others = (...allowed) => LAYERS.filter((l) => !allowed.includes(l));

const UI = ["react", "react-dom", "react-dom/*", "@fluentui/*"];
const SERVER = ["fastify", "@fastify/*", "better-sqlite3", "node:*", "fs", "path", "http", "crypto"];
const HOST_GLOBALS = ["Office", "Excel", "OfficeRuntime"].map((name) => ({
  name,
  message: "Only src/excel (and the task pane edges) may touch Office.js; take the Workbook port instead.",
}));

function layer(name, { allow, forbidPackages = [], forbidHostGlobals = false }) {
  const patterns = [
    {
      regex: into(others(name, ...allow)),
      message: `src/${name} may import only ${allow.length ? allow.map((l) => `src/${l}`).join(", ") : "itself"} (DESIGN §1).`,
    },
    { regex: "(^|/)sandbox(/|$)", message: "Only tests and benchmarks may import the sandbox." },
  ];
  if (forbidPackages.length) {
    patterns.push({
      group: forbidPackages,
      message: `src/${name} must stay host- and UI-agnostic (DESIGN §1).`,
    });
  }
  return {
    files: [`src/${name}/**/*.{ts,tsx}`],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns }],
      ...(forbidHostGlobals ? { "no-restricted-globals": ["error", ...HOST_GLOBALS] } : {}),
    },
  };
}

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
  layer("preview", { allow: ["taskpane", "workflows", "workbook", "api", "money"], forbidPackages: SERVER }),
  {
    files: ["sandbox/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `(^|/)src/(?!api(/|$))`,
              message:
                "The sandbox may import src/api (one source of truth for the wire) and nothing else from src.",
            },
          ],
        },
      ],
    },
  },
];

module.exports = { layerRules };
