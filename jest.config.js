// @ts-check
const fs = require("node:fs");
const path = require("node:path");

const swc = JSON.parse(fs.readFileSync(path.join(__dirname, ".swcrc.jest.json"), "utf8"));
// swc runs without type checking: `npm run typecheck` is the type gate, jest stays fast.
const transform = { "^.+\\.(t|j)sx?$": ["@swc/jest", { ...swc, swcrc: false }] };
// office-addin-mock pulls ESM-only packages (uuid, strip-bom), some nested in another package's
// node_modules; let swc turn them into CommonJS. The pattern judges the innermost package only.
const transformIgnorePatterns = ["/node_modules/(?!(uuid|strip-bom)/)[^/]+/(?!.*/node_modules/)"];
const common = { transform, transformIgnorePatterns, testPathIgnorePatterns: ["/node_modules/", "/dist/"] };

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    { ...common, displayName: "node", testEnvironment: "node", testMatch: ["<rootDir>/**/*.test.ts"] },
    {
      ...common,
      displayName: "dom",
      testEnvironment: "jsdom",
      testMatch: ["<rootDir>/**/*.test.tsx"],
      setupFiles: ["<rootDir>/test/setup-dom.ts"],
    },
  ],
};
