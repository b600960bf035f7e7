import { officeLibrary } from "../excel/fake/client";
import { pageCustomFunctions, useLibraryCustomFunctions } from "./custom-functions";
import { PARTITION_KEY, installOfficeGlobals } from "./host";

class MapStorage {
  private readonly m = new Map<string, string>();
  getItem = (k: string) => this.m.get(k) ?? null;
  setItem = (k: string, v: string) => void this.m.set(k, v);
  removeItem = (k: string) => void this.m.delete(k);
  keys = () => [...this.m.keys()];
}

describe("the preview's Office globals", () => {
  afterEach(() => {
    const g = globalThis as Record<string, unknown>;
    delete g.Office;
    delete g.OfficeRuntime;
    delete g.Excel;
    delete g.CustomFunctions;
  });

  it("answers onReady as Excel, with the chosen display language and a partition key", async () => {
    installOfficeGlobals({
      displayLanguage: "en-US",
      requirementSets: { ExcelApi: "1.12" },
      storage: new MapStorage() as unknown as Storage,
    });
    const seen: unknown[] = [];
    const info = await Office.onReady((i) => seen.push(i));
    expect(info.host).toBe("Excel");
    expect(seen).toEqual([info]);
    expect(Office.context.displayLanguage).toBe("en-US");
    expect(Office.context.partitionKey).toBe(PARTITION_KEY);
    expect(Office.context.requirements.isSetSupported("ExcelApi", "1.12")).toBe(true);
    expect(Office.context.requirements.isSetSupported("ExcelApi", "1.13")).toBe(false);
    // Versions are a major and a whole minor: 1.3 and 1.9 are below 1.12 (office.js asks for 1.3
    // before it splits a large write, and takes a pre-1.3 path when told no).
    expect(Office.context.requirements.isSetSupported("ExcelApi", "1.3")).toBe(true);
    expect(Office.context.requirements.isSetSupported("ExcelApi", "1.9")).toBe(true);
    expect(Office.context.requirements.isSetSupported("SharedRuntime", "1.1")).toBe(false);
  });

  it("answers onReady only once the page's workbook is open", async () => {
    let open!: () => void;
    const ready = new Promise<void>((resolve) => (open = resolve));
    installOfficeGlobals({
      displayLanguage: "pt-BR",
      requirementSets: {},
      storage: new MapStorage() as unknown as Storage,
      ready,
    });
    let answered = false;
    const onReady = Office.onReady(() => (answered = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(answered).toBe(false);
    open();
    await onReady;
    expect(answered).toBe(true);
  });

  it("keeps OfficeRuntime.storage items under their own prefix, and removes them", async () => {
    const storage = new MapStorage();
    installOfficeGlobals({
      displayLanguage: "pt-BR",
      requirementSets: {},
      storage: storage as unknown as Storage,
    });
    await OfficeRuntime.storage.setItem("token", "x");
    expect(await OfficeRuntime.storage.getItem("token")).toBe("x");
    expect(storage.keys()).toEqual(["OfficeRuntime.storage:token"]);
    await OfficeRuntime.storage.removeItem("token");
    expect(await OfficeRuntime.storage.getItem("token")).toBeNull();
  });

  it("puts the given Excel namespace in place", () => {
    const fake = { run: () => Promise.resolve() };
    installOfficeGlobals({
      displayLanguage: "pt-BR",
      requirementSets: {},
      excel: fake,
      storage: new MapStorage() as unknown as Storage,
    });
    expect((globalThis as Record<string, unknown>).Excel).toBe(fake);
  });
});

describe("the preview's CustomFunctions", () => {
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).CustomFunctions;
  });

  it("records what the functions chunk associates until office.js's own CustomFunctions takes its place", async () => {
    installOfficeGlobals({ displayLanguage: "pt-BR", requirementSets: {} });
    const balance = () => 1;
    const deposit = () => 2;
    // The functions chunk runs before the frame's library has loaded.
    CustomFunctions.associate("BALANCE", balance);
    CustomFunctions.associate({ deposit });
    const library = (await officeLibrary()).CustomFunctions;
    const mappings = () =>
      (library as unknown as { _association: { mappings: Record<string, unknown> } })._association.mappings;
    expect(mappings().BALANCE).toBeUndefined();

    useLibraryCustomFunctions(library);
    // office.js's loader keeps them by upper-case id, where its runtime finds them.
    expect(mappings().BALANCE).toBe(balance);
    expect(mappings().DEPOSIT).toBe(deposit);
    expect((globalThis as Record<string, unknown>).CustomFunctions).toBe(library);
    // The runtime's error values, which the library sends as the cell's error.
    const na = new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, "conecte-se");
    expect(na).toBeInstanceOf(library.Error);
    expect([na.code, na.message]).toEqual(["#N/A", "conecte-se"]);
  });

  it("refuses an association that is not a function", () => {
    installOfficeGlobals({ displayLanguage: "pt-BR", requirementSets: {} });
    expect(() => pageCustomFunctions.associate("BALANCE", 1 as never)).toThrow(TypeError);
  });
});
