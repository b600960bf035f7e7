/**
 * Iteration over the API's pages ("Lists take `page` and `limit` query parameters"; "starting at
 * page 1"), in the style of openai-node and octokit:
 *
 *   for await (const e of client.employees.list({ situation: "active" })) { ... }
 *   for await (const page of client.employees.list().pages()) { ... }
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
 */
import { CollectLimitError, PaginationError } from "./errors";
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

export interface PageIterator<T, P extends Page<T> = Page<T>> extends AsyncIterable<T> {
  /** The pages themselves (with `total` and, for items, the distribution totals). */
  pages(): AsyncIterable<P>;
}

export type FetchPage<P> = (query: { page: number; limit: number }) => Promise<P>;

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

  async function* pages(): AsyncGenerator<P, void, undefined> {
    let seen = 0;
    let previousFirst: string | undefined;
    for (let page = firstPage; ; page++) {
      if (page - firstPage >= MAX_PAGES) {
        throw new PaginationError(
          `Stopped after ${MAX_PAGES} pages without reaching the end of the list (a server that never ends it?)`,
        );
      }
      const p = await fetchPage({ page, limit });
      const n = p.data.length;
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
      yield p;
      seen += n;
      // A server may serve fewer than asked (a lower maximum): trust the limit it states; when it
      // states none, a page is surely the last only below the smallest documented limit.
      const served = p.limit ?? limit;
      if (p.total !== undefined) {
        // Items before the first page asked, plus those seen since.
        if ((firstPage - 1) * served + seen >= p.total) return;
      } else if (n < (p.limit ?? Math.min(limit, SMALLEST_DOCUMENTED_LIMIT))) return;
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
 * and throws `CollectLimitError`. Exactly `max` items is fine.
 */
export async function collectAll<T>(iterable: AsyncIterable<T>, options: { max: number }): Promise<T[]> {
  const { max } = options;
  if (!Number.isInteger(max) || max < 0) throw new RangeError("max must be an integer >= 0");
  const out: T[] = [];
  for await (const item of iterable) {
    if (out.length >= max) throw new CollectLimitError(max);
    out.push(item);
  }
  return out;
}
