/**
 * The VALEPIX functions in the fake Excel for tests, as Excel hosts them: the metadata the build
 * makes (Microsoft's generator over src/commands/functions.ts, then its pt-BR twin) and each id
 * associated, through office.js's own `CustomFunctions.associate`, with what the runtime does for
 * it (src/commands/functions.ts hands Excel's calls to the same `FunctionsRuntime` methods). The
 * fake invokes them through the library (src/excel/fake/function-bridge.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import { localizeMetadata, type Metadata } from "../../../scripts/build/functions-metadata.cjs";
import type { FakeExcel } from "../../excel/fake";
import { type LibraryCustomFunctions, officeLibrary } from "../../excel/fake/client";
import type { CustomFunctionsInit } from "../../excel/fake/custom-functions";
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
  await associateFunctions(runtime);
  excel.useCustomFunctions(await valepixFunctions());
}

/** The namespace and the metadata files (English, then pt-BR), as Excel reads them. */
export async function valepixFunctions(): Promise<Pick<CustomFunctionsInit, "namespace" | "metadata">> {
  const { english, portuguese } = await functionsMetadata();
  return { namespace: "VALEPIX", metadata: [english, { locale: "pt-BR", functions: portuguese.functions }] };
}

/** The library's `CustomFunctions` (office.js's loader and runtime, test/office-library.ts). */
async function libraryCustomFunctions(): Promise<NonNullable<LibraryCustomFunctions>> {
  const functions = (await officeLibrary()).CustomFunctions;
  if (!functions) throw new Error("office.js's loader is not loaded: no CustomFunctions.associate");
  return functions;
}

/** Associates each id with the runtime's method, as the functions chunk does as it loads. */
export async function associateFunctions(runtime: FunctionsRuntime<unknown>): Promise<void> {
  const functions = await libraryCustomFunctions();
  functions.associate("BALANCE", (cell: Cell) => runtime.balance(cell));
  functions.associate("TRANSACTIONS", (type: unknown, from: unknown, to: unknown, cell: Cell) =>
    runtime.transactions(type, from, to, cell),
  );
  functions.associate("DISTRIBUTION", (id: unknown, field: unknown, cell: Cell) =>
    runtime.distribution(id, field, cell),
  );
  functions.associate("DEPOSIT", (id: unknown, field: unknown, cell: Cell) =>
    runtime.deposit(id, field, cell),
  );
}

/** A `makeError` giving the library's `CustomFunctions.Error`, as the page's runtime does. */
export async function libraryErrors(): Promise<(f: { code: string; message?: string }) => unknown> {
  const functions = await libraryCustomFunctions();
  return (f) => new functions.Error(f.code, f.message);
}
