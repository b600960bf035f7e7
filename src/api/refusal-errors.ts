/**
 * The client's own refusals, errors no HTTP status caused: an identifier that would change the route
 * it is put in, a poll that does not end, a list whose pages do not add up or that is too long to
 * load at once. Each is refused before or instead of another call (the HTTP errors are in ./errors.ts,
 * the ones that say money may have moved in ./outcome-errors.ts).
 */

import { ValePixError } from "./errors";

/**
 * An identifier that would change the route it is put in (empty, `.`, `..`, control characters):
 * refused before anything is sent, so `setEmployeeValue(d, ".")` can never reach "value for all".
 */
export class InvalidIdentifierError extends ValePixError {
  override name = "InvalidIdentifierError";
  readonly parameter: string;
  readonly value: string;
  constructor(parameter: string, value: string, why: string) {
    super(`Invalid ${parameter} ${JSON.stringify(value)}: ${why}; nothing was sent.`);
    this.parameter = parameter;
    this.value = value;
  }
}

/** `pollUntil` gave up: the resource did not reach the awaited state within `maxWaitMs`. */
export class PollTimeoutError extends ValePixError {
  override name = "PollTimeoutError";
  readonly elapsedMs: number;
  readonly attempts: number;
  readonly lastValue: unknown;
  constructor(init: {
    what: string;
    elapsedMs: number;
    attempts: number;
    lastValue: unknown;
    lastState?: string;
  }) {
    super(
      `Gave up waiting for ${init.what} after ${Math.round(init.elapsedMs)} ms and ${init.attempts} reads` +
        (init.lastState ? ` (last status "${init.lastState}")` : ""),
    );
    this.elapsedMs = init.elapsedMs;
    this.attempts = init.attempts;
    this.lastValue = init.lastValue;
  }
}

/**
 * What changed in a list while it was read: the page size (`limit`: the first page's
 * stated limit or item count, then another), the stated `total`, or the list `ended` (an empty
 * page) after `to` items while the first page stated a total of `from`. `page` is where it was seen.
 */
export interface PageChange {
  kind: "limit" | "total" | "ended";
  from: number;
  to: number;
  page: number;
}

/**
 * Iteration stopped because the pages did not add up: a server that ignores `page`, no end, or a
 * list that changed while it was read, again after one read from the start (`change` says what).
 */
export class PaginationError extends ValePixError {
  override name = "PaginationError";
  readonly change: PageChange | undefined;
  constructor(message: string, change?: PageChange) {
    super(message);
    this.change = change;
  }
}

/** `collectAll` found more than `max` items. */
export class CollectLimitError extends ValePixError {
  override name = "CollectLimitError";
  readonly max: number;
  constructor(max: number) {
    super(`More than ${max} items: refusing to load them all at once (raise max, or iterate instead)`);
    this.max = max;
  }
}
