/**
 * Lints a small source as if it sat at a path of the project, against the project's own rule
 * files (eslint.layers.cjs, eslint.names.cjs: the modules eslint.config.mjs spreads in), so a
 * test can prove a rule bites and where it does not. Shared by test/layers.test.ts and
 * test/names.test.ts.
 */
import path from "node:path";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";

const root = path.resolve(__dirname, "..");

/**
 * A linter over `configs` (in the order given, as eslint.config.mjs spreads them), with the
 * TypeScript parser; it answers each problem as "ruleId: message".
 */
export function snippetLinter(
  ...configs: Linter.Config[]
): (file: string, code: string) => Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ["**/*.ts", "**/*.tsx"], languageOptions: { parser: tseslint.parser } },
      ...configs,
    ],
  });
  return async (file, code) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return (result?.messages ?? []).map((message) => `${message.ruleId ?? "fatal"}: ${message.message}`);
  };
}
