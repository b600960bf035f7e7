/**
 * Iteration over the API's pages ("Lists take `page` and `limit` query parameters"; "starting at
 * page 1"), in the style of openai-node and octokit:
 *
 *   for await (const e of client.employees.list({ situation: "active" })) { ... }
 *   for await (const page of client.employees.list().pages({ onRestart })) { ... }
 *
 * Iteration stops on an empty page; otherwise, when the page states a `total`, once that many
 * items are seen (a short page does not end it then: the server may serve fewer than asked).
 * Without a `total`, a page ends the list only when it is shorter than the `limit` the server says
 * it used, or, when it says nothing, shorter than the smallest limit the document names (10,
 * "Values in use are `limit` of 10, 20 and 100"): a server that caps `limit` below what we asked,
 * silently, is followed to the end instead of being cut short. Page envelope:
 * docs/api-assumptions.md.
 *
 * Guards, so that a misbehaving server cannot make a loop run forever or read the same items
 * twice: a page whose first item equals the previous page's first item means the server ignores
 * `page` (PaginationError); and no iteration reads more than `MAX_PAGES` pages.
 *
 * A list that changes under the reader (issue 22): `page` and `limit` are offsets, so a page size
 * the server changes mid-iteration (100, then 30) repeats and skips items, and a deletion or an
 * insertion between two pages shifts every later item by one. Every page but the last must hold
 * exactly the first page's size (its stated `limit`, else its item count), state the same `limit`
 * and the same `total`, and an empty page must not come before the stated `total` is reached.
 * When one of these fails the list is read again from the start, once (a consumer that keeps
 * what it read is told to drop it: `onRestart`); if it fails again, `PaginationError` names what
 * changed. Never a silent cut or a duplicate.
 */
import { CollectLimitError, type PageChange, PaginationError } from "./errors";
import { MAX_PAGE_LIMIT, type Page } from "./schemas";

/** 10 000 pages of 100 is a million items: far beyond any account; beyond it, something is wrong. */
export const MAX_PAGES = 10_000;

/** Iteration uses the largest page the document shows (`limit` 100) to make the fewest calls. */
const ITERATION_PAGE_LIMIT = MAX_PAGE_LIMIT;

/**
 * The smallest `limit` the document names ("Values in use are `limit` of 10, 20 and 100"): a
 * server that does not say which limit it applied serves at least this many on a page that is
 * not the last one.
 */
const SMALLEST_DOCUMENTED_LIMIT = 10;

/** How many times a list that changed while it was read is read again from the start. */
const RESTARTS = 1;

interface PagesOptions {
  /**
   * Called when the list changed while it was read and is read again from its first page: drop
   * every item received so far. Without it, pages already yielded cannot be taken back, so a
   * change is a `PaginationError` at once.
   */
  onRestart?: (change: PageChange) => void;
}

export interface PageIterator<T, P extends Page<T> = Page<T>> extends AsyncIterable<T> {
  /** The pages themselves (with `total` and, for items, the distribution totals). */
  pages(options?: PagesOptions): AsyncIterable<P>;
}

export type FetchPage<P> = (query: { page: number; limit: number }) => Promise<P>;

/** A change seen while reading, thrown inside one pass to start the next. */
class ListChanged extends Error {
  constructor(readonly change: PageChange) {
    super(`list changed: ${change.kind}`);
  }
}

const describeChange = (c: PageChange): string =>
  c.kind === "limit"
    ? `the page size changed from ${c.from} to ${c.to} (page ${c.page})`
    : c.kind === "total"
      ? `the total changed from ${c.from} to ${c.to} (page ${c.page})`
      : `the list ended after ${c.to} items while the server stated a total of ${c.from} (page ${c.page})`;

/**
 * Builds a lazy iterator: nothing is fetched until iteration starts, and breaking out of a
 * `for await` stops fetching.
 */
