/**
 * employees: list, create, situations and the CSV batch upload (./employees.ts).
 */
import { collectAll } from "../collect-all";
import { EMPLOYEE_BATCH_FIELD } from "../schemas";
import { page } from "../testing/fake-fetch";
import { employee, API_PATH, setup } from "../testing/fixtures";
import { expectJsonHeaders, only } from "../testing/requests";

describe("employees", () => {
  it("listPage sends page, limit and situation and validates the page", async () => {
    const { fake, client } = setup();
    fake.reply({ json: page([employee("e1"), employee("e2")], { page: 2, limit: 10, total: 12 }) });
    const res = await client.employees.listPage({ situation: "active", limit: 10, page: 2 });
    const req = only(fake);
    expect(req.method).toBe("GET");
    expect(req.path).toBe(`${API_PATH}/employees`);
    expect(req.query).toEqual({ page: "2", limit: "10", situation: "active" });
    expectJsonHeaders(req, false);
    expect(res.data.map((e) => e.employee_id)).toEqual(["e1", "e2"]);
    expect(res.total).toBe(12);
  });

  it("listPage without a query sends no page parameters (the server's defaults apply)", async () => {
    const { fake, client } = setup();
    fake.reply({ json: page([]) });
    await client.employees.listPage();
    expect(only(fake).query).toEqual({});
  });

  it("list asks for pages of 1,000 and follows the 100 a server serves, keeping the situation filter", async () => {
    const { fake, client } = setup();
    const first = Array.from({ length: 100 }, (_, i) => employee(`e${i}`));
    fake.reply({ json: page(first) }, { json: page([employee("last")]) });
    const all = await collectAll(client.employees.list({ situation: "active" }), { max: 1000 });
    expect(all).toHaveLength(101);
    expect(fake.calls.map((c) => c.query)).toEqual([
      { page: "1", limit: "1000", situation: "active" },
      { page: "2", limit: "1000", situation: "active" },
    ]);
  });

  it("create POSTs the JSON body and answers the created employee", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 201, json: employee("e9", { cpf: "12345678909" }) });
    const body = { name: "Ana", cpf: "12345678909", email: "ana@example.com" };
    const res = await client.employees.create(body);
    const req = only(fake);
    expect(req.method).toBe("POST");
    expect(req.path).toBe(`${API_PATH}/employees`);
    expectJsonHeaders(req, true);
    expect(req.json).toEqual(body);
    expect(res.employee_id).toBe("e9");
  });

  it("situations answers the entries (from { data } or a bare array)", async () => {
    const { fake, client } = setup();
    fake.reply({ json: { data: [{ value: "active" }, { value: "inactive", label: "Inativo" }] } });
    fake.reply({ json: [{ value: "active" }] });
    expect(await client.employees.situations()).toEqual([
      { value: "active" },
      { value: "inactive", label: "Inativo" },
    ]);
    expect(await client.employees.situations()).toEqual([{ value: "active" }]);
    expect(fake.calls[0]!.path).toBe(`${API_PATH}/employees/situations`);
    expectJsonHeaders(fake.calls[0]!, false);
  });

  it("uploadBatch sends multipart with the file field, Authorization and Accept only (rule 5)", async () => {
    const { fake, client } = setup();
    fake.reply({ json: { created: 2, errors: [{ line: 3, message: "bad cpf" }] } });
    const csv = "name,cpf,email\nAna,12345678909,\nBia,98765432100,\n";
    const res = await client.employees.uploadBatch(new Blob([csv], { type: "text/csv" }), "people.csv");
    const req = only(fake);
    expect(req.method).toBe("POST");
    expect(req.path).toBe(`${API_PATH}/employees/batch`);
    expect(Object.keys(req.headers).sort()).toEqual(["accept", "authorization"]);
    expect(req.form).toBeInstanceOf(FormData);
    const file = req.form!.get(EMPLOYEE_BATCH_FIELD);
    expect(file).toBeInstanceOf(Blob);
    expect((file as File).name).toBe("people.csv");
    expect(await (file as Blob).text()).toBe(csv);
    expect(res).toEqual({ created: 2, errors: [{ line: 3, message: "bad cpf" }] });
  });
});
