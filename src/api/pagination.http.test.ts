/**
 * A list that changes while it is read (issue 22, items 2 and 3), through the real client over
 * Node's fetch against a loopback server: the page size changed mid-iteration (100, then 30,
 * with the new limit echoed), the total shrinking (a deletion on page 1) and growing (an
 * insertion) between pages. Once: the list is read again from the start and every item comes
 * exactly once. Every time: `PaginationError` names what changed. Never a silent cut or a
 * duplicate.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "./client";
import { PaginationError } from "./errors";
import { collectAll } from "./collect-all";

interface Shifty {
  /** The page size the server applies to a call (1-based call number, page asked, limit asked). */
  size(call: number, page: number, limit: number): number;
  /** Called before each page is served (to delete or insert employees). */
  before?(call: number, page: number, list: string[]): void;
  /** The page does not state the `limit` it applied. */
  hideLimit?: boolean;
}

let server: Server;
let baseUrl: string;
let behaviour: Shifty;
let employees: string[];
let calls: { page: number; limit: number }[];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const page = Number(url.searchParams.get("page"));
    const asked = Number(url.searchParams.get("limit"));
    calls.push({ page, limit: asked });
    behaviour.before?.(calls.length, page, employees);
    const size = behaviour.size(calls.length, page, asked);
    const data = employees
      .slice((page - 1) * size, page * size)
      .map((id) => ({ employee_id: id, name: `Pessoa ${id}`, situation: "active" }));
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({
        data,
        page,
        ...(behaviour.hideLimit ? {} : { limit: size }),
        total: employees.length,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ids = (n: number) => Array.from({ length: n }, (_, i) => `e${String(i).padStart(4, "0")}`);
const client = () => createClient({ baseUrl, token: "tok_pagination_test" });
const pull = () => collectAll(client().employees.list(), { max: 10_000 });
const idsOf = (list: { employee_id: string }[]) => list.map((e) => e.employee_id);
/**
 * The pages asked, one group per run of pages after a page 1 (pages fetched at once may arrive
 * in any order: sorted within their group).
 */
function pagesAsked(): number[][] {
  const groups: number[][] = [];
  for (const { page } of calls)
    if (page === 1) groups.push([1], []);
    else groups[groups.length - 1]!.push(page);
  return groups.filter((g) => g.length > 0).map((g) => g.sort((a, b) => a - b));
}

function setUp(n: number, b: Shifty) {
  employees = ids(n);
  calls = [];
  behaviour = b;
}

describe("the page size changes mid-iteration (100, then 30)", () => {
  test("once: read again from the start at the new size; 250 distinct employees, none missed", async () => {
    setUp(250, { size: (call) => (call === 1 ? 100 : 30) });
    const got = idsOf(await pull());
    expect(got).toEqual(ids(250));
    // page 1 at 100 (the size the server honours for our 1,000: 3 pages), pages 2 and 3 at once
    // at 30 (the change), then pages 1..9 at 30
    expect(pagesAsked()).toEqual([[1], [2, 3], [1], [2, 3, 4, 5, 6, 7, 8, 9]]);
    expect(calls.every((c) => c.limit === 1000)).toBe(true);
  });

  test("every time: PaginationError naming the old and new limit", async () => {
    setUp(250, { size: (_call, page) => (page === 1 ? 100 : 30) });
    const err = await pull().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaginationError);
    expect((err as PaginationError).change).toEqual({ kind: "limit", from: 100, to: 30, page: 2 });
    expect((err as Error).message).toMatch(/page size changed from 100 to 30/);
    expect((err as Error).message).toMatch(/again/);
    expect(pagesAsked()).toEqual([[1], [2, 3], [1], [2, 3]]);
  });

  test("without an echoed limit: a short page followed by another is a changed size", async () => {
    setUp(250, { size: (call) => (call === 1 ? 100 : 30), hideLimit: true });
    expect(idsOf(await pull())).toEqual(ids(250));
    // page 2 (30 items) is short while the total says page 3 follows: the size changed
    expect(pagesAsked()).toEqual([[1], [2, 3], [1], [2, 3, 4, 5, 6, 7, 8, 9]]);
  });
});

describe("the total changes between pages", () => {
  test("shrinks once (a deletion on page 1): read again, every remaining employee exactly once", async () => {
    let deleted = false;
    setUp(130, {
      size: () => 100,
      before: (_call, page, list) => {
        if (page === 2 && !deleted) {
          list.splice(3, 1);
          deleted = true;
        }
      },
    });
    const got = idsOf(await pull());
    expect(got).toEqual(ids(130).filter((_, i) => i !== 3));
    expect(new Set(got).size).toBe(129);
    expect(calls.map((c) => c.page)).toEqual([1, 2, 1, 2]);
  });

  test("shrinks on every read: PaginationError naming the old and new total", async () => {
    setUp(130, {
      size: () => 100,
      before: (_call, page, list) => {
        if (page === 2) list.splice(3, 1);
      },
    });
    const err = await pull().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaginationError);
    expect((err as PaginationError).change).toEqual({ kind: "total", from: 129, to: 128, page: 2 });
    expect((err as Error).message).toMatch(/total changed from 129 to 128/);
  });

  test("grows once (an insertion at the start): read again, no duplicate", async () => {
    let inserted = false;
    setUp(130, {
      size: () => 100,
      before: (_call, page, list) => {
        if (page === 2 && !inserted) {
          list.unshift("a0000");
          inserted = true;
        }
      },
    });
    const got = idsOf(await pull());
    expect(got).toEqual(["a0000", ...ids(130)]);
    expect(new Set(got).size).toBe(131);
  });

  test("grows on every read: PaginationError naming the old and new total", async () => {
    let n = 0;
    setUp(130, {
      size: () => 100,
      before: (_call, page, list) => {
        if (page === 2) list.unshift(`a${n++}`);
      },
    });
    const err = await pull().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaginationError);
    expect((err as PaginationError).change).toEqual({ kind: "total", from: 131, to: 132, page: 2 });
  });

  test("item iteration without a way to drop what it yielded fails at once, never duplicates", async () => {
    let deleted = false;
    setUp(130, {
      size: () => 100,
      before: (_call, page, list) => {
        if (page === 2 && !deleted) {
          list.splice(3, 1);
          deleted = true;
        }
      },
    });
    const seen: string[] = [];
    const err = await (async () => {
      for await (const e of client().employees.list()) seen.push(e.employee_id);
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaginationError);
    expect((err as PaginationError).change?.kind).toBe("total");
    expect(seen).toHaveLength(100);
  });
});
