/**
 * transactions (./transactions.ts).
 */
import { collectAll } from "../collect-all";
import { page } from "../testing/fake-fetch";
import { API_PATH, setup, transaction } from "../testing/fixtures";

describe("transactions", () => {
  it("transactions.list and listPage send the type filter", async () => {
    const { fake, client } = setup();
    fake.reply({ json: page([transaction("x1")], { total: 1 }) }, { json: page([transaction("x2")]) });
    expect(
      (await collectAll(client.transactions.list({ type: "DEPOSIT" }), { max: 5 })).map((t) => t.id),
    ).toEqual(["x1"]);
    await client.transactions.listPage({ type: "DISTRIBUTION", limit: 10 });
    expect(fake.calls.map((c) => [c.path, c.query])).toEqual([
      [`${API_PATH}/transactions`, { page: "1", limit: "1000", type: "DEPOSIT" }],
      [`${API_PATH}/transactions`, { limit: "10", type: "DISTRIBUTION" }],
    ]);
  });
});
