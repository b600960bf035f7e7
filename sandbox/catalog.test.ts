/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are inspected loosely; contract.test.ts checks their types through the client */
/** Employees, situations, products and benefits, and the batch upload of employees. */
import { API_PREFIX } from "../src/api/routes";
import { ErrorBody } from "../src/api/schemas";
import { isValidCpf } from "../src/money";
import { TOKEN_A, TOKEN_B, type Harness, harness, lookups } from "./test-harness";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(() => h.close());

describe("seed data", () => {
  it("seeds employees with valid CPFs", async () => {
    const { employees } = await lookups(h);
    expect(employees).toHaveLength(12);
    for (const e of employees) expect(isValidCpf((e as unknown as { cpf: string }).cpf)).toBe(true);
  });

  it("seeds some employees who are not active", async () => {
    expect((await lookups(h)).notActive.length).toBeGreaterThan(0);
  });

  it("seeds the benefit products and one convention", async () => {
    const { products, convention } = await lookups(h);
    expect(products.map((p) => (p as unknown as { name: string }).name)).toEqual([
      "Refeição",
      "Alimentação",
      "Mobilidade",
      "Saúde",
      "Cultura",
      "Home office",
      "Educação",
    ]);
    expect(convention.items.length).toBeGreaterThan(0);
  });
});

describe("employees", () => {
  const body = { name: "Maria Teste", cpf: "52998224725", email: "maria@example.com" };

  it("lists the situations the filter takes", async () => {
    const s = await h.call("GET", "/employees/situations");
    expect(s.body.data.map((x: { value: string }) => x.value)).toEqual(["active", "inactive", "on_leave"]);
  });

  it("filters by situation, with paging", async () => {
    const all = (await lookups(h)).active;
    const page = await h.call("GET", "/employees?situation=active&limit=5&page=2");
    expect(page.body.total).toBe(all.length);
    expect(page.body.data.map((e: { employee_id: string }) => e.employee_id)).toEqual(all.slice(5, 10));
  });

  it("creates an employee (201), active by default", async () => {
    const r = await h.call("POST", "/employees", { body });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "Maria Teste", cpf: "52998224725", situation: "active" });
  });

  it("refuses a CPF already in the company (409)", async () => {
    await h.call("POST", "/employees", { body });
    expect((await h.call("POST", "/employees", { body })).status).toBe(409);
  });

  it("takes the same CPF in another company (another person record)", async () => {
    await h.call("POST", "/employees", { body });
    expect((await h.call("POST", "/employees", { token: TOKEN_B, body })).status).toBe(201);
  });

  it("refuses wrong check digits (400)", async () => {
    expect((await h.call("POST", "/employees", { body: { ...body, cpf: "52998224726" } })).status).toBe(400);
  });

  it("refuses an unknown situation (400)", async () => {
    const r = await h.call("POST", "/employees", { body: { ...body, situation: "retired" } });
    expect(r.status).toBe(400);
  });

  it("refuses an unknown convention (422)", async () => {
    const r = await h.call("POST", "/employees", { body: { ...body, benefit_convention_ids: ["ben_x"] } });
    expect(r.status).toBe(422);
  });
});

