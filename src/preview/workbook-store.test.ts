/**
 * The preview's workbook across reloads, over an in-memory IndexedDB (fake-indexeddb, which runs
 * the W3C IndexedDB tests): a workbook far past sessionStorage's quota is kept and read back, one
 * tab never reads another's, a refusing storage never throws from `save`, and old tabs' workbooks
 * are removed.
 */
import "fake-indexeddb/auto";
import { createStore, keys } from "idb-keyval";
import type { WorkbookSnapshot } from "./snapshot";
import { keepAfterChanges, workbookStore } from "./workbook-store";

function memorySession() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

/** A workbook of `rows` employees with a few columns: about 120 bytes of JSON per row. */
function bigWorkbook(rows: number): WorkbookSnapshot {
  const cells: WorkbookSnapshot["sheets"][number]["cells"] = {};
  for (let r = 2; r < rows + 2; r++) {
    cells[`A${r}`] = { value: `emp_${String(r).padStart(8, "0")}`, format: "@" };
    cells[`B${r}`] = { value: `Pessoa número ${r}` };
    cells[`C${r}`] = { value: 450 + r, format: '"R$" #,##0.00' };
  }
  return {
    sheets: [{ name: "Distribuição", visibility: "visible", cells }],
    tables: [],
    activeSheet: "Distribuição",
  } as unknown as WorkbookSnapshot;
}

let db = 0;
const freshIdb = () => createStore(`test-${++db}`, "workbooks");

test("a workbook past sessionStorage's 5 MB is kept for the tab and read back", async () => {
  const session = memorySession();
  const idb = freshIdb();
  const big = bigWorkbook(60_000);
  expect(JSON.stringify(big).length).toBeGreaterThan(5_000_000);
  expect(await workbookStore({ session, idb }).save(big)).toBe(true);
  // The reload: a new store over the same tab's storage.
  expect(await workbookStore({ session, idb }).load()).toEqual(big);
});

test("each tab reads its own workbook", async () => {
  const idb = freshIdb();
  const [one, two] = [memorySession(), memorySession()];
  await workbookStore({ session: one, idb }).save(bigWorkbook(1));
  await workbookStore({ session: two, idb }).save(bigWorkbook(2));
  expect(await workbookStore({ session: one, idb }).load()).toEqual(bigWorkbook(1));
  expect(await workbookStore({ session: two, idb }).load()).toEqual(bigWorkbook(2));
  expect(await workbookStore({ session: memorySession(), idb }).load()).toBeUndefined();
});

test("a storage that refuses never breaks the page: save says false once, load starts afresh", async () => {
  const warn = jest.fn();
  const refusing = () => Promise.reject(new DOMException("quota", "QuotaExceededError"));
  const store = workbookStore({ session: memorySession(), idb: refusing, warn });
  expect(await store.save(bigWorkbook(1))).toBe(false);
  expect(await store.save(bigWorkbook(1))).toBe(false);
  expect(warn).toHaveBeenCalledTimes(1);
  expect(await store.load()).toBeUndefined();
  // Opening a file needs the save: there, the refusal is the caller's error.
  await expect(store.saveOrThrow(bigWorkbook(1))).rejects.toThrow("quota");
});

test("workbooks of tabs not seen for a week are removed when a tab starts", async () => {
  const idb = freshIdb();
  let now = Date.UTC(2026, 10, 1);
  const old = memorySession();
  await workbookStore({ session: old, idb, now: () => now }).save(bigWorkbook(1));
  now += 8 * 24 * 3600 * 1000;
  const recent = memorySession();
  await workbookStore({ session: recent, idb, now: () => now }).save(bigWorkbook(2));
  await workbookStore({ session: recent, idb, now: () => now }).load();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await keys(idb)).toHaveLength(1);
  expect(await workbookStore({ session: recent, idb, now: () => now }).load()).toEqual(bigWorkbook(2));
});

describe("keeping the workbook as it changes", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A keep that takes `ms`, counting its calls. */
  function slowKeep(ms: number) {
    const calls: number[] = [];
    const keep = () => {
      calls.push(Date.now());
      return new Promise<void>((resolve) => setTimeout(resolve, ms));
    };
    return { calls, keep };
  }

  test("a burst of changes is kept once, after a quiet second", async () => {
    const { calls, keep } = slowKeep(10);
    const changed = keepAfterChanges(keep);
    for (let i = 0; i < 50; i++) {
      changed();
      await jest.advanceTimersByTimeAsync(100);
    }
    expect(calls).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(1);
  });

  test("changes that never pause are still kept every 10 s", async () => {
    const { calls, keep } = slowKeep(10);
    const changed = keepAfterChanges(keep);
    for (let i = 0; i < 250; i++) {
      changed();
      await jest.advanceTimersByTimeAsync(100);
    }
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls.length).toBeLessThanOrEqual(3);
  });

  test("one keep at a time: changes during a slow keep are kept by one more after it", async () => {
    const { calls, keep } = slowKeep(5_000);
    const changed = keepAfterChanges(keep);
    changed();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      changed();
      await jest.advanceTimersByTimeAsync(1_500);
    }
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(20_000);
    expect(calls).toHaveLength(2);
  });

  test("a keep that fails is reported and the next change is kept", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    let fail = true;
    const calls: boolean[] = [];
    const changed = keepAfterChanges(() => {
      calls.push(fail);
      return fail ? Promise.reject(new Error("quota")) : Promise.resolve();
    });
    changed();
    await jest.advanceTimersByTimeAsync(1_000);
    fail = false;
    changed();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(calls).toEqual([true, false]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
