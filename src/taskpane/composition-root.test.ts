/**
 * The edge composes the real host pieces from the page's globals: the token store of src/excel
 * (OfficeRuntime.storage, else partitioned localStorage, else memory), the Workbook port over the
 * `Excel.run` it finds (here the fake Excel), and an API client for the active connection that
 * reaches the sandbox over loopback with the token kept for that origin only.
 */
import { TOKEN_A, startTestSandbox } from "../../sandbox/test-harness";
import type { RunningSandbox } from "../../sandbox/server";
import { createFakeExcel } from "../excel/fake";
import { composeHost, type HostGlobals } from "./composition-root";

jest.setTimeout(30_000);

function mapStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => Promise.resolve(items.get(k) ?? null),
    setItem: (k: string, v: string) => Promise.resolve(void items.set(k, v)),
    removeItem: (k: string) => Promise.resolve(void items.delete(k)),
  };
}

function syncStorage(): Storage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

let sb: RunningSandbox | undefined;
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

describe("composeHost", () => {
  test("in the shared runtime: OfficeRuntime.storage keeps the token, Excel.run gives the workbook, the client reaches the sandbox", async () => {
    ({ sb } = await startTestSandbox());
    const runtime = mapStorage();
    const excel = createFakeExcel({
      tables: [{ name: "Beneficios", sheet: "Plan1", header: ["CPF", "VR"], rows: [["12345678909", 100]] }],
    });
    const local = syncStorage();
    const seen: string[] = [];
    const host = composeHost(
      {
        Office: { context: { displayLanguage: "en-GB" } },
        OfficeRuntime: { storage: runtime },
        Excel: excel,
        localStorage: local,
      },
      {
        fetch: (input, init) => {
          seen.push(new URL(input instanceof Request ? input.url : String(input)).origin);
          return fetch(input, init);
        },
      },
    );
    expect(host.locale).toBe("en-US");
    expect(host.userStorage.backend).toBe("OfficeRuntime.storage");
    expect(host.workbook).toBeDefined();
    expect((await host.workbook!.listTables()).map((t) => t.name)).toEqual(["Beneficios"]);
    expect(host.services.data).toBeDefined();

    await host.services.connections.save({
      label: "Acme",
      environment: "sandbox",
      baseUrl: sb.url,
      persistence: "device",
      token: TOKEN_A,
    });
    const balance = await (await host.api()).balances.get();
    expect(typeof balance.available_amount).toBe("number");
    expect(seen.every((o) => o === new URL(sb!.url).origin)).toBe(true);

    // The token is in OfficeRuntime.storage, and nowhere in the workbook or localStorage.
    expect([...runtime.items.values()]).toContain(TOKEN_A);
    expect(JSON.stringify(excel.settings())).not.toContain(TOKEN_A);
    for (const sheet of excel.sheetNames())
      expect(JSON.stringify(excel.sheetValues(sheet))).not.toContain(TOKEN_A);
    expect([...local.items.values()].join()).not.toContain(TOKEN_A);
  });

  test("without the shared runtime: localStorage under Office.context.partitionKey; no Excel, no workbook", async () => {
    const local = syncStorage();
    const host = composeHost({
      Office: { context: { displayLanguage: "pt-PT", partitionKey: "part-1|" } },
      localStorage: local,
    });
    expect(host.locale).toBe("pt-BR");
    expect(host.userStorage.backend).toBe("localStorage");
    expect(host.workbook).toBeUndefined();
    expect(host.services.data).toBeUndefined();
    await host.services.connections.save({
      label: "Prod",
      environment: "custom",
      baseUrl: "https://api.example.com",
      persistence: "device",
      token: "tok-prod-0123456789",
    });
    expect([...local.items.keys()].every((k) => k.startsWith("part-1|"))).toBe(true);
    expect(await host.tokenStore.get("https://api.example.com")).toBe("tok-prod-0123456789");
    expect(await host.tokenStore.get("https://other.example.com")).toBeUndefined();
  });

  test("storage blocked: memory only; no active connection means api() asks for a token", async () => {
    const blocked = {
      Office: { context: {} },
      get localStorage(): Storage {
        throw new DOMException("blocked", "SecurityError");
      },
      navigator: { language: "en-US" },
    } as HostGlobals;
    const host = composeHost(blocked);
    expect(host.userStorage.backend).toBe("memory");
    expect(host.locale).toBe("en-US");
    await expect(host.api()).rejects.toMatchObject({ name: "ConnectionInputError", field: "token" });
  });

  test("a session-only token is shared by everything holding the host, and kept nowhere else", async () => {
    const runtime = mapStorage();
    const host = composeHost({ OfficeRuntime: { storage: runtime } });
    await host.services.connections.save({
      label: "Acme",
      environment: "custom",
      baseUrl: "https://api.example.com",
      persistence: "session",
      token: "tok-session-0123456789",
    });
    expect([...runtime.items.values()].join()).not.toContain("tok-session");
    expect(await host.tokenStore.get("https://api.example.com")).toBe("tok-session-0123456789");
    // A second composition (another page) does not see it: the session token lives in memory.
    expect(
      await composeHost({ OfficeRuntime: { storage: runtime } }).tokenStore.get("https://api.example.com"),
    ).toBeUndefined();
  });
});
