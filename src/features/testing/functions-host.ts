/**
 * The VALEPIX functions in the fake Excel for tests, as Excel hosts them: the metadata the build
 * makes (Microsoft's generator over src/commands/functions.ts, then its pt-BR twin) and each id
 * associated with what the runtime does for it (src/commands/functions.ts hands Excel's calls to
 * the same `FunctionsRuntime` methods).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import { localizeMetadata, type Metadata } from "../../../scripts/build/functions-metadata.cjs";
import type { FakeExcel } from "../../excel/fake";
import type { FunctionsRuntime, StreamingCell } from "../functions";

const ROOT = path.resolve(__dirname, "../../..");

let generated: Promise<{ english: Metadata; portuguese: Metadata }> | undefined;

/** `functions.json` and `functions-pt-br.json` as the build writes them (generated once per test file). */
function functionsMetadata(): Promise<{ english: Metadata; portuguese: Metadata }> {
  generated ??= (async () => {
    const result = await generateCustomFunctionsMetadata(
      [path.join(ROOT, "src/commands/functions.ts")],
      true,
    );
    if (result.errors.length > 0) throw new Error(result.errors.join("\n"));
    const english = JSON.parse(result.metadataJson) as Metadata;
    const table = JSON.parse(
      readFileSync(path.join(ROOT, "src/features/functions/metadata.pt-BR.json"), "utf8"),
    ) as Parameters<typeof localizeMetadata>[1];
    return { english, portuguese: localizeMetadata(english, table) };
  })();
  return generated;
}

type Cell = StreamingCell<never, unknown>;

/** Gives the fake Excel the VALEPIX functions, each id calling `runtime` as the functions chunk does. */
export async function hostFunctions(excel: FakeExcel, runtime: FunctionsRuntime<unknown>): Promise<void> {
  const { english, portuguese } = await functionsMetadata();
  const byId: Record<string, (...args: unknown[]) => void> = {
    BALANCE: (cell) => runtime.balance(cell as Cell),
    TRANSACTIONS: (type, from, to, cell) => runtime.transactions(type, from, to, cell as Cell),
    DISTRIBUTION: (id, field, cell) => runtime.distribution(id, field, cell as Cell),
    DEPOSIT: (id, field, cell) => runtime.deposit(id, field, cell as Cell),
  };
  excel.useCustomFunctions({
    namespace: "VALEPIX",
    metadata: [english, { locale: "pt-BR", functions: portuguese.functions }],
    implementation: (id) => byId[id],
  });
}