export function paginate<T, P extends Page<T> = Page<T>>(
  fetchPage: FetchPage<P>,
  start: { page?: number | undefined; limit?: number | undefined } = {},
): PageIterator<T, P> {
  const firstPage = start.page ?? 1;
  const limit = start.limit ?? ITERATION_PAGE_LIMIT;
  if (!Number.isInteger(firstPage) || firstPage < 1) throw new RangeError("page must be an integer >= 1");
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError("limit must be an integer >= 1");

  /** One read from `firstPage` to the end; throws `ListChanged` when the pages do not agree. */
  async function* pass(): AsyncGenerator<P, void, undefined> {
    let seen = 0;
    let previousFirst: string | undefined;
    /** The first page's stated limit, total and size (its `limit`, else its item count). */
    let statedLimit: number | undefined;
    let total: number | undefined;
    let size = 0;
    let previousCount = 0;
    for (let page = firstPage; ; page++) {
      if (page - firstPage >= MAX_PAGES) {
        throw new PaginationError(
          `Stopped after ${MAX_PAGES} pages without reaching the end of the list (a server that never ends it?)`,
        );
      }
      const p = await fetchPage({ page, limit });
      const n = p.data.length;
      if (page === firstPage) {
        statedLimit = p.limit;
        total = p.total;
        size = p.limit ?? n;
      } else {
        if (p.limit !== undefined && statedLimit !== undefined && p.limit !== statedLimit)
          throw new ListChanged({ kind: "limit", from: statedLimit, to: p.limit, page });
        if (p.total !== undefined && total !== undefined && p.total !== total)
          throw new ListChanged({ kind: "total", from: total, to: p.total, page });
        // The page before this one was not the last: it had to be full.
        if (n > 0 && previousCount !== size)
          throw new ListChanged({ kind: "limit", from: size, to: previousCount, page: page - 1 });
        if (n > size) throw new ListChanged({ kind: "limit", from: size, to: n, page });
        if (n === 0 && total !== undefined && (firstPage - 1) * size + seen < total)
          throw new ListChanged({ kind: "ended", from: total, to: (firstPage - 1) * size + seen, page });
      }
      // An empty first page is still yielded: it carries `total` (0) and, for items, the totals.
      if (n === 0) {
        if (page === firstPage) yield p;
        return;
      }
      const first = JSON.stringify(p.data[0]);
      if (first === previousFirst) {
        throw new PaginationError(
          `Page ${page} starts with the same item as page ${page - 1}: the server seems to ignore "page"; stopped to avoid reading the same items again`,
        );
      }
      previousFirst = first;
      previousCount = n;
      yield p;
      seen += n;
      // A server may serve fewer than asked (a lower maximum): trust the limit it states; when it
      // states none, a page is surely the last only below the smallest documented limit.
      if (total !== undefined) {
        // Items before the first page asked, plus those seen since.
        if ((firstPage - 1) * size + seen >= total) return;
      } else if (n < (p.limit ?? Math.min(limit, SMALLEST_DOCUMENTED_LIMIT))) return;
    }
  }

  async function* pages(options: PagesOptions = {}): AsyncGenerator<P, void, undefined> {
    for (let restarts = 0; ; restarts++) {
      let yielded = false;
      try {
        for await (const p of pass()) {
          yielded = true;
          yield p;
        }
        return;
      } catch (e) {
        if (!(e instanceof ListChanged)) throw e;
        const { change } = e;
        if (restarts >= RESTARTS || (yielded && !options.onRestart)) {
          const again = restarts >= RESTARTS ? ", and again when read from the start" : "";
          throw new PaginationError(
            `The list changed while it was read${again}: ${describeChange(change)}; stopped so that no item is missed or read twice`,
            change,
          );
        }
        if (yielded) options.onRestart?.(change);
      }
    }
  }

  return {
    pages,
    async *[Symbol.asyncIterator]() {
      for await (const p of pages()) yield* p.data;
    },
  };
}

/**
 * Loads every item into an array, refusing to load more than `max` (a sheet of 50 000
 * employees should be streamed, not collected): with more than `max` items it stops fetching
 * and throws `CollectLimitError`. Exactly `max` items is fine. A list read with `paginate` that
 * changes while it is read is read again from the start (what was collected is dropped).
 */
export async function collectAll<T>(
  iterable: AsyncIterable<T> | PageIterator<T>,
  options: { max: number },
): Promise<T[]> {
  const { max } = options;
  if (!Number.isInteger(max) || max < 0) throw new RangeError("max must be an integer >= 0");
  const out: T[] = [];
  const add = (item: T) => {
    if (out.length >= max) throw new CollectLimitError(max);
    out.push(item);
  };
  if ("pages" in iterable) {
    for await (const page of iterable.pages({ onRestart: () => (out.length = 0) })) page.data.forEach(add);
  } else {
    for await (const item of iterable) add(item);
  }
  return out;
}
