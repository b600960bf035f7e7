import { MemoryTokenStore, MemoryUserStorage } from "../../api/testing/memory-storage";
import { CONNECTIONS_KEY, type ConnectionInputError, ConnectionStore } from "./store";

function setup() {
  const storage = new MemoryUserStorage();
  const tokens = new MemoryTokenStore();
  let n = 0;
  const checks: Array<{ baseUrl: string; token: string }> = [];
  const store = new ConnectionStore(
    storage,
    tokens,
    async (baseUrl, getToken) => {
      checks.push({ baseUrl, token: await getToken() });
      return { availableCents: 4200 };
    },
    () => `c${++n}`,
  );
  return { storage, tokens, store, checks };
}

const acme = {
  label: "Acme",
  environment: "production",
  baseUrl: "https://api.acme.com.br/",
  persistence: "device",
} as const;

describe("ConnectionStore", () => {
  it("keeps the list in user storage without the token, and the token in the token store by origin", async () => {
    const { storage, tokens, store } = setup();
    await store.save({ ...acme, token: "tok_secret_123" });
    const raw = storage.items.get(CONNECTIONS_KEY)!;
    expect(raw).not.toContain("tok_secret_123");
    expect(JSON.parse(raw)).toMatchObject({
      activeId: "c1",
      connections: [{ label: "Acme", baseUrl: "https://api.acme.com.br" }],
    });
    expect(tokens.tokens.get("https://api.acme.com.br")).toEqual({
      token: "tok_secret_123",
      persistence: "device",
    });
    expect(await store.load()).toMatchObject({ activeId: "c1", withToken: ["c1"] });
  });

  it("switches between saved connections and tests each with its own origin's token", async () => {
    const { store, checks } = setup();
    await store.save({ ...acme, token: "tok_acme_1" });
    await store.save({
      label: "Beta",
      environment: "sandbox",
      baseUrl: "http://127.0.0.1:4010",
      persistence: "session",
      token: "tok_beta_1",
    });
    expect((await store.load()).activeId).toBe("c2");
    await store.activate("c1");
    expect((await store.load()).activeId).toBe("c1");
    await store.test("c1", new AbortController().signal);
    await store.test("c2", new AbortController().signal);
    expect(checks).toEqual([
      { baseUrl: "https://api.acme.com.br", token: "tok_acme_1" },
      { baseUrl: "http://127.0.0.1:4010", token: "tok_beta_1" },
    ]);
  });

  it("refuses a missing label, a bad or plain-http URL and a missing token, naming the field", async () => {
    const { store } = setup();
    const fail = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: unknown) => e as ConnectionInputError,
      );
    expect(await fail(store.save({ ...acme, label: " ", token: "x" }))).toMatchObject({
      field: "label",
      reason: "required",
    });
    expect(await fail(store.save({ ...acme, baseUrl: "not a url", token: "x" }))).toMatchObject({
      field: "baseUrl",
      reason: "invalid",
    });
    expect(await fail(store.save({ ...acme, baseUrl: "http://api.acme.com.br", token: "x" }))).toMatchObject({
      field: "baseUrl",
      reason: "http",
    });
    expect(await fail(store.save({ ...acme, token: "" }))).toMatchObject({
      field: "token",
      reason: "required",
    });
    expect((await store.load()).connections).toEqual([]);
  });

  it("keeps the token when an edit leaves it blank; sign-out and removal forget it", async () => {
    const { store, tokens } = setup();
    await store.save({ ...acme, token: "tok_acme_1" });
    await store.save({ ...acme, id: "c1", label: "Acme Ltda", token: "" });
    expect(await tokens.get("https://api.acme.com.br")).toBe("tok_acme_1");
    await store.signOut("c1");
    expect(await tokens.get("https://api.acme.com.br")).toBeUndefined();
    expect((await store.load()).withToken).toEqual([]);
    await store.save({ ...acme, id: "c1", token: "tok_acme_2" });
    await store.remove("c1");
    expect(await tokens.get("https://api.acme.com.br")).toBeUndefined();
    expect(await store.load()).toMatchObject({ connections: [], activeId: undefined });
  });

  it("starts afresh from an unreadable list", async () => {
    const { storage, store } = setup();
    await storage.setItem(CONNECTIONS_KEY, "{not json");
    expect((await store.load()).connections).toEqual([]);
  });
});
