import { MemoryUserStorage } from "../../api/testing/memory-storage";
import { PAYERS_KEY, payerMemory } from "./payer-memory";

describe("the payer remembered per connection", () => {
  it("keeps one payer per API address, trimmed, in the per-user storage", async () => {
    const storage = new MemoryUserStorage();
    let address = "https://api.valepix.example/api/v1";
    const memory = payerMemory(storage, () => Promise.resolve(address));
    expect(await memory.recall()).toBeUndefined();
    await memory.remember({ name: "  Padaria Central Ltda ", document: " 11.222.333/0001-81 " });
    expect(await memory.recall()).toEqual({ name: "Padaria Central Ltda", document: "11.222.333/0001-81" });

    address = "http://127.0.0.1:4010/api/v1";
    expect(await memory.recall()).toBeUndefined();
    await memory.remember({ name: "Sandbox", document: "111.444.777-35" });
    expect(await memory.recall()).toEqual({ name: "Sandbox", document: "111.444.777-35" });

    address = "https://api.valepix.example/api/v1";
    expect(await memory.recall()).toEqual({ name: "Padaria Central Ltda", document: "11.222.333/0001-81" });
    expect(JSON.parse(storage.items.get(PAYERS_KEY)!)).toEqual({
      version: 1,
      byAddress: {
        "https://api.valepix.example/api/v1": {
          name: "Padaria Central Ltda",
          document: "11.222.333/0001-81",
        },
        "http://127.0.0.1:4010/api/v1": { name: "Sandbox", document: "111.444.777-35" },
      },
    });
  });

  it.each(["not json", JSON.stringify({ version: 2 }), JSON.stringify({ version: 1, byAddress: [1] })])(
    "forgets an unreadable entry (%s) instead of failing, and writes a good one over it",
    async (raw) => {
      const storage = new MemoryUserStorage();
      storage.items.set(PAYERS_KEY, raw);
      const memory = payerMemory(storage, () => Promise.resolve("https://a.example"));
      expect(await memory.recall()).toBeUndefined();
      await memory.remember({ name: "Acme", document: "11222333000181" });
      expect(await memory.recall()).toEqual({ name: "Acme", document: "11222333000181" });
    },
  );
});
