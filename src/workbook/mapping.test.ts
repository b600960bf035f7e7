import type { Product } from "../api/schemas";
import { headerKey, looseKey } from "./headers";
import { computeMapping, mappingToOverride } from "./mapping";
import { MAPPING_SETTING, loadMapping, loadMappingOverride, saveMappingOverride } from "./mapping-store";
import { createMemoryWorkbook } from "../excel/memory-workbook";
import type { JsonValue } from "./port";
import { PRODUCTS } from "./testing/people";

const roles = (header: string[], products: Product[] = PRODUCTS, override = {}) =>
  computeMapping(header, products, override).columns.map((c) =>
    c.role.role === "product" ? `product:${c.role.product_id}:${c.how}` : c.role.role,
  );

describe("header normalization", () => {
  test("ignores case, accents, punctuation, spaces and R$", () => {
    expect(headerKey("  Vale-Refeição (R$) ")).toBe("valerefeicao");
    expect(headerKey("E-MAIL")).toBe("email");
    expect(headerKey("employee_id")).toBe("employeeid");
    expect(looseKey("Valor do Vale Refeição R$")).toBe("refeicao");
  });
});

describe("computeMapping", () => {
  test("identity, info and add-in headers in Portuguese and English, any case and accents", () => {
    expect(
      roles([
        "ID do Colaborador",
        "cpf",
        "NOME",
        "e-mail",
        "Situação",
        "STATUS",
        "Matrícula",
        "status valepix",
        "Mensagem ValePix",
        "Total da Linha",
      ]),
    ).toEqual(["employee_id", "cpf", "name", "email", "info", "info", "info", "status", "message", "total"]);
    expect(roles(["Employee ID", "Documento", "Colaborador", "Email", "Row total"])).toEqual([
      "employee_id",
      "cpf",
      "name",
      "email",
      "total",
    ]);
  });

  test("the cost centre by its usual names; the strongest wins, a chosen one stays chosen", () => {
    expect(roles(["CPF", "Centro de custo", "Cost center", "CC", "Departamento"])).toEqual([
      "cpf",
      "cost_centre",
      "info",
      "info",
      "info",
    ]);
    expect(roles(["CPF", "Departamento", "CC"])).toEqual(["cpf", "info", "cost_centre"]);
    const m = computeMapping(["CPF", "Departamento", "Área"], PRODUCTS, { Área: { role: "cost_centre" } });
    expect(m.costCentreColumn).toBe(2);
    expect(m.columns[1]!.role).toEqual({ role: "info" });
    expect(m.issues).toEqual([]);
    const two = computeMapping(["CPF", "A", "B"], PRODUCTS, {
      A: { role: "cost_centre" },
      B: { role: "cost_centre" },
    });
    expect(two.issues.map((i) => i.code)).toEqual(["duplicate_column"]);
  });

  test("products by exact normalized name, id, code and [id]", () => {
    expect(roles(["VALE REFEICAO", "prod_alimentacao", "vt", "Saúde mensal [prod_saude]"])).toEqual([
      "product:prod_refeicao:product_name",
      "product:prod_alimentacao:product_id",
      "product:prod_transporte:product_code",
      "product:prod_saude:product_bracket_id",
    ]);
  });

  test("a loose match is applied only when unique, and reported to confirm", () => {
    const m = computeMapping(["Refeição", "Saúde (R$)"], PRODUCTS);
    expect(m.products.map((p) => p.product_id)).toEqual(["prod_refeicao", "prod_saude"]);
    expect(m.issues.map((i) => [i.code, i.column])).toEqual([
      ["product_loose_match", "Refeição"],
      ["product_loose_match", "Saúde (R$)"],
    ]);
    expect(m.issues[0]!.message["pt-BR"]).toBe(
      "Coluna Refeição: foi ligada ao produto 'Vale Refeição' por semelhança do nome; confirme no mapeamento.",
    );
    // Two products fit "Alimentação" loosely: nothing is guessed.
    const two = [...PRODUCTS, { id: "aux_alim", name: "Auxílio Alimentação" }];
    expect(roles(["Alimentação"], two)).toEqual(["unmapped"]);
    // Exact names still win over loose ones.
    expect(roles(["Vale Alimentação", "Auxílio Alimentação"], two)).toEqual([
      "product:prod_alimentacao:product_name",
      "product:aux_alim:product_name",
    ]);
  });

  test("typos and unrelated headers are not guessed", () => {
    expect(roles(["Refeicão x", "Observações", "Coluna sem nome", ""])).toEqual([
      "unmapped",
      "info",
      "unmapped",
      "unmapped",
    ]);
  });

  test("records the column of each role and the product columns in order", () => {
    const m = computeMapping(["Nome", "Vale Transporte", "CPF", "Vale Refeição", "E-mail"], PRODUCTS);
    expect(m).toMatchObject({ nameColumn: 0, cpfColumn: 2, emailColumn: 4 });
    expect(m.employeeIdColumn).toBeUndefined();
    expect(m.products).toEqual([
      { index: 1, header: "Vale Transporte", product_id: "prod_transporte" },
      { index: 3, header: "Vale Refeição", product_id: "prod_refeicao" },
    ]);
    expect(m.issues).toEqual([]);
  });

  test("two columns for the same product or identity are an error", () => {
    const m = computeMapping(["CPF", "Documento", "Vale Refeição", "VR"], PRODUCTS);
    expect(
      m.issues.map((i) => [i.code, i.severity, i.code === "duplicate_column" && i.params.headers]),
    ).toEqual([
      ["duplicate_column", "error", ["CPF", "Documento"]],
      ["duplicate_column", "error", ["Vale Refeição", "VR"]],
    ]);
    expect(m.issues[1]!.message["en-US"]).toContain("same product (Vale Refeição)");
  });

  test("the override wins, by exact or normalized header; stale entries are reported", () => {
    const m = computeMapping(["Matrícula", "Ref.", "Salário", "CPF"], PRODUCTS, {
      Matrícula: { role: "employee_id" },
      ref: { role: "product", product_id: "prod_refeicao" },
      Salário: { role: "ignore" },
      "Coluna antiga": { role: "cpf" },
    });
    expect(m.columns.map((c) => [c.role.role, c.how])).toEqual([
      ["employee_id", "override"],
      ["product", "override"],
      ["ignore", "override"],
      ["cpf", "alias"],
    ]);
    expect(m.issues.map((i) => [i.code, i.code === "mapping_stale" && i.params.headers])).toEqual([
      ["mapping_stale", ["Coluna antiga"]],
    ]);
  });

  test("an override naming a product that no longer exists is not trusted", () => {
    const m = computeMapping(["Vale Refeição"], PRODUCTS, {
      "Vale Refeição": { role: "product", product_id: "gone" },
    });
    expect(m.products).toEqual([{ index: 0, header: "Vale Refeição", product_id: "prod_refeicao" }]);
    expect(m.issues.map((i) => i.code)).toEqual(["mapping_unknown_product"]);
  });
});

