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
 * A list that changes under the reader: `page` and `limit` are offsets, so a page size
 * the server changes mid-iteration (100, then 30) repeats and skips items, and a deletion or an
 * insertion between two pages shifts every later item by one. Every page but the last must hold
 * exactly the first page's size (its stated `limit`, else its item count), state the same `limit`
 * and the same `total`, and an empty page must not come before the stated `total` is reached.
 * When one of these fails the list is read again from the start, once (a consumer that keeps
 * what it read is told to drop it: `onRestart`); if it fails again, `PaginationError` names what
 * changed. Never a silent cut or a duplicate.
 */
import { type PageChange, PaginationError } from "./errors";
import type { Page } from "./schemas";

/** 10 000 pages is ten million items at 1,000 a page: far beyond any account; beyond it, something is wrong. */
export const MAX_PAGES = 10_000;

/**
 * Iteration asks for pages of 1,000: the document names `limit` 10, 20 and 100 "in
 * use" and does not show the maximum, so we ask for more and use what the server answers. A
 * server that caps it serves fewer (the first page's stated `limit`, else its item count, is the
 * size every later page is checked against and the total is divided by); a server that refuses
 * it (400) is asked again at once with the largest documented value, 100. docs/api-assumptions.md.
 */
export const LARGE_PAGE_LIMIT = 1_000;

/** The largest `limit` the document names: what a server that refuses a larger one is asked for. */
const DOCUMENTED_PAGE_LIMIT = 100;

/**
 * Pages fetched at once after the first, when the first states the total (so every page's number
 * is known): each goes through the client's fetch, so a paced client (src/api/pacer.ts) still
 * spaces them at the learned rate.
 */
export const PARALLEL_PAGES = 4;

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

/** What one read of a list works from; `limit` is lowered once if the server refuses ours. */
interface ListRead<P> {
  fetchPage: FetchPage<P>;
  firstPage: number;
  /** The caller's limit, if it gave one. */
  asked: number | undefined;
  /** The limit asked for: the caller's, else a large page, lowered once if the server refuses it. */
  limit: number;
  parallel: number;
}

/** The first page; a 400 to our own large `limit` (not the caller's) is asked again at 100. */
async function readFirstPage<P>(read: ListRead<P>): Promise<P> {
  try {
    return await read.fetchPage({ page: read.firstPage, limit: read.limit });
  } catch (e) {
    const status = (e as { status?: unknown } | null)?.status;
    if (read.asked !== undefined || read.limit <= DOCUMENTED_PAGE_LIMIT || status !== 400) throw e;
    read.limit = DOCUMENTED_PAGE_LIMIT;
    return read.fetchPage({ page: read.firstPage, limit: read.limit });
  }
}

const ignoresPage = (page: number) =>
  new PaginationError(
    `Page ${page} starts with the same item as page ${page - 1}: the server seems to ignore "page"; stopped to avoid reading the same items again`,
  );
const tooManyPages = () =>
  new PaginationError(
    `Stopped after ${MAX_PAGES} pages without reaching the end of the list (a server that never ends it?)`,
  );

/** One read from the first page to the end; throws `ListChanged` when the pages do not agree. */
async function* readPass<T, P extends Page<T>>(read: ListRead<P>): AsyncGenerator<P, void, undefined> {
  const p1 = await readFirstPage(read);
  if (p1.total !== undefined && p1.data.length > 0 && read.parallel > 1)
    yield* parallelPass(read, p1, p1.total);
  else yield* sequentialPass(read, p1);
}

/**
 * The pages after the first fetched `parallel` at a time (the total tells how many there are),
 * checked and yielded in order.
 */
