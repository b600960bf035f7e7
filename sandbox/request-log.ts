/**
 * What the sandbox served, in order: for tests and benchmarks that count API calls on the
 * server ("an edit after a first send converges with exactly the planned calls"), where a
 * client-side count would miss what a retry or a proxy did.
 *
 * Kept in memory only, bounded (the oldest entries go first), and resettable. An entry holds
 * no token, no header, no body and no query string; a path segment shaped like a CPF, a CNPJ,
 * a phone number or an e-mail is masked (personal data is masked in operational logs, API document
 * "Authentication" §5), although the API's own paths carry only opaque ids.
 */

export interface ServedRequest {
  /** 1-based position among the answers sent since the server started (not reset by `reset`). */
  seq: number;
  method: string;
  /** The matched route pattern (`/api/v1/valepix/distributions/:distribution_id`), or null when none matched. */
  route: string | null;
  /** The operation of the route table (`setEmployeeValue`), or null outside the API routes. */
  operation: string | null;
  /** The path without the query string, personal-data-like segments masked. */
  path: string;
  /** The status sent (an injected `after` fault shows as its 500). */
  status: number;
  /** The company of a valid token, or null when the request was not authenticated. */
  company: string | null;
}

/** Every given field must match; `route` and `operation` also take a RegExp. */
export interface RequestFilter {
  method?: string;
  route?: string | RegExp;
  operation?: string | RegExp;
  company?: string;
  status?: number;
}

export interface RequestLog {
  /** At most this many entries are kept (0 = the log is off). */
  readonly limit: number;
  /** Entries pushed out by the limit since the last reset. */
  readonly dropped: number;
  /** The kept entries (the last `limit` served since the last reset), oldest first, filtered. */
  list(filter?: RequestFilter): ServedRequest[];
  /**
   * How many served requests match, since the last reset. Throws when entries were dropped
   * (a count over a cut list would be wrong in silence): raise the limit or reset sooner.
   */
  count(filter?: RequestFilter): number;
  /** Forgets every entry (and the dropped count). */
  reset(): void;
}

export const DEFAULT_REQUEST_LOG_LIMIT = 100_000;

const CPF_OR_CNPJ = /^(?:\d[\d.\-/]{9,17}\d)$/;
/** A phone number as people type it: +55 (11) 98765-4321, 11987654321, 0800 123 4567. */
const PHONE = /^\+?[\d\s().-]{8,20}$/;
const DIGITS = /\d/g;

function maskSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return segment;
  }
  if (decoded.includes("@")) return "[email]";
  if (CPF_OR_CNPJ.test(decoded)) {
    const digits = decoded.match(DIGITS)?.length ?? 0;
    if (digits === 11 || digits === 14) return "[document]";
  }
  if (PHONE.test(decoded)) {
    const digits = decoded.match(DIGITS)?.length ?? 0;
    if (digits >= 8 && digits <= 13) return "[phone]";
  }
  return segment;
}

/** The path of a URL without its query, each segment that looks like personal data masked. */
export function safePath(url: string): string {
  const path = url.split("?", 1)[0] ?? "";
  return path.split("/").map(maskSegment).join("/");
}

const matches = (want: string | RegExp | undefined, got: string | null) =>
  want === undefined || (typeof want === "string" ? want === got : got !== null && want.test(got));

function selects(filter: RequestFilter | undefined, e: ServedRequest): boolean {
  if (!filter) return true;
  return (
    (filter.method === undefined || filter.method === e.method) &&
    matches(filter.route, e.route) &&
    matches(filter.operation, e.operation) &&
    (filter.company === undefined || filter.company === e.company) &&
    (filter.status === undefined || filter.status === e.status)
  );
}

/** The server's side of the log: `record` is called once per answer, as it is sent. */
export class MemoryRequestLog implements RequestLog {
  private entries: ServedRequest[] = [];
  private head = 0;
  private seq = 0;
  private droppedSinceReset = 0;

  constructor(readonly limit: number = DEFAULT_REQUEST_LOG_LIMIT) {
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`Invalid request log limit ${limit}`);
  }

  get dropped(): number {
    return this.droppedSinceReset;
  }

  record(entry: Omit<ServedRequest, "seq">): void {
    this.seq += 1;
    if (this.limit === 0) {
      this.droppedSinceReset += 1;
      return;
    }
    this.entries.push({ seq: this.seq, ...entry });
    if (this.entries.length - this.head > this.limit) {
      this.head += 1;
      this.droppedSinceReset += 1;
      // Compact now and then, so the array does not grow without bound.
      if (this.head >= this.limit) {
        this.entries = this.entries.slice(this.head);
        this.head = 0;
      }
    }
  }

  list(filter?: RequestFilter): ServedRequest[] {
    const out: ServedRequest[] = [];
    for (let i = this.head; i < this.entries.length; i++) {
      const e = this.entries[i]!;
      if (selects(filter, e)) out.push({ ...e });
    }
    return out;
  }

  count(filter?: RequestFilter): number {
    if (this.droppedSinceReset > 0) {
      throw new Error(
        `The sandbox request log dropped ${this.droppedSinceReset} entries (limit ${this.limit}); ` +
          "raise requestLogLimit or reset the log sooner to count exactly.",
      );
    }
    let n = 0;
    for (let i = this.head; i < this.entries.length; i++) if (selects(filter, this.entries[i]!)) n += 1;
    return n;
  }

  reset(): void {
    this.entries = [];
    this.head = 0;
    this.droppedSinceReset = 0;
  }
}
