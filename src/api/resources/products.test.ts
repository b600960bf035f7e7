/**
 * products: pages and the full list (./products.ts).
 */
import { collectAll } from "../collect-all";
import { page } from "../testing/fake-fetch";
import { API_PATH, product, setup } from "../testing/fixtures";

describe("products", () => {
  it("products.listPage and list", async () => {
    const { fake, client } = setup();
    fake.reply({ json: page([product("p1")], { total: 1 }) }, { json: page([product("p1"), product("p2")]) });
    const one = await client.products.listPage({ limit: 20, page: 1 });
    expect(one.data).toEqual([product("p1")]);
    expect(fake.calls[0]!.query).toEqual({ page: "1", limit: "20" });
    const all = await collectAll(client.products.list(), { max: 10 });
    expect(all.map((p) => p.id)).toEqual(["p1", "p2"]);
    expect(fake.calls[1]!.path).toBe(`${API_PATH}/products`);
    expect(fake.calls[1]!.query).toEqual({ page: "1", limit: "1000" });
  });
});
