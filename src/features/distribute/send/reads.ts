/**
 * Reads a workflow reuses: validate → send → finalize within minutes reads the
 * directory once, and finalize's check takes the draft's items the review read, unless something
 * says they changed. Under a rate limit a read waits its turn as a change does, so reading the
 * directory and the draft again costs a month as much as the calls that pay (bench/README.md).
 *
 * - The directory (employees and products) is the workflow's `DirectoryCache` (./directory.ts),
 *   kept per connection while the workflow uses it, for `maxAgeMs` (10 minutes) unused.
 * - The draft's items are kept from the review that read them, for finalize's check of the same
 *   draft within `maxAgeMs`, and only when nothing this add-in did may still change them: a send
 *   to the draft that failed (a call given up on may land later, as a "value for all" that
 *   overwrites per-employee values) makes the draft's items never reused again; a send or a
 *   finalize of it forgets them. Finalize still reads the distribution (one call) and refuses
 *   totals that differ from the review (`ReviewMismatchError`, ../finalize/finalize-draft.ts).
 */
import { DirectoryCache } from "./directory";
import type { DraftItems } from "./review";

/** How long a read stays kept unused: a month's steps follow each other within minutes. */
export const READS_MAX_AGE_MS = 10 * 60_000;

export interface WorkflowReadsOptions {
  maxAgeMs?: number;
  now?: () => number;
}

export class WorkflowReads {
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  /** The employee directory, for every step of the workflow. */
  readonly directory: DirectoryCache;
  private readonly drafts = new Map<string, { at: number; items: DraftItems }>();
  /** Drafts a failed send touched: their items are always read again. */
  private readonly uncertain = new Set<string>();

  constructor(options: WorkflowReadsOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? READS_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
    this.directory = new DirectoryCache({ maxAgeMs: this.maxAgeMs, now: this.now });
  }

  /** The items a review just read of `distributionId`, for finalize's check. */
  keepDraft(distributionId: string, items: DraftItems): void {
    if (this.uncertain.has(distributionId)) return;
    this.drafts.set(distributionId, { at: this.now(), items });
  }

  /** The items the review read, when they may be reused (young enough, nothing changed them). */
  draft(distributionId: string): DraftItems | undefined {
    const kept = this.drafts.get(distributionId);
    if (!kept || this.uncertain.has(distributionId)) return undefined;
    if (this.now() - kept.at >= this.maxAgeMs) {
      this.drafts.delete(distributionId);
      return undefined;
    }
    return kept.items;
  }

  /** A send or a finalize of the draft starts: what was kept of it no longer holds. */
  forgetDraft(distributionId: string): void {
    this.drafts.delete(distributionId);
  }

  /** A send to the draft failed: a call it gave up on may still land, so its items are always read. */
  draftUncertain(distributionId: string): void {
    this.drafts.delete(distributionId);
    this.uncertain.add(distributionId);
  }
}
