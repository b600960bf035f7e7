/**
 * balances (./balances.ts).
 */
import { API_PATH, setup } from "../testing/fixtures";
import { only } from "../testing/requests";

describe("balances", () => {
  it("balances.get", async () => {
    const { fake, client } = setup();
    fake.reply({ json: { available_amount: 987_654, currency: "BRL" } });
    expect(await client.balances.get()).toEqual({ available_amount: 987_654, currency: "BRL" });
    expect([only(fake).method, only(fake).path]).toEqual(["GET", `${API_PATH}/balances`]);
  });
});