describe("saving and loading the mapping", () => {
  test("round trip through workbook settings, per table, case-insensitive", async () => {
    const wb = createMemoryWorkbook();
    const header = ["CPF", "Refeição", "Obs"];
    const first = computeMapping(header, PRODUCTS);
    const override = { ...mappingToOverride(first), Obs: { role: "ignore" as const } };
    await saveMappingOverride(wb, "Dist", override, new Date("2026-01-02T03:04:05Z"));
    await saveMappingOverride(wb, "Other", { X: { role: "cpf" } });
    const saved = await wb.getSetting(MAPPING_SETTING);
    expect(saved).toMatchObject({ version: 1, tables: { dist: { savedAt: "2026-01-02T03:04:05.000Z" } } });
    const loaded = await loadMappingOverride(wb, "DIST");
    expect(loaded).toEqual({ override, issues: [] });
    const m = await loadMapping(wb, "dist", header, PRODUCTS);
    // The confirmed loose match is now an override: no warning left.
    expect(m.issues).toEqual([]);
    expect(m.columns.map((c) => c.role.role)).toEqual(["cpf", "product", "ignore"]);
    expect(await loadMappingOverride(wb, "nothing")).toEqual({ override: {}, issues: [] });
  });

  test("a corrupt or future-version setting is reported and ignored", async () => {
    for (const bad of <JsonValue[]>[
      { version: 2, tables: {} },
      { version: 1, tables: { t: { columns: { A: { role: "boss" } } } } },
      "x",
    ]) {
      const wb = createMemoryWorkbook({ settings: { [MAPPING_SETTING]: bad } });
      const m = await loadMapping(wb, "t", ["CPF"], PRODUCTS);
      expect(m.issues.map((i) => i.code)).toEqual(["mapping_invalid"]);
      expect(m.columns[0]!.role.role).toBe("cpf");
      // Saving over a corrupt value replaces it with a valid one.
      await saveMappingOverride(wb, "t", { CPF: { role: "cpf" } });
      expect((await loadMapping(wb, "t", ["CPF"], PRODUCTS)).issues).toEqual([]);
    }
  });

  test("saving refuses an invalid override", async () => {
    const wb = createMemoryWorkbook();
    await expect(saveMappingOverride(wb, "t", { A: { role: "product", product_id: "" } })).rejects.toThrow();
    expect(await wb.getSetting(MAPPING_SETTING)).toBeUndefined();
  });
});