async function* parallelPass<T, P extends Page<T>>(
  read: ListRead<P>,
  p1: P,
  total: number,
): AsyncGenerator<P, void, undefined> {
  const { firstPage, parallel } = read;
  const statedLimit = p1.limit;
  const size = statedLimit ?? p1.data.length;
  const before = (firstPage - 1) * size;
  let seen = p1.data.length;
  // A first page shorter than the size it states, while the total says more remain.
  if (seen < size && before + seen < total)
    throw new ListChanged({ kind: "limit", from: size, to: seen, page: firstPage });
  const lastPage = firstPage + Math.max(0, Math.ceil((total - before) / size) - 1);
  if (lastPage - firstPage >= MAX_PAGES) throw tooManyPages();
  let previousFirst = JSON.stringify(p1.data[0]);
  yield p1;
  if (before + seen >= total) return;
  const queue: Promise<P>[] = [];
  let next = firstPage + 1;
  const launch = () => {
    const pending = read.fetchPage({ page: next++, limit: read.limit });
    // Settled here too, so that a page dropped after an error or a break is no unhandled rejection.
    pending.catch(() => undefined);
    queue.push(pending);
  };
  for (let page = firstPage + 1; page <= lastPage; page++) {
    while (next <= lastPage && queue.length < parallel) launch();
    const fetched = await queue.shift()!;
    const received = fetched.data.length;
    if (fetched.limit !== undefined && statedLimit !== undefined && fetched.limit !== statedLimit)
      throw new ListChanged({ kind: "limit", from: statedLimit, to: fetched.limit, page });
    if (fetched.total !== undefined && fetched.total !== total)
      throw new ListChanged({ kind: "total", from: total, to: fetched.total, page });
    if (received > size) throw new ListChanged({ kind: "limit", from: size, to: received, page });
    const expected = page < lastPage ? size : total - before - seen;
    if (received === 0 || (page === lastPage && received < expected))
      throw new ListChanged({
        kind: "ended",
        from: total,
        to: before + seen + received,
        page: received === 0 ? page : page + 1,
      });
    // A page short before the last: the server changed its page size.
    if (received < expected) throw new ListChanged({ kind: "limit", from: size, to: received, page });
    const firstItem = JSON.stringify(fetched.data[0]);
    if (firstItem === previousFirst) throw ignoresPage(page);
    previousFirst = firstItem;
    seen += received;
    yield fetched;
  }
}

/** What the first page of a sequential read stated, against which the next pages are checked. */
interface FirstStated {
  /** Its `limit`, if it stated one. */
  statedLimit: number | undefined;
  total: number | undefined;
  /** Its `limit`, else its item count. */
  size: number;
}

/** A page after the first that disagrees with it or with the page before it, as a `ListChanged`. */
function sequentialChange(
  stated: FirstStated,
  fetched: Page<unknown>,
  page: number,
  previousCount: number,
  itemsBefore: number,
): ListChanged | undefined {
  const { statedLimit, total, size } = stated;
  const received = fetched.data.length;
  if (fetched.limit !== undefined && statedLimit !== undefined && fetched.limit !== statedLimit)
    return new ListChanged({ kind: "limit", from: statedLimit, to: fetched.limit, page });
  if (fetched.total !== undefined && total !== undefined && fetched.total !== total)
    return new ListChanged({ kind: "total", from: total, to: fetched.total, page });
  // The page before this one was not the last: it had to be full.
  if (received > 0 && previousCount !== size)
    return new ListChanged({ kind: "limit", from: size, to: previousCount, page: page - 1 });
  if (received > size) return new ListChanged({ kind: "limit", from: size, to: received, page });
  if (received === 0 && total !== undefined && itemsBefore < total)
    return new ListChanged({ kind: "ended", from: total, to: itemsBefore, page });
  return undefined;
}

