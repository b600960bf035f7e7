import { createFakeExcel } from "./fake";
import { OfficeWorkbook } from "./office-workbook";
import { createTokenStore, createUserStorage, tokenOrigin } from "./token-store";

const TOKEN = "sk_live_4f9a1c2e7b";

function fakeLocalStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe("user storage backend", () => {
  test("OfficeRuntime.storage first, in the shared runtime", async () => {
    const runtime = new Map<string, string>();
    const storage = createUserStorage({
      officeRuntimeStorage: {
        getItem: (k) => Promise.resolve(runtime.get(k) ?? null),
        setItem: (k, v) => Promise.resolve(void runtime.set(k, v)),
        removeItem: (k) => Promise.resolve(void runtime.delete(k)),
      },
      localStorage: fakeLocalStorage(),
    });
    expect(storage.backend).toBe("OfficeRuntime.storage");
    await storage.setItem("a", "1");
    expect(runtime.get("a")).toBe("1");
  });

  test("localStorage under the partition key when it is defined, plain when it is not", async () => {
    const partitioned = fakeLocalStorage();
    await createUserStorage({ localStorage: partitioned, partitionKey: "p1|" }).setItem("k", "v");
    expect([...partitioned.items.keys()]).toEqual(["p1|k"]);
    const plain = fakeLocalStorage();
    await createUserStorage({ localStorage: plain }).setItem("k", "v");
    expect([...plain.items.keys()]).toEqual(["k"]);
  });

  test("a localStorage that refuses writes is not used: memory only", async () => {
    const blocked = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    const storage = createUserStorage({ localStorage: blocked });
    expect(storage.backend).toBe("memory");
    await storage.setItem("k", "v");
    expect(await storage.getItem("k")).toBe("v");
  });
});

describe("token store", () => {
  test("one token per origin, handed out only for that origin", async () => {
    const store = createTokenStore(createUserStorage({ localStorage: fakeLocalStorage() }));
    await store.set("https://api.valepix.com.br/v1/", TOKEN, "device");
    expect(await store.get("https://API.valepix.com.br:443/other")).toBe(TOKEN);
    for (const other of [
      "https://sandbox.valepix.com.br",
      "https://api.valepix.com.br:8443",
      "https://api.valepix.com.br.evil.example",
      "http://localhost:4010",
    ]) {
      expect(await store.get(other)).toBeUndefined();
    }
    expect(() => tokenOrigin("http://api.valepix.com.br")).toThrow(/https/);
    expect(tokenOrigin("http://127.0.0.1:4010/api")).toBe("http://127.0.0.1:4010");
  });

  test("'this session only' keeps it in memory and removes a device copy; sign-out removes both", async () => {
    const local = fakeLocalStorage();
    const store = createTokenStore(createUserStorage({ localStorage: local }));
    await store.set("https://api.valepix.com.br", "old", "device");
    await store.set("https://api.valepix.com.br", TOKEN, "session");
    expect(await store.get("https://api.valepix.com.br")).toBe(TOKEN);
    expect([...local.items.values()]).toEqual([]);
    // A new store (the add-in reopened) has forgotten it.
    expect(
      await createTokenStore(createUserStorage({ localStorage: local })).get("https://api.valepix.com.br"),
    ).toBeUndefined();
    await store.set("https://api.valepix.com.br", TOKEN, "device");
    await store.remove("https://api.valepix.com.br");
    expect(await store.get("https://api.valepix.com.br")).toBeUndefined();
    expect(local.items.size).toBe(0);
  });

  test("the token never reaches a cell, a workbook setting, a log line or a storage key", async () => {
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((m) =>
      jest.spyOn(console, m).mockImplementation(() => undefined),
    );
    const excel = createFakeExcel({
      tables: [{ name: "Dist", sheet: "Folha", header: ["CPF"], rows: [["1"]] }],
    });
    const workbook = new OfficeWorkbook(excel.run);
    const local = fakeLocalStorage();
    const store = createTokenStore(createUserStorage({ localStorage: local, partitionKey: "p|" }));
    await store.set("https://api.valepix.com.br", TOKEN, "device");
    await store.get("https://api.valepix.com.br");
    // The workbook refuses it as a setting, even under an innocent name.
    await expect(workbook.setSetting("valepix.connection", { auth: `Bearer ${TOKEN}` })).rejects.toThrow();
    await expect(workbook.setSetting("valepix.apiToken", TOKEN)).rejects.toThrow();
    const everything = JSON.stringify([
      excel.model.sheets.map((s) => excel.sheetValues(s.name)),
      excel.settings(),
      excel.allFormulas(),
      spies.flatMap((s) => s.mock.calls),
      [...local.items.keys()],
    ]);
    expect(everything).not.toContain(TOKEN);
    expect([...local.items.values()]).toEqual([TOKEN]);
    for (const s of spies) s.mockRestore();
  });
});
