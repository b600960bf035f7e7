import type { PageIterator } from "./pagination";
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
