import fc from "fast-check";
import { CollectLimitError, PaginationError } from "./errors";
import { collectAll, MAX_PAGES, paginate } from "./pagination";
import type { Page } from "./schemas";

/** A server of `n` items with page size `serverMax` at most, recording the pages asked. */
function server(n: number, opts: { serverMax?: number; withTotal?: boolean; statedLimit?: boolean } = {}) {
  const asked: { page: number; limit: number }[] = [];
  const items = Array.from({ length: n }, (_, i) => i);
  const fetchPage = (q: { page: number; limit: number }): Promise<Page<number>> => {
    asked.push(q);
    const size = Math.min(q.limit, opts.serverMax ?? Infinity);
    const data = items.slice((q.page - 1) * size, q.page * size);
    return Promise.resolve({
      data,
      page: q.page,
      ...(opts.statedLimit === false ? {} : { limit: size }),
      ...(opts.withTotal ? { total: n } : {}),
    });
  };
  return { asked, fetchPage };
}

describe("paginate", () => {
  it("ends on a short page", async () => {
    const s = server(250);
    expect(await collectAll(paginate(s.fetchPage), { max: 1000 })).toHaveLength(250);
    expect(s.asked).toEqual([
      { page: 1, limit: 100 },
      { page: 2, limit: 100 },
      { page: 3, limit: 100 },
    ]);
  });

  it("ends on an empty page after full ones (no total)", async () => {
    const s = server(200);
    expect(await collectAll(paginate(s.fetchPage), { max: 1000 })).toHaveLength(200);
    expect(s.asked.map((a) => a.page)).toEqual([1, 2, 3]);
  });

  it("ends when the stated total is reached, without asking for an empty page", async () => {
    const s = server(200, { withTotal: true });
    expect(await collectAll(paginate(s.fetchPage), { max: 1000 })).toHaveLength(200);
    expect(s.asked.map((a) => a.page)).toEqual([1, 2]);
  });

  it("follows a server that serves fewer than asked when it states its limit", async () => {
    const s = server(120, { serverMax: 50 });
    expect(await collectAll(paginate(s.fetchPage), { max: 1000 })).toEqual(
      Array.from({ length: 120 }, (_, i) => i),
    );
    expect(s.asked.map((a) => a.page)).toEqual([1, 2, 3]);
  });

  it("without total or stated limit, a page of 10 or more items is not the end: a silent cap is followed", async () => {
    const s = server(45, { serverMax: 20, statedLimit: false });
    expect(await collectAll(paginate(s.fetchPage), { max: 1000 })).toEqual(
      Array.from({ length: 45 }, (_, i) => i),
    );
    expect(s.asked.map((a) => a.page)).toEqual([1, 2, 3]); // 20, 20, 5 (< 10: the end)
  });

  it("without total or stated limit, a last page of 10 or more costs one empty page more", async () => {
    const s = server(52, { serverMax: 20, statedLimit: false });
    expect(await collectAll(paginate(s.fetchPage), { max: 1000 })).toHaveLength(52);
    expect(s.asked.map((a) => a.page)).toEqual([1, 2, 3, 4]); // 20, 20, 12, 0
  });

  it("a silent cap is followed to the end for any size and cap (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 300 }), fc.integer({ min: 10, max: 100 }), async (n, cap) => {
        const s = server(n, { serverMax: cap, statedLimit: false });
        expect(await collectAll(paginate(s.fetchPage), { max: 10_000 })).toHaveLength(n);
      }),
    );
  });

  it("starts at the page and limit given", async () => {
    const s = server(35);
    expect(await collectAll(paginate(s.fetchPage, { page: 2, limit: 10 }), { max: 100 })).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 10),
    );
    expect(s.asked[0]).toEqual({ page: 2, limit: 10 });
  });

  it("pages() yields the envelopes; an empty first page is yielded once", async () => {
    const empty = server(0, { withTotal: true });
    const seen: Page<number>[] = [];
    for await (const p of paginate(empty.fetchPage).pages()) seen.push(p);
    expect(seen).toEqual([{ data: [], page: 1, limit: 100, total: 0 }]);
  });

  it("is lazy and stops fetching when the loop breaks", async () => {
    const s = server(1000);
    const it = paginate(s.fetchPage, { limit: 10 });
    expect(s.asked).toHaveLength(0);
    for await (const x of it) if (x === 15) break;
    expect(s.asked.map((a) => a.page)).toEqual([1, 2]);
  });

  it("reads every item exactly once, in order, for any size and page size (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 400 }),
        fc.integer({ min: 1, max: 120 }),
        fc.boolean(),
        async (n, limit, withTotal) => {
          const s = server(n, { withTotal });
          const all = await collectAll(paginate(s.fetchPage, { limit }), { max: 10_000 });
          expect(all).toEqual(Array.from({ length: n }, (_, i) => i));
          // never more than one call beyond the pages holding items
          expect(s.asked.length).toBeLessThanOrEqual(Math.floor(n / limit) + 1);
        },
      ),
    );
  });

  it("with a total, a short page does not end iteration while the total says more remain", async () => {
    // serves 50 per page without saying so: only the total tells that more remain
    const s = server(120, { serverMax: 50, statedLimit: false, withTotal: true });
    expect(await collectAll(paginate(s.fetchPage), { max: 1000 })).toEqual(
      Array.from({ length: 120 }, (_, i) => i),
    );
    expect(s.asked.map((a) => a.page)).toEqual([1, 2, 3]);
  });

  it("with a total, an empty page before the total is a list cut short: read again, then PaginationError", async () => {
    const asked: number[] = [];
    const fetchPage = (q: { page: number; limit: number }): Promise<Page<number>> => {
      asked.push(q.page);
      const data = q.page === 1 ? [1, 2, 3] : [];
      return Promise.resolve({ data, page: q.page, limit: q.limit, total: 500 });
    };
    const err = await collectAll(paginate(fetchPage, { limit: 3 }), { max: 1000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaginationError);
    expect((err as PaginationError).change).toEqual({ kind: "ended", from: 500, to: 3, page: 2 });
    expect((err as Error).message).toMatch(/ended after 3 items while the server stated a total of 500/);
    expect(asked).toEqual([1, 2, 1, 2]);
  });

  it("a total that changed once (a deletion after page 1) is read again and then agrees", async () => {
    let items = [1, 2, 3, 4];
    let calls = 0;
    const fetchPage = (q: { page: number; limit: number }): Promise<Page<number>> => {
      if (++calls === 2) items = [1, 2, 3];
      const data = items.slice((q.page - 1) * 3, q.page * 3);
      return Promise.resolve({ data, page: q.page, limit: 3, total: items.length });
    };
    // page 2 states total 3 where page 1 stated 4: read again from the start
    expect(await collectAll(paginate(fetchPage, { limit: 3 }), { max: 100 })).toEqual([1, 2, 3]);
    expect(calls).toBe(3);
  });

  it("the pages API tells the consumer to drop what it kept, once, with the change", async () => {
    let calls = 0;
    const fetchPage = (q: { page: number; limit: number }): Promise<Page<number>> => {
      calls++;
      const size = calls === 1 ? 4 : 2; // 4, then 2 (stated)
      const data = Array.from({ length: 6 }, (_, i) => i).slice((q.page - 1) * size, q.page * size);
      return Promise.resolve({ data, page: q.page, limit: size });
    };
    const changes: unknown[] = [];
    const kept: number[] = [];
    for await (const p of paginate(fetchPage, { limit: 4 }).pages({
      onRestart: (c) => {
        changes.push(c);
        kept.length = 0;
      },
    }))
      kept.push(...p.data);
    expect(changes).toEqual([{ kind: "limit", from: 4, to: 2, page: 2 }]);
    expect(kept).toEqual([0, 1, 2, 3, 4, 5]);
  });

  /** A server that ignores `page`: always the first page. Throws after `stopAt` calls. */
  const ignoresPage = (withTotal: boolean, stopAt = 50) => {
    let calls = 0;
    return (q: { page: number; limit: number }): Promise<Page<number>> => {
      if (++calls > stopAt) throw new Error("test guard: the iteration never stopped");
      const data = Array.from({ length: q.limit }, (_, i) => i);
      return Promise.resolve({ data, page: 1, limit: q.limit, ...(withTotal ? { total: 1000 } : {}) });
    };
  };

  it.each([false, true])(
    "a server that ignores `page` is caught when a page repeats the previous one (total: %s)",
    async (withTotal) => {
      const seen: number[] = [];
      const err = await (async () => {
        for await (const x of paginate<number>(ignoresPage(withTotal), { limit: 10 })) seen.push(x);
      })().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PaginationError);
      expect((err as Error).message).toMatch(/ignore.*page/);
      expect(seen).toEqual(Array.from({ length: 10 }, (_, i) => i)); // no duplicate was yielded
    },
  );

  it("stops with PaginationError after MAX_PAGES (10 000) pages that never end", async () => {
    expect(MAX_PAGES).toBe(10_000);
    let calls = 0;
    const endless = (q: { page: number; limit: number }): Promise<Page<number>> => {
      if (++calls > 10_005) throw new Error("test guard: the iteration never stopped");
      return Promise.resolve({ data: [q.page], page: q.page, limit: q.limit });
    };
    let n = 0;
    const err = await (async () => {
      for await (const _ of paginate<number>(endless, { limit: 1 })) n++;
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaginationError);
    expect(n).toBe(MAX_PAGES);
    expect(calls).toBe(MAX_PAGES);
  });

  it("refuses a bad start", () => {
    expect(() => paginate(server(1).fetchPage, { page: 0 })).toThrow(RangeError);
    expect(() => paginate(server(1).fetchPage, { limit: 1.5 })).toThrow(RangeError);
  });
});

describe("collectAll", () => {
  it("returns exactly max items, throws CollectLimitError above, and stops fetching", async () => {
    const s = server(30);
    expect(await collectAll(paginate(s.fetchPage, { limit: 10 }), { max: 30 })).toHaveLength(30);
    const t = server(1000);
    const err = await collectAll(paginate(t.fetchPage, { limit: 10 }), { max: 25 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CollectLimitError);
    expect((err as CollectLimitError).max).toBe(25);
    expect((err as Error).message).toMatch(/More than 25 items/);
    expect(t.asked).toHaveLength(3);
  });
});
