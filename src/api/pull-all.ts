/** Reading a whole list with progress: what the directory pulls, registration and reconciliation share. */
import type { PageIterator } from "./pagination";
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
  const out: T[] = [];
  // A list that changed while it was read is read again from the start: drop what was kept.
  for await (const page of list.pages({ onRestart: () => (out.length = 0) })) {
    options.signal?.throwIfAborted();
    out.push(...page.data);
    const total = Math.max(page.total ?? out.length, out.length);
    progress(
      phase,
      out.length,
      total,
      page.total === undefined ? undefined : etaFrom(started, now(), out.length, total),
    );
  }
  return out;
}
