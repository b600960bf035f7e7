// @ts-check
const fs = require("node:fs");
const path = require("node:path");

const swc = JSON.parse(fs.readFileSync(path.join(__dirname, ".swcrc.jest.json"), "utf8"));
// swc runs without type checking: `npm run typecheck` is the type gate, jest stays fast.
const transform = { "^.+\\.(t|j)sx?$": ["@swc/jest", { ...swc, swcrc: false }] };
// office-addin-mock pulls ESM-only packages (uuid, strip-bom), some nested in another package's
// node_modules; let swc turn them into CommonJS. The pattern judges the innermost package only.
// react-data-grid ships ES modules only.
const transformIgnorePatterns = [
  "/node_modules/(?!(uuid|strip-bom|react-data-grid)/)[^/]+/(?!.*/node_modules/)",
];
// numfmt 4.0.1's `require` export names a file it does not ship (dist/index.cjs); its
// dist/index.js is the CommonJS build.
const moduleNameMapper = { "^numfmt$": "<rootDir>/node_modules/numfmt/dist/index.js" };
const common = {
  transform,
  transformIgnorePatterns,
  moduleNameMapper,
  testPathIgnorePatterns: ["/node_modules/", "/dist/"],
  // test/setup-timeout.ts: 30 s per test (sandbox, jsdom and whole workflows on a busy machine).
  setupFilesAfterEnv: ["<rootDir>/test/setup-timeout.ts"],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...common,
      displayName: "node",
      testEnvironment: "node",
      testMatch: ["<rootDir>/**/*.test.ts"],
      setupFiles: ["<rootDir>/test/setup-office.ts"],
    },
    {
      ...common,
      displayName: "dom",
      testEnvironment: "jsdom",
      testMatch: ["<rootDir>/**/*.test.tsx"],
      setupFiles: ["<rootDir>/test/setup-dom.ts", "<rootDir>/test/setup-office.ts"],
    },
    // The browser journeys (e2e/harness.ts): one webpack build for all (e2e/global-setup.ts) and
    // Debian's Chromium.
    {
      ...common,
      displayName: "e2e",
      testEnvironment: "node",
      testMatch: ["<rootDir>/e2e/**/*.e2e.ts"],
      globalSetup: "<rootDir>/e2e/global-setup.ts",
      globalTeardown: "<rootDir>/e2e/global-teardown.ts",
    },
  ],
};
