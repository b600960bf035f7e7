import { type PageIterator, itemsOfPages } from "./pagination";
import { CollectLimitError } from "./errors";

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
  if ("pages" in iterable) {
    return itemsOfPages(iterable, (_page, kept) => {
      if (kept.length > max) throw new CollectLimitError(max);
    });
  }
  const out: T[] = [];
  for await (const item of iterable) {
    if (out.length >= max) throw new CollectLimitError(max);
    out.push(item);
  }
  return out;
}
