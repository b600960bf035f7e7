/**
 * "JSON calls send `Authorization`, `Accept: application/json` and `Content-Type:
 * application/json`" (document, "Endpoints"): every JSON call, bodiless GETs and POSTs included;
 * the multipart upload sends `Authorization` and `Accept` only, with fetch's own multipart
 * Content-Type (rule 5). Issue 8 item 7.
 */
import { collectAll } from "../../src/api";
import { DIVERGENT_TOKEN } from "./server";
import { divergent } from "./env";

it("every call of a whole flow carries the document's headers", async () => {
  const env = await divergent();
  const { api } = env;
  await api.employees.situations();
  await collectAll(api.employees.list({ situation: "active" }), { max: 100 });
  await api.employees.create({ name: "Rita", cpf: "52998224725" });
  await api.employees.uploadBatch(new Blob(["name,cpf\nA,39053344705\n"], { type: "text/csv" }), "a.csv");
  const dep = await api.deposits.create({
    amount: 100,
    method: "PIX",
    name: "F",
    document: "11222333000181",
  });
  await api.deposits.cancel(dep.transaction_id); // a POST without a body
  await api.balances.get();
  const d = await api.distributions.create({ type: "selected" });
  await api.distributions.addItems(d.distribution_id, ["emp-001"]);
  await api.distributions.setValueForAll(d.distribution_id, { product_id: "prd-1", value: 10 });
  await api.distributions.finalize(d.distribution_id, { payment_method: "BALANCE" });

  const seen = env.server.seen;
  expect(seen.map((s) => `${s.method} ${s.path.replace(/[0-9a-f-]{36}|dst-\d+/, ":id")}`)).toEqual([
    "GET /employees/situations",
    "GET /employees",
    "GET /employees",
    "GET /employees",
    "POST /employees",
    "POST /employees/batch",
    "POST /deposits",
    "POST /deposits/:id/cancel",
    "GET /balances",
    "POST /distributions",
    "POST /distributions/:id/items",
    "PUT /distributions/:id/items/value",
    "POST /distributions/:id/finalize",
  ]);
  for (const s of seen) {
    expect(s.headers.authorization).toBe(`Bearer ${DIVERGENT_TOKEN}`);
    expect(s.headers.accept).toBe("application/json");
    if (s.path === "/employees/batch")
      expect(s.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    else expect(s.headers["content-type"]).toBe("application/json");
  }
  const cancel = seen.find((s) => s.path.endsWith("/cancel"))!;
  expect(cancel.body).toBe(""); // no body, still the JSON content type
});
