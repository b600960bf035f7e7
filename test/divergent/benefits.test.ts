/** The benefit update follows rule 4 too (issue 8 item 3): read the list before repeating the PUT. */
import { divergent } from "./env";

const body = { name: "Padrão 2026", items: [{ product_id: "prd-2", monthly_amount: 31_000 }] };

describe("benefits.update on a divergent server", () => {
  it("a 500 after applying: the list is read, the benefit shows the update, no second PUT", async () => {
    const env = await divergent();
    env.server.fault({ method: "PUT", path: /^\/benefits\//, kind: "after", status: 500 });
    expect(await env.api.benefits.update("ben-0", body)).toMatchObject({ id: "ben-0", name: "Padrão 2026" });
    expect(env.take()).toEqual(["PUT /benefits/ben-0 500", "GET /benefits 200"]);
  });

  it("a 503 before applying: the list is read, the PUT sent again once", async () => {
    const env = await divergent();
    env.server.fault({ method: "PUT", path: /^\/benefits\//, kind: "before", status: 503 });
    await env.api.benefits.update("ben-0", body);
    expect(env.take()).toEqual(["PUT /benefits/ben-0 503", "GET /benefits 200", "PUT /benefits/ben-0 200"]);
    expect(env.server.state.benefits.get("ben-0")!.name).toBe("Padrão 2026");
  });
});
