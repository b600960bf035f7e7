import fc from "fast-check";
import { CollectLimitError, PaginationError } from "./errors";
import { collectAll } from "./collect-all";
import { LARGE_PAGE_LIMIT, MAX_PAGES, PARALLEL_PAGES, paginate } from "./pagination";
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
    expect(await collectAll(paginate(s.fetchPage, { limit: 100 }), { max: 1000 })).toHaveLength(250);
    expect(s.asked).toEqual([
      { page: 1, limit: 100 },
      { page: 2, limit: 100 },
      { page: 3, limit: 100 },
    ]);
  });

  it("ends on an empty page after full ones (no total)", async () => {
    const s = server(200);
    expect(await collectAll(paginate(s.fetchPage, { limit: 100 }), { max: 1000 })).toHaveLength(200);
    expect(s.asked.map((a) => a.page)).toEqual([1, 2, 3]);
  });

  it("ends when the stated total is reached, without asking for an empty page", async () => {
    const s = server(200, { withTotal: true });
    expect(await collectAll(paginate(s.fetchPage, { limit: 100 }), { max: 1000 })).toHaveLength(200);
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
    expect(seen).toEqual([{ data: [], page: 1, limit: 1000, total: 0 }]);
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
    // the total is known after page 1: pages 2 to 5 were asked at once, each time
    expect(asked).toEqual([1, 2, 3, 4, 5, 1, 2, 3, 4, 5]);
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

/**
 * A server of `n` items with a total, whose pages are answered when the test says so: how many
 * are in flight at once, and in which order they are answered, are the test's to choose.
 */
function heldServer(
  n: number,
  opts: { serverMax?: number; change?: (page: number, p: Page<number>) => Page<number> } = {},
) {
  const asked: { page: number; limit: number }[] = [];
  const waiting: Array<() => void> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const items = Array.from({ length: n }, (_, i) => i);
  const fetchPage = (q: { page: number; limit: number }): Promise<Page<number>> => {
    asked.push(q);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const size = Math.min(q.limit, opts.serverMax ?? Infinity);
    const page: Page<number> = {
      data: items.slice((q.page - 1) * size, q.page * size),
      page: q.page,
      limit: size,
      total: n,
    };
    return new Promise((resolve) =>
      waiting.push(() => {
        inFlight--;
        resolve(opts.change ? opts.change(q.page, page) : page);
      }),
    );
  };
  /** Answers the waiting pages, last asked first, until the iteration settles. */
  async function drive<R>(work: Promise<R>): Promise<R> {
    let done = false;
    work.then(
      () => (done = true),
      () => (done = true),
    );
    while (!done) {
      await new Promise((r) => setImmediate(r));
      waiting
        .splice(0)
        .reverse()
        .forEach((answer) => answer());
    }
    return work;
  }
  return { asked, fetchPage, drive, maxInFlight: () => maxInFlight };
}

describe("paginate: large pages, the rest fetched at once once the total is known (issue 24)", () => {
  it("asks for 1,000 a page and counts against the size the server honours", async () => {
    const s = server(2_500, { serverMax: 500, withTotal: true });
    expect(LARGE_PAGE_LIMIT).toBe(1_000);
    expect(await collectAll(paginate(s.fetchPage), { max: 10_000 })).toEqual(
      Array.from({ length: 2_500 }, (_, i) => i),
    );
    // 500 a page: 5 pages, none more
    expect(s.asked.map((a) => a.page).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(s.asked.every((a) => a.limit === 1_000)).toBe(true);
  });

  it("a server that refuses 1,000 (400) is asked again at 100; a caller's own limit is not changed", async () => {
    const asked: number[] = [];
    const refusing = (q: { page: number; limit: number }): Promise<Page<number>> => {
      asked.push(q.limit);
      if (q.limit > 100) return Promise.reject(Object.assign(new Error("HTTP 400"), { status: 400 }));
      const data = Array.from({ length: 250 }, (_, i) => i).slice((q.page - 1) * q.limit, q.page * q.limit);
      return Promise.resolve({ data, page: q.page, limit: q.limit, total: 250 });
    };
    expect(await collectAll(paginate(refusing), { max: 1000 })).toHaveLength(250);
    expect(asked).toEqual([1000, 100, 100, 100]);
    await expect(collectAll(paginate(refusing, { limit: 500 }), { max: 1000 })).rejects.toThrow("HTTP 400");
  });

  it(`keeps ${PARALLEL_PAGES} pages in flight and yields them in order, whatever order they are answered in`, async () => {
    const s = heldServer(1_000);
    const pages: number[] = [];
    const all = await s.drive(
      (async () => {
        const out: number[] = [];
        for await (const p of paginate(s.fetchPage, { limit: 50 }).pages()) {
          pages.push(p.page!);
          out.push(...p.data);
        }
        return out;
      })(),
    );
    expect(all).toEqual(Array.from({ length: 1_000 }, (_, i) => i));
    expect(pages).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(s.asked).toHaveLength(20);
    expect(s.maxInFlight()).toBe(PARALLEL_PAGES);
  });

  it("one at a time when told so (parallel: 1)", async () => {
    const s = heldServer(300);
    await s.drive(collectAll(paginate(s.fetchPage, { limit: 50 }, { parallel: 1 }), { max: 1000 }));
    expect(s.maxInFlight()).toBe(1);
    expect(s.asked).toHaveLength(6);
  });

  it("reads every item exactly once, in order, with at most ceil(n / size) calls (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 400 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 6 }),
        async (n, limit, parallel) => {
          const s = heldServer(n);
          const all = await s.drive(
            collectAll(paginate(s.fetchPage, { limit }, { parallel }), { max: 10_000 }),
          );
          expect(all).toEqual(Array.from({ length: n }, (_, i) => i));
          expect(s.asked.length).toBe(Math.max(1, Math.ceil(n / limit)));
          expect(s.maxInFlight()).toBeLessThanOrEqual(parallel);
        },
      ),
    );
  });

  it.each([
    [
      "a later page states another limit",
      (page: number, p: Page<number>) => (page === 3 ? { ...p, limit: 7 } : p),
      { kind: "limit", from: 10, to: 7, page: 3 },
    ],
    [
      "a later page states another total",
      (page: number, p: Page<number>) => (page === 4 ? { ...p, total: 99 } : p),
      { kind: "total", from: 100, to: 99, page: 4 },
    ],
    [
      "a page before the last is short",
      (page: number, p: Page<number>) => (page === 2 ? { ...p, data: p.data.slice(0, 9) } : p),
      { kind: "limit", from: 10, to: 9, page: 2 },
    ],
    [
      "a page before the total is empty",
      (page: number, p: Page<number>) => (page === 6 ? { ...p, data: [] } : p),
      { kind: "ended", from: 100, to: 50, page: 6 },
    ],
    [
      "the last page is short of the total",
      (page: number, p: Page<number>) => (page === 10 ? { ...p, data: p.data.slice(0, 4) } : p),
      { kind: "ended", from: 100, to: 94, page: 11 },
    ],
    [
      "a page holds more than the size",
      (page: number, p: Page<number>) => (page === 5 ? { ...p, data: [...p.data, 1000] } : p),
      { kind: "limit", from: 10, to: 11, page: 5 },
    ],
  ])(
    "pages fetched at once keep the checks: %s (read again, then PaginationError)",
    async (_what, change, expected) => {
      const s = heldServer(100, { change });
      const err = await s
        .drive(collectAll(paginate(s.fetchPage, { limit: 10 }), { max: 1000 }))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PaginationError);
      expect((err as PaginationError).change).toEqual(expected);
      expect((err as Error).message).toMatch(/again/);
    },
  );

  it("pages fetched at once: a change seen once is read again from the start, every item once", async () => {
    let changed = false;
    const s = heldServer(100, {
      change: (page, p) => {
        if (page !== 3 || changed) return p;
        changed = true;
        return { ...p, total: 101 };
      },
    });
    const restarts: unknown[] = [];
    const out: number[] = [];
    await s.drive(
      (async () => {
        for await (const p of paginate(s.fetchPage, { limit: 10 }).pages({
          onRestart: (c) => {
            restarts.push(c);
            out.length = 0;
          },
        }))
          out.push(...p.data);
      })(),
    );
    expect(restarts).toEqual([{ kind: "total", from: 100, to: 101, page: 3 }]);
    expect(out).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it("pages fetched at once: a server that ignores `page` is caught, no duplicate yielded", async () => {
    const s = heldServer(100, {
      change: (_page, p) => ({ ...p, data: Array.from({ length: 10 }, (_, i) => i) }),
    });
    const seen: number[] = [];
    const err = await s
      .drive(
        (async () => {
          for await (const x of paginate<number>(s.fetchPage, { limit: 10 })) seen.push(x);
        })(),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaginationError);
    expect((err as Error).message).toMatch(/ignore.*page/);
    expect(seen).toEqual(Array.from({ length: 10 }, (_, i) => i));
  });

  it("pages fetched at once: breaking out stops asking (at most the pages already in flight)", async () => {
    const s = server(10_000, { withTotal: true });
    for await (const x of paginate(s.fetchPage, { limit: 10 })) if (x === 15) break;
    expect(s.asked.length).toBeLessThanOrEqual(2 + PARALLEL_PAGES);
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
