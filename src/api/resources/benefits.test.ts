/**
 * benefits: create, list and update (./benefits.ts).
 */
import { collectAll } from "../collect-all";
import { page } from "../testing/fake-fetch";
import { benefit, API_PATH, setup } from "../testing/fixtures";
import { expectJsonHeaders, only } from "../testing/requests";

describe("benefits", () => {
  it("benefits.create POSTs the body and answers benefit_id", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 201, json: { benefit_id: "b7", id: "b7", name: "VR" } });
    const body = { name: "VR", items: [{ product_id: "p1", monthly_amount: 50_000 }] };
    const res = await client.benefits.create(body);
    const req = only(fake);
    expect([req.method, req.path]).toEqual(["POST", `${API_PATH}/benefits`]);
    expectJsonHeaders(req, true);
    expect(req.json).toEqual(body);
    expect(res.benefit_id).toBe("b7");
  });

  it("benefits.create needs nothing but benefit_id back (the document promises only that)", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 201, json: { benefit_id: "b8" } });
    expect(await client.benefits.create({ name: "VA", items: [] })).toEqual({ benefit_id: "b8" });
  });

  it("benefits.list, listPage and update (PUT, encoded id)", async () => {
    const { fake, client } = setup();
    fake.reply(
      { json: page([benefit("b1")]) },
      { json: page([benefit("b2")], { page: 3, limit: 10 }) },
      { json: benefit("b/1") },
    );
    expect((await collectAll(client.benefits.list(), { max: 5 })).map((b) => b.id)).toEqual(["b1"]);
    expect((await client.benefits.listPage({ page: 3, limit: 10 })).data[0]!.id).toBe("b2");
    expect(fake.calls[1]!.query).toEqual({ page: "3", limit: "10" });
    const body = { name: "VR", description: "d", items: [{ product_id: "p1", monthly_amount: 1 }] };
    const updated = await client.benefits.update("b/1", body);
    const put = fake.calls[2]!;
    expect([put.method, put.path]).toEqual(["PUT", `${API_PATH}/benefits/b%2F1`]);
    expectJsonHeaders(put, true);
    expect(put.json).toEqual(body);
    expect(updated.id).toBe("b/1");
  });
});
