/**
 * What the client does when a change may or may not have been applied (document, "Endpoints"
 * rules 3 and 4; "Errors": 500, 502, 503, 504 "Read the resource state before repeating a
 * mutation"). Small free functions with explicit inputs; the resources wire them to their calls.
 *
 * - `readBeforeRepeat`: after a 5xx, 408, timeout or lost connection, read the resource; if the
 *   change is there, answer from the read; otherwise repeat (bounded by `maxRetries`).
 * - `missingItemChanges`, `valueIsSet`, `sameBenefit`, `depositDifferences`: what "the change is
 *   there" means for each change.
 * - `finalizeOnce`: finalize is never repeated; after an ambiguous failure or an unreadable 2xx
 *   it reads the distribution once and reports what it saw.
 */
import {
  ApiError,
  APIUserAbortError,
  AppliedUnreadableError,
  FinalizeOutcomeUnknownError,
  RedirectRefusedError,
} from "./errors";
import { isAmbiguousFailure } from "./retry";
import type {
  BenefitUpdate,
  Benefit,
  DepositResponse,
  Distribution,
  DistributionItem,
  FinalizeResult,
} from "./schemas";

/** The transport's waiting arithmetic, as the recovery loops need it. */
export interface RecoveryEdge {
  /** Wait before repeat number `retryIndex`; undefined for a `Retry-After` above the cap. */
  delayAfter(err: unknown, retryIndex: number): number | undefined;
  backoff(retryIndex: number): number;
  pause(ms: number, signal: AbortSignal | undefined): Promise<void>;
  maxRetries: number;
}

export interface ReadBeforeRepeat<T> {
  /** Sends the change (again). */
  send: () => Promise<T>;
  /**
   * Reads the resource: the answer when the change is already there, undefined to repeat it.
   * A failed read (an `ApiError`) ends the attempts; anything else it throws (a verdict such as
   * `DepositMismatchError`) is thrown as is.
   */
  check: () => Promise<T | undefined>;
  signal?: AbortSignal | undefined;
  /**
   * The error to throw when giving up after the change may have been applied (an ambiguous
   * failure, an abort once sent, or an unreadable 2xx). Without it: the change's own failure (an
   * abort during the pause or the read wins), or the `AppliedUnreadableError`.
   */
  outcomeUnknown?: ((u: { failure: ApiError; cause: unknown; readError?: unknown }) => Error) | undefined;
}

/** Rule 4 for one change: send; after an ambiguous failure read before repeating. */
export async function readBeforeRepeat<T>(edge: RecoveryEdge, step: ReadBeforeRepeat<T>): Promise<T> {
  // The last failure after which the server may have applied the change.
  let failure: ApiError | undefined;
  const giveUp = (cause: unknown, readError?: unknown): unknown => {
    if (step.outcomeUnknown && failure) return step.outcomeUnknown({ failure, cause, readError });
    return readError instanceof APIUserAbortError ? readError : cause;
  };
  for (let retryIndex = 0; ; retryIndex++) {
    const abortedBeforeSending = step.signal?.aborted === true;
    try {
      return await step.send();
    } catch (err) {
      // Not an HTTP outcome (a refused identifier, a mismatching deposit): thrown as is.
      if (!(err instanceof ApiError)) throw err;
      // An abort once the change may be on its way leaves it as unknown as a timeout does; the
      // caller chose to stop, so it is not repeated.
      if (err instanceof APIUserAbortError) {
        if (!abortedBeforeSending) failure = err;
        throw giveUp(err);
      }
      // A 2xx was an answer: applied. Nothing to repeat, whatever the body said. A redirect is
      // not followed, and may come after the change was handled (303): not repeated either.
      if (err instanceof AppliedUnreadableError || err instanceof RedirectRefusedError) {
        failure = err;
        throw giveUp(err);
      }
      // A clean refusal (4xx, 429 given up) is thrown as is, unless an earlier failure left the
      // first attempt's outcome unknown.
      if (!isAmbiguousFailure(err)) throw giveUp(err);
      failure = err;
      const delay = edge.delayAfter(err, retryIndex);
      if (delay === undefined) throw giveUp(err); // Retry-After above the cap: never wait less
      try {
        await edge.pause(delay, step.signal);
        const done = await step.check();
        if (done !== undefined) return done;
      } catch (readErr) {
        if (!(readErr instanceof ApiError)) throw readErr;
        throw giveUp(err, readErr);
      }
      if (retryIndex >= edge.maxRetries) throw giveUp(err);
    }
  }
}