describe("benefits", () => {
  const items = async (code = "REF", monthly_amount = 50_000) => [
    { product_id: (await lookups(h)).product(code), monthly_amount },
  ];

  it("creates a benefit (201) whose benefit_id is its id", async () => {
    const c = await h.call("POST", "/benefits", {
      body: { name: "Estagiários", description: "VR", items: await items() },
    });
    expect(c.status).toBe(201);
    expect(c.body.benefit_id).toBe(c.body.id);
  });

  it("replaces a benefit whole with PUT", async () => {
    const c = await h.call("POST", "/benefits", {
      body: { name: "Estagiários", description: "VR", items: await items() },
    });
    const next = await items("MOB", 12_345);
    const u = await h.call("PUT", `/benefits/${c.body.benefit_id}`, {
      body: { name: "Estagiários 2026", items: next },
    });
    expect([u.status, u.body]).toEqual([
      200,
      { id: c.body.benefit_id, name: "Estagiários 2026", items: next },
    ]);
  });

  it("lists the company's benefits", async () => {
    await h.call("POST", "/benefits", { body: { name: "Estagiários", items: await items() } });
    expect((await h.call("GET", "/benefits")).body.total).toBe(2);
  });

  it("refuses an unknown product (422)", async () => {
    const r = await h.call("POST", "/benefits", {
      body: { name: "X", items: [{ product_id: "prd_nope", monthly_amount: 1 }] },
    });
    expect(r.status).toBe(422);
  });

  it("refuses a product twice (400)", async () => {
    const twice = [...(await items()), ...(await items())];
    expect((await h.call("POST", "/benefits", { body: { name: "X", items: twice } })).status).toBe(400);
  });

  it("refuses fractional cents (400)", async () => {
    expect(
      (await h.call("POST", "/benefits", { body: { name: "X", items: await items("REF", 1.5) } })).status,
    ).toBe(400);
  });

  it("answers 404 for an unknown benefit", async () => {
    expect((await h.call("PUT", "/benefits/ben_nope", { body: { name: "X", items: [] } })).status).toBe(404);
  });
});

describe("batch upload (multipart over real HTTP)", () => {
  const upload = (form: FormData, headers: Record<string, string> = {}) =>
    fetch(`${h.url}${API_PREFIX}/employees/batch`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN_A}`, accept: "application/json", ...headers },
      body: form,
    });
  const csvForm = (csv: string) => {
    const form = new FormData();
    form.append("file", new Blob([csv], { type: "text/csv" }), "funcionarios.csv");
    return form;
  };

  it("creates new employees and updates known CPFs, reporting bad lines", async () => {
    const existing = (await lookups(h)).employees[0] as unknown as { cpf: string; employee_id: string };
    const csv = [
      "name;cpf;email",
      "Joana Prado;529.982.247-25;joana@example.com",
      `"Silva, Pedro";${existing.cpf};pedro@example.com`,
      "Sem Cpf;123;",
      "Repetida;52998224725;",
      "",
    ].join("\r\n");
    const r = await upload(csvForm(csv));
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      created: 1,
      updated: 1,
      errors: [
        { line: 4, message: expect.stringContaining("CPF") },
        { line: 5, message: expect.stringContaining("repeated") },
      ],
    });
    const after = await h.call("GET", "/employees?limit=100");
    expect(after.body.total).toBe(13);
    expect(
      after.body.data.find((e: { employee_id: string }) => e.employee_id === existing.employee_id).name,
    ).toBe("Silva, Pedro");
  });

  it("restores the leading zeros a CSV saved from Excel dropped", async () => {
    const r = await upload(csvForm("name,cpf\nZé Zero,1234567890\n"));
    // 01234567890 has valid check digits; Excel wrote it as the number 1234567890.
    expect(await r.json()).toEqual({ created: 1, updated: 0, errors: [] });
    const list = await h.call("GET", "/employees?limit=100");
    expect(list.body.data.some((e: { cpf: string }) => e.cpf === "01234567890")).toBe(true);
  });

  it("refuses a form without the file field (400)", async () => {
    const form = new FormData();
    form.append("other", "x");
    expect((await upload(form)).status).toBe(400);
  });

  it("refuses a body that is not multipart (415, with an ErrorBody)", async () => {
    const r = await fetch(`${h.url}${API_PREFIX}/employees/batch`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN_A}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(r.status).toBe(415);
    expect(ErrorBody.safeParse(await r.json()).success).toBe(true);
  });

  it("refuses a header without name and cpf (400)", async () => {
    expect((await upload(csvForm("nome;documento\nAna;52998224725\n"))).status).toBe(400);
  });
});
