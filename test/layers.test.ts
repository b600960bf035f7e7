/**
 * The import-direction rule of docs/architecture.md must fail when a layer imports against the
 * arrows, and the feature rule when a module reaches into a feature's internals; tests and test
 * support follow both, with the sandbox, the fake Excel and testing/ folders besides.
 * Lints small sources, placed at paths inside each layer, against the project's own rules
 * (eslint.layers.cjs, the module eslint.config.mjs spreads in) through ./lint-snippet.ts.
 */
import type { Linter } from "eslint";
import { snippetLinter } from "./lint-snippet";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { layerRules } = require("../eslint.layers.cjs") as { layerRules: Linter.Config[] };

const problems = snippetLinter(...layerRules);

describe("import direction (docs/architecture.md)", () => {
  it.each([
    [
      "src/features/distribute/x.ts",
      'import { x } from "../../excel/host";',
      "features must not import Office.js code",
    ],
    ["src/workbook/x.ts", 'import { useState } from "react";', "the core must not import React"],
    [
      "src/workbook/x.ts",
      'import { x } from "../features/distribute";',
      "the core must not import a feature",
    ],
    ["src/api/x.ts", 'import { x } from "../features/fund";', "not even through its index"],
    ["src/excel/x.ts", 'import { x } from "../features/connection";', "nor the host adapter"],
    ["src/api/x.ts", 'import { x } from "../workbook/port";', "api must not import workbook"],
    ["src/money/x.ts", 'import { x } from "../api/schemas";', "money imports nothing"],
    ["src/money/x.ts", 'import { x } from "../ui/layout";', "money must not import the shared UI"],
    ["src/workbook/x.ts", 'import { x } from "../ui/i18n";', "nor the workbook"],
    [
      "src/features/fund/x.tsx",
      'import { x } from "../../taskpane/App";',
      "a feature never imports the shell",
    ],
    [
      "src/features/distribute/screen/x.tsx",
      'import { x } from "../../../taskpane/error-words";',
      "not even the shell's error words",
    ],
    ["src/ui/x.ts", 'import { x } from "../features/fund";', "the shared UI knows no feature"],
    ["src/ui/errors/x.ts", 'import { x } from "../../taskpane/App";', "nor the shell"],
    ["src/ui/errors/x.ts", 'import { x } from "../../excel";', "nor the host"],
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
    ["sandbox/x.ts", 'import { x } from "../src/features/distribute";', "not the features"],
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
    ["src/features/fund/x.ts", 'import os from "os";', "bare built-in names too"],
    ["src/features/fund/x.mts", 'import { x } from "../../excel/host";', ".mts files are in the layer too"],
    ["src/api/x.js", 'import { x } from "../workbook/port";', "and plain .js files"],
    ["src/features/fund/x.ts", 'export { x } from "../../excel/host";', "re-exports count as imports"],
    [
      "src/features/fund/FundScreen.test.tsx",
      'import { App } from "../../taskpane/App";',
      "a feature's test never imports the shell",
    ],
    [
      "src/features/distribute/screen/x.test.tsx",
      'import { x } from "../../../taskpane/testing/pane-env";',
      "nor the shell's test support",
    ],
    ["src/features/fund/testing/x.ts", 'import { x } from "../../../taskpane/App";', "nor does test support"],
    [
      "src/ui/x.test.tsx",
      'import { x } from "../taskpane/error-words";',
      "the shared UI's tests know no shell",
    ],
    ["src/ui/x.test.tsx", 'import { x } from "../features/fund";', "nor a feature"],
    ["src/workbook/x.test.ts", 'import { useState } from "react";', "the core's tests stay free of React"],
    [
      "src/features/fund/x.test.ts",
      'import { x } from "../../excel/host";',
      "tests take only the fake Excel",
    ],
    ["src/features/fund/x.test.ts", 'import { x } from "../../excel";', "not src/excel's index either"],
    [
      "src/features/fund/x.test.ts",
      'import { x } from "../../excel/fake/../host";',
      "no climbing out of the fake",
    ],
    [
      "src/features/fund/x.ts",
      'import { x } from "../testing/connected";',
      "only test code imports a testing/ folder",
    ],
    ["src/ui/x.tsx", 'import { x } from "./testing/render";', "its own layer's included"],
    [
      "src/features/fund/x.test.ts",
      'import { x } from "../../../test/lint-snippet";',
      "src never imports test/",
    ],
  ])("%s: %s is refused (%s)", async (file, code) => {
    const found = await problems(file, code);
    expect(found).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
  });

  it.each([
    ["src/features/distribute/x.ts", 'export const load = () => import("../../excel/host");'],
    ["src/api/x.ts", 'export const load = () => import("../workbook/memory");'],
    ["src/features/fund/x.tsx", 'export const load = () => import("../../taskpane/App");'],
    ["sandbox/x.ts", 'export const load = () => import("../src/workbook/memory");'],
    ["sandbox/x.ts", 'export const load = () => import("../src/money/../workbook/memory");'],
    ["src/features/fund/x.test.tsx", 'export const load = () => import("../../taskpane/App");'],
  ])("%s: dynamic %s is refused", async (file, code) => {
    expect(await problems(file, code)).toEqual([expect.stringMatching(/^no-restricted-syntax: /)]);
  });

  it.each([
    [
      "src/features/distribute/x.ts",
      'import { x } from "../../workbook/port";\nimport { y } from "../../api/client";',
    ],
    ["src/workbook/x.ts", 'import { x } from "../money";\nimport { type Employee } from "../api/schemas";'],
    [
      "src/taskpane/x.tsx",
      'import { x } from "../features/distribute";\nimport { y } from "@fluentui/react-components";',
    ],
    ["src/excel/x.ts", 'import { x } from "../workbook/port";'],
    [
      "src/ui/errors/x.ts",
      'import { x } from "../../workbook";\nimport { y } from "../../api";\nimport { z } from "../i18n";',
    ],
    ["src/features/fund/x.tsx", 'import { x } from "../../ui/layout";\nimport { y } from "../../money";'],
    [
      "src/commands/x.ts",
      'import { x } from "../ui/i18n";\nimport { y } from "../taskpane/composition-root";',
    ],
    ["src/preview/x.tsx", 'import { x } from "../excel/fake";\nimport { y } from "../taskpane/App";'],
    ["sandbox/x.ts", 'import { x } from "../src/api/schemas";\nimport Database from "better-sqlite3";'],
    ["sandbox/x.ts", 'import { isValidCpf } from "../src/money";'],
    ["sandbox/store/x.ts", 'import { normalizeCpf } from "../../src/money/documents";'],
    ["sandbox/x.ts", 'export const load = () => import("../src/money");'],
    [
      "src/features/fund/x.test.tsx",
      [
        'import { x } from "../../../sandbox/test-harness";',
        'import { y } from "../../excel/memory-workbook";',
        'import { z } from "../../excel/fake";',
        'import { w } from "../testing/connected";',
        'import { v } from "../../ui/testing/render";',
        'import { u } from "../../api/testing/memory-storage";',
        'import { readFileSync } from "node:fs";',
      ].join("\n"),
    ],
    [
      "src/features/testing/x.ts",
      'import { x } from "../../../sandbox/test-harness";\nimport { y } from "../connection";',
    ],
    [
      "src/taskpane/x.test.tsx",
      'import { x } from "../features/testing/workflows-env";\nimport { y } from "./testing/pane-env";',
    ],
    ["src/commands/x.test.ts", 'import { x } from "../features/testing/workflows-env";'],
    [
      "src/workbook/x.test.ts",
      'import { x } from "../excel/memory-workbook";\nimport { y } from "./testing/people";',
    ],
  ])("%s: allowed imports pass", async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  it("refuses the Office.js globals below the edges", async () => {
    expect(await problems("src/features/distribute/x.ts", "export const h = Excel.run;")).toEqual([
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

describe("the feature rule (docs/architecture.md)", () => {
  it.each([
    ["src/features/distribute/x.ts", 'import { x } from "../fund/charges";', "another feature's internals"],
    [
      "src/features/distribute/send/x.ts",
      'import { x } from "../../fund/FundScreen";',
      "from a sub-folder too",
    ],
    ["src/taskpane/App.tsx", 'import { x } from "../features/fund/FundScreen";', "the shell uses the index"],
    ["src/commands/x.ts", 'import { x } from "../features/distribute/send/plan";', "so do the commands"],
    ["src/preview/x.tsx", 'import { x } from "../features/fund/charges";', "and the preview"],
    ["src/taskpane/App.tsx", 'export const l = () => import("../features/fund/FundScreen");', "dynamic too"],
    ["src/features/distribute/x.test.ts", 'import { x } from "../fund/charges";', "tests too"],
    [
      "src/features/distribute/x.test.ts",
      'import { x } from "../fund/testing/x";',
      "another feature's test support",
    ],
    [
      "src/taskpane/x.test.tsx",
      'import { x } from "../features/fund/payer-memory";',
      "the shell's tests too",
    ],
  ])("%s: %s is refused (%s)", async (file, code) => {
    expect(await problems(file, code)).toEqual([expect.stringMatching(/^valepix\/feature-boundary: /)]);
  });

  it.each([
    ["src/features/distribute/x.ts", 'import { x } from "../fund";\nimport { y } from "../fund/index";'],
    [
      "src/features/distribute/send/x.ts",
      'import { x } from "../finalize/finalize";\nimport { y } from "../../fund";',
    ],
    ["src/features/fund/x.tsx", 'import { x } from "../../ui/layout";'],
    ["src/features/fund/index.ts", 'export const S = () => import("./FundScreen");'],
    [
      "src/features/distribute/screen/x.test.tsx",
      'import { x } from "../testing/fake-services";\nimport { y } from "../../testing/workflows-env";',
    ],
    ["src/taskpane/App.tsx", 'import { x } from "../features/fund";\nimport { y } from "../ui/layout";'],
    [
      "src/commands/x.ts",
      'import { x } from "../features/distribute";\nimport { y } from "../taskpane/composition-root";',
    ],
  ])("%s: allowed imports pass", async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
