/**
 * The custom functions' metadata, as the build makes it: Microsoft's generator (the one
 * custom-functions-metadata-plugin runs in webpack.config.js) over the JSDoc of
 * src/commands/functions.ts, then the Portuguese file from it (scripts/build/functions-metadata.cjs
 * with src/features/functions/metadata.pt-BR.json). Names, parameters (types, optional) and
 * results are pinned here: a JSDoc edit that changes what Excel shows fails this test.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import { localizeMetadata, type Metadata } from "../scripts/build/functions-metadata.cjs";

const ROOT = path.resolve(__dirname, "..");
const ENTRY = path.join(ROOT, "src/commands/functions.ts");
const TABLE = JSON.parse(
  readFileSync(path.join(ROOT, "src/features/functions/metadata.pt-BR.json"), "utf8"),
) as Parameters<typeof localizeMetadata>[1];

let english: Metadata;
beforeAll(async () => {
  const result = await generateCustomFunctionsMetadata([ENTRY], true);
  expect(result.errors).toEqual([]);
  english = JSON.parse(result.metadataJson) as Metadata;
});

const shape = (m: Metadata) =>
  m.functions.map((f) => ({
    id: f.id,
    name: f.name,
    parameters: f.parameters.map((p) => `${p.name}: ${p.type ?? "any"}${p.optional ? "?" : ""}`),
    options: f.options,
    result: f.result,
  }));

test("functions.json: four streaming functions, their parameters and results", () => {
  expect(shape(english)).toEqual([
    { id: "BALANCE", name: "BALANCE", parameters: [], options: { stream: true }, result: { type: "number" } },
    {
      id: "TRANSACTIONS",
      name: "TRANSACTIONS",
      parameters: ["type: string?", "from: number?", "to: number?"],
      options: { stream: true },
      result: { dimensionality: "matrix" },
    },
    {
      id: "DISTRIBUTION",
      name: "DISTRIBUTION",
      parameters: ["id: string", "field: string?"],
      options: { stream: true },
      result: {},
    },
    {
      id: "DEPOSIT",
      name: "DEPOSIT",
      parameters: ["id: string", "field: string?"],
      options: { stream: true },
      result: {},
    },
  ]);
  for (const f of english.functions) {
    expect(f.description).toBeTruthy();
    for (const p of f.parameters) expect([p.name, p.description?.length ?? 0]).not.toEqual([p.name, 0]);
  }
});

test("functions-pt-br.json: the same ids, shapes and types, with Portuguese names and descriptions", () => {
  const portuguese = localizeMetadata(english, TABLE);
  expect(shape(portuguese)).toEqual([
    { id: "BALANCE", name: "SALDO", parameters: [], options: { stream: true }, result: { type: "number" } },
    {
      id: "TRANSACTIONS",
      name: "TRANSACOES",
      parameters: ["tipo: string?", "de: number?", "até: number?"],
      options: { stream: true },
      result: { dimensionality: "matrix" },
    },
    {
      id: "DISTRIBUTION",
      name: "DISTRIBUICAO",
      parameters: ["id: string", "campo: string?"],
      options: { stream: true },
      result: {},
    },
    {
      id: "DEPOSIT",
      name: "DEPOSITO",
      parameters: ["id: string", "campo: string?"],
      options: { stream: true },
      result: {},
    },
  ]);
  expect(portuguese.functions[0]!.description).toBe("O saldo disponível da conta ValePix, em reais.");
  expect(portuguese.functions[1]!.parameters[0]!.description).toContain("DEPOSITO");
  // The English file is left as it was.
  expect(english.functions[0]!.name).toBe("BALANCE");
});

test("a function or parameter without its translation, or a name Excel refuses, fails the build", () => {
  const { BALANCE, ...withoutBalance } = TABLE;
  expect(() => localizeMetadata(english, withoutBalance)).toThrow("BALANCE: no translation");
  const renamed = {
    ...TABLE,
    DEPOSIT: { ...TABLE.DEPOSIT!, parameters: { id: TABLE.DEPOSIT!.parameters.id! } },
  };
  expect(() => localizeMetadata(english, renamed)).toThrow("DEPOSIT: parameter field has no translation");
  expect(() => localizeMetadata(english, { ...TABLE, BALANCE: { ...BALANCE!, name: "SA" } })).toThrow(
    'BALANCE: "SA" is not a valid function name',
  );
  expect(() => localizeMetadata(english, { ...TABLE, EXTRA: { name: "EXTRA", parameters: {} } })).toThrow(
    "EXTRA: not a function of the metadata",
  );
});