/** One page after the other (no total: the end is known only when a page says so). */
async function* sequentialPass<T, P extends Page<T>>(
  read: ListRead<P>,
  p1: P,
): AsyncGenerator<P, void, undefined> {
  const { firstPage } = read;
  let seen = 0;
  let previousFirst: string | undefined;
  const stated: FirstStated = { statedLimit: p1.limit, total: p1.total, size: p1.limit ?? p1.data.length };
  let previousCount = 0;
  for (let page = firstPage; ; page++) {
    if (page - firstPage >= MAX_PAGES) throw tooManyPages();
    const fetched = page === firstPage ? p1 : await read.fetchPage({ page, limit: read.limit });
    const received = fetched.data.length;
    if (page !== firstPage) {
      const change = sequentialChange(
        stated,
        fetched,
        page,
        previousCount,
        (firstPage - 1) * stated.size + seen,
      );
      if (change) throw change;
    }
    // An empty first page is still yielded: it carries `total` (0) and, for items, the totals.
    if (received === 0) {
      if (page === firstPage) yield fetched;
      return;
    }
    const first = JSON.stringify(fetched.data[0]);
    if (first === previousFirst) throw ignoresPage(page);
    previousFirst = first;
    previousCount = received;
    yield fetched;
    seen += received;
    // A server may serve fewer than asked (a lower maximum): trust the limit it states; when it
    // states none, a page is surely the last only below the smallest documented limit.
    if (stated.total !== undefined) {
      // Items before the first page asked, plus those seen since.
      if ((firstPage - 1) * stated.size + seen >= stated.total) return;
    } else if (received < (fetched.limit ?? Math.min(read.limit, SMALLEST_DOCUMENTED_LIMIT))) return;
  }
}

/** Every page, read again from the start once if the list changed while it was read. */
async function* readPages<T, P extends Page<T>>(
  read: ListRead<P>,
  options: PagesOptions = {},
): AsyncGenerator<P, void, undefined> {
  for (let restarts = 0; ; restarts++) {
    let yielded = false;
    try {
      for await (const fetched of readPass<T, P>(read)) {
        yielded = true;
        yield fetched;
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

/**
 * Builds a lazy iterator: nothing is fetched until iteration starts, and breaking out of a
 * `for await` stops fetching (pages already asked for, at most `PARALLEL_PAGES`, are dropped).
 *
 * When the first page states a `total`, the pages after it are known and fetched
 * `PARALLEL_PAGES` at a time, yielded in order, each held to the same checks as one read after
 * the other (its stated limit and total, every page but the last full, the last holding what the
 * total leaves, no page starting as the one before). Without a total, one page after the other.
 */
export function paginate<T, P extends Page<T> = Page<T>>(
  fetchPage: FetchPage<P>,
  start: { page?: number | undefined; limit?: number | undefined } = {},
  options: { parallel?: number } = {},
): PageIterator<T, P> {
  const firstPage = start.page ?? 1;
  const asked = start.limit;
  const parallel = options.parallel ?? PARALLEL_PAGES;
  if (!Number.isInteger(firstPage) || firstPage < 1) throw new RangeError("page must be an integer >= 1");
  if (asked !== undefined && (!Number.isInteger(asked) || asked < 1))
    throw new RangeError("limit must be an integer >= 1");
  if (!Number.isInteger(parallel) || parallel < 1) throw new RangeError("parallel must be an integer >= 1");
  const read: ListRead<P> = { fetchPage, firstPage, asked, limit: asked ?? LARGE_PAGE_LIMIT, parallel };
  const pages = (o?: PagesOptions) => readPages<T, P>(read, o);
  return {
    pages,
    async *[Symbol.asyncIterator]() {
      for await (const fetched of pages()) yield* fetched.data;
    },
  };
}

/**
 * Every item of a list's pages in one array, each page told to `onPage` once its items are kept;
 * a list read again from its start (it changed while it was read) drops what was kept.
 */
export async function itemsOfPages<T, P extends Page<T>>(
  list: PageIterator<T, P>,
  onPage: (page: P, kept: readonly T[]) => void = () => undefined,
): Promise<T[]> {
  const kept: T[] = [];
  for await (const page of list.pages({ onRestart: () => (kept.length = 0) })) {
    kept.push(...page.data);
    onPage(page, kept);
  }
  return kept;
}
