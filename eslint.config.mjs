// @ts-check
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import officeAddins from "eslint-plugin-office-addins";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import layers from "./eslint.layers.cjs";
import names from "./eslint.names.cjs";
import size from "./eslint.size.cjs";

const officeRules = Object.fromEntries(
  Object.keys(officeAddins.rules).map((r) => [`office-addins/${r}`, "error"]),
);

export default tseslint.config(
  { ignores: ["dist/**", "coverage/**", "node_modules/**", ".sandbox/**", "test/lint-fixtures/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/switch-exhaustiveness-check": "error",
      eqeqeq: ["error", "smart"],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "office-addins": officeAddins, "react-hooks": reactHooks },
    rules: { ...officeRules, ...reactHooks.configs.recommended.rules },
  },
  {
    // Operator-facing programs print to the console on purpose.
    files: ["sandbox/**/*.ts", "bench/**/*.ts", "scripts/**/*.{ts,mjs}"],
    rules: { "no-console": "off" },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/unbound-method": "off",
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["**/*.{js,cjs}"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  ...layers.layerRules,
  // Its own rule, so that the layers' no-restricted-syntax on the same files stays (eslint.names.cjs).
  ...names.nameRules,
  // Every function fits a screen (80 lines), with the files still over it listed as remaining work.
  ...size.sizeRules,
  prettier,
);
