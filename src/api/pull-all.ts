/** Reading a whole list with progress: what the directory pulls, registration and reconciliation share. */
import { type PageIterator, itemsOfPages } from "./pagination";
import { type OnProgress, etaFrom, progressReporter } from "./progress";
import type { Page } from "./schemas";

/**
 * Every item of a list, all pages, with progress by page: `total` when the page states it, and
 * then an ETA from the pace of the pages so far (none when the total is not stated: the end of
 * the list is not known before its last page).
 */
export async function pullAll<T>(
  list: PageIterator<T, Page<T>>,
  phase: string,
  options: { signal?: AbortSignal; onProgress?: OnProgress; now?: () => number } = {},
): Promise<T[]> {
  const now = options.now ?? Date.now;
  const progress = progressReporter(options.onProgress);
  const started = now();
  return itemsOfPages(list, (page, kept) => {
    options.signal?.throwIfAborted();
    const total = Math.max(page.total ?? kept.length, kept.length);
    progress(
      phase,
      kept.length,
      total,
      page.total === undefined ? undefined : etaFrom(started, now(), kept.length, total),
    );
  });
}
