/**
 * The import-direction rule of DESIGN §1 must fail when a layer imports against the arrows.
 * Lints small sources, placed at paths inside each layer, against the project's own rules
 * (eslint.layers.cjs, the module eslint.config.mjs spreads in).
 */
import path from "node:path";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { layerRules } = require("../eslint.layers.cjs") as { layerRules: Linter.Config[] };

const root = path.resolve(__dirname, "..");
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ["**/*.ts", "**/*.tsx"], languageOptions: { parser: tseslint.parser } },
    ...layerRules,
  ],
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? "fatal"}: ${m.message}`);
}

describe("import direction (DESIGN §1)", () => {
  it.each([
    ["src/workflows/x.ts", 'import { x } from "../taskpane/App";', "workflows must not import the task pane"],
    ["src/workflows/x.ts", 'import { x } from "../excel/host";', "workflows must not import Office.js code"],
    ["src/workflows/x.ts", 'import { useState } from "react";', "workflows must not import React"],
    ["src/api/x.ts", 'import { x } from "../workbook/port";', "api must not import workbook"],
    ["src/money/x.ts", 'import { x } from "../api/schemas";', "money imports nothing"],
    [
      "src/workbook/x.ts",
      'import { x } from "../workflows/distribution";',
      "workbook must not import workflows",
    ],
    ["src/excel/x.ts", 'import { x } from "../taskpane/App";', "excel must not import the task pane"],
    [
      "src/taskpane/x.tsx",
      'import { x } from "../../sandbox/server";',
      "the add-in never imports the sandbox",
    ],
    [
      "src/preview/x.tsx",
      'import { x } from "../../sandbox/server";',
      "the preview never imports the sandbox",
    ],
    [
      "sandbox/x.ts",
      'import { x } from "../src/workbook/port";',
      "sandbox may import only src/api and src/money",
    ],
    ["sandbox/x.ts", 'import { x } from "../src/workflows";', "not the workflows"],
    ["sandbox/x.ts", 'import { x } from "../src/api/../workbook/memory";', "no climbing out of src/api"],
    [
      "sandbox/store/x.ts",
      'import { x } from "../../src/money/../excel/host";',
      "no climbing out of src/money",
    ],
    ["sandbox/x.ts", 'import { x } from "../src/moneyish/x";', "a folder that only starts like money"],
    ["sandbox/x.ts", 'import * as all from "../src";', "not the whole of src either"],
    [
      "src/workbook/x.ts",
      'import { execFile } from "node:child_process";',
      "no Node built-ins below the edges",
    ],
    ["src/workflows/x.ts", 'import os from "os";', "bare built-in names too"],
    ["src/workflows/x.mts", 'import { x } from "../taskpane/App";', ".mts files are in the layer too"],
    ["src/api/x.js", 'import { x } from "../workbook/port";', "and plain .js files"],
    ["src/workflows/x.ts", 'export { x } from "../excel/host";', "re-exports count as imports"],
  ])("%s: %s is refused (%s)", async (file, code) => {
    const found = await problems(file, code);
    expect(found).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
  });

  it.each([
    ["src/workflows/x.ts", 'export const load = () => import("../excel/host");'],
    ["src/api/x.ts", 'export const load = () => import("../workbook/memory");'],
    ["sandbox/x.ts", 'export const load = () => import("../src/workbook/memory");'],
    ["sandbox/x.ts", 'export const load = () => import("../src/money/../workbook/memory");'],
  ])("%s: dynamic %s is refused", async (file, code) => {
    expect(await problems(file, code)).toEqual([expect.stringMatching(/^no-restricted-syntax: /)]);
  });

  it.each([
    ["src/workflows/x.ts", 'import { x } from "../workbook/port";\nimport { y } from "../api/client";'],
    ["src/workbook/x.ts", 'import { x } from "../money";\nimport { type Employee } from "../api/schemas";'],
    [
      "src/taskpane/x.tsx",
      'import { x } from "../workflows/distribution";\nimport { y } from "@fluentui/react-components";',
    ],
    ["src/excel/x.ts", 'import { x } from "../workbook/port";'],
    ["src/preview/x.tsx", 'import { x } from "../excel/fake";\nimport { y } from "../taskpane/App";'],
    ["sandbox/x.ts", 'import { x } from "../src/api/schemas";\nimport Database from "better-sqlite3";'],
    ["sandbox/x.ts", 'import { isValidCpf } from "../src/money";'],
    ["sandbox/store/x.ts", 'import { normalizeCpf } from "../../src/money/documents";'],
    ["sandbox/x.ts", 'export const load = () => import("../src/money");'],
  ])("%s: allowed imports pass", async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  it("refuses the Office.js globals below the edges", async () => {
    expect(await problems("src/workflows/x.ts", "export const h = Excel.run;")).toEqual([
      expect.stringMatching(/^no-restricted-globals: /),
    ]);
    expect(await problems("src/workbook/x.ts", "export const h = globalThis.Excel;")).toEqual([
      expect.stringMatching(/^no-restricted-properties: /),
    ]);
    expect(await problems("src/api/x.ts", "export const e = OfficeExtension.Error;")).toEqual([
      expect.stringMatching(/^no-restricted-globals: /),
    ]);
    expect(await problems("src/excel/x.ts", "export const h = Excel.run;")).toEqual([]);
  });
});
