/**
 * The preview's workbook across reloads, over an in-memory IndexedDB (fake-indexeddb, which runs
 * the W3C IndexedDB tests): a workbook far past sessionStorage's quota is kept and read back, one
 * tab never reads another's, a refusing storage never throws from `save`, and old tabs' workbooks
 * are removed.
 */
import "fake-indexeddb/auto";
import { createStore, keys } from "idb-keyval";
import type { WorkbookSnapshot } from "./snapshot";
import { workbookStore } from "./workbook-store";

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