/** The ids of `sent` whose change the draft's items do not show yet. */
export function missingItemChanges(
  kind: "add" | "remove",
  sent: readonly string[],
  present: ReadonlySet<string>,
): string[] {
  return sent.filter((id) => (kind === "add" ? !present.has(id) : present.has(id)));
}

/**
 * True when the items show `value` for `product_id`: on every item, or on `employeeId`'s only.
 * A product absent from an item's values counts as 0 (an item carries "values per product").
 */
export function valueIsSet(
  items: readonly DistributionItem[],
  target: { product_id: string; value: number; employeeId?: string | undefined },
): boolean {
  const valueOf = (item: DistributionItem) =>
    item.values.find((v) => v.product_id === target.product_id)?.value ?? 0;
  if (target.employeeId === undefined) return items.every((i) => valueOf(i) === target.value);
  const item = items.find((i) => i.employee_id === target.employeeId);
  return item !== undefined && valueOf(item) === target.value;
}

/** True when the benefit read shows what the update sent (fields the server omits are not judged). */
export function sameBenefit(found: Benefit, sent: BenefitUpdate): boolean {
  if (found.name !== sent.name) return false;
  if (found.description !== undefined && found.description !== (sent.description ?? "")) return false;
  if (found.items === undefined) return true;
  const key = (i: { product_id: string; monthly_amount: number }) =>
    `${i.product_id}\u0000${i.monthly_amount}`;
  const foundKeys = found.items.map(key).sort();
  const sentKeys = sent.items.map(key).sort();
  return foundKeys.length === sentKeys.length && foundKeys.every((k, i) => k === sentKeys[i]);
}

/** Letters and digits only; a masked document (`***.222.333-**`) cannot be compared. */
const bareDocument = (value: string): string | undefined => {
  const bare = value.replace(/[.\-/\s]/g, "").toUpperCase();
  return /^[0-9A-Z]+$/.test(bare) ? bare : undefined;
};
const lastTwo = (d: string) => `…${d.slice(-2)}`;

/**
 * How the deposit the server answered or holds under `sent.transaction_id` differs from the one
 * sent: another `transaction_id`, amount or payer document. Fields the server does not echo are
 * not judged (the deposit record is "not shown beyond `transaction_id` and a payment state").
 * Documents are named by their last two characters only (personal data, "Authentication" 5).
 */
export function depositDifferences(
  sent: { transaction_id: string; amount: number; document: string },
  found: DepositResponse,
): string[] {
  const out: string[] = [];
  if (found.transaction_id !== sent.transaction_id)
    out.push(`transaction_id: sent ${sent.transaction_id}, answered ${found.transaction_id}`);
  if (found.amount !== undefined && found.amount !== sent.amount)
    out.push(`amount: sent ${sent.amount} cents, found ${found.amount} cents`);
  const foundDoc = found.document === undefined ? undefined : bareDocument(found.document);
  const sentDoc = bareDocument(sent.document);
  if (foundDoc !== undefined && sentDoc !== undefined && foundDoc !== sentDoc)
    out.push(`payer document: sent ${lastTwo(sentDoc)}, found ${lastTwo(foundDoc)}`);
  return out;
}

/**
 * Rule 3: finalize is sent once. When its outcome is unknown (5xx, 408, timeout, lost
 * connection, an abort once sent, a 2xx whose body cannot be read, or a redirect) the distribution is read
 * once (after a short pause when the server just failed) and `FinalizeOutcomeUnknownError`
 * carries what was seen; the caller decides. After an abort nothing is read.
 */
export async function finalizeOnce(
  edge: RecoveryEdge,
  step: {
    distributionId: string;
    send: () => Promise<FinalizeResult>;
    /** One read, not retried. */
    read: () => Promise<Distribution>;
    signal?: AbortSignal | undefined;
  },
): Promise<FinalizeResult> {
  const abortedBeforeSending = step.signal?.aborted === true;
  try {
    return await step.send();
  } catch (err) {
    if (err instanceof APIUserAbortError && !abortedBeforeSending)
      throw new FinalizeOutcomeUnknownError({ distributionId: step.distributionId, cause: err });
    // A refused redirect may follow a finalize the server handled (303): read, as after a 2xx.
    const applied = err instanceof AppliedUnreadableError || err instanceof RedirectRefusedError;
    if (!applied && !isAmbiguousFailure(err)) throw err;
    let distribution: Distribution | undefined;
    let readError: unknown;
    try {
      if (!applied) await edge.pause(edge.backoff(0), step.signal);
      distribution = await step.read();
    } catch (e) {
      readError = e;
    }
    throw new FinalizeOutcomeUnknownError({
      distributionId: step.distributionId,
      cause: err,
      distribution,
      readError,
    });
  }
}
