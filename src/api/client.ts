/**
 * The typed client of the Benefit Funding and Distribution API (shared/seed/000_f665af9ba4d19739.txt).
 *
 *   const api = createClient({ baseUrl, getToken });
 *   const deposit = await api.deposits.create({ amount: 150_000, method: "PIX", name, document });
 *   await api.deposits.waitUntilFinal(deposit.transaction_id, { onProgress });
 *
 * One file per resource group under `resources/`; this file only builds the transport and puts
 * them together, and the client's type is derived from what it builds (`ValePixClient`).
 *
 * Which calls are repeated, and how (document, "Endpoints" rules 3 and 4; docs/architecture.md §2-§3):
 * - GETs are retried on 408, 429, 5xx, connection errors and timeouts, with `Retry-After` or
 *   capped exponential backoff with jitter.
 * - Every change (POST, PUT) is repeated on 429 only (the server refused without applying).
 *   After an ambiguous failure (5xx, 408, timeout, lost connection) the ones that can read their
 *   resource read it first and repeat only what is not there (`recovery.ts`): deposits (create,
 *   cancel), the draft's items (add, remove, values) and the benefit update. The others throw.
 * - A 2xx whose body cannot be read after a change is `AppliedUnreadableError` (applied, answer
 *   unreadable), never a plain failure; a deposit create then hands over its `transaction_id`
 *   (`DepositOutcomeUnknownError`).
 * - `distributions.finalize` is never repeated: when its outcome is unknown it reads the
 *   distribution once and throws `FinalizeOutcomeUnknownError` with what it saw.
 * - An aborted call is never retried.
 */
import { defaultSleep, type Sleep } from "./abort";
import { resolveRetryOptions, type RetryOptions } from "./retry";
import { normalizeBaseUrl } from "./routes";
import { balancesResource } from "./resources/balances";
import { benefitsResource } from "./resources/benefits";
import { contextOver } from "./resources/context";
import { depositsResource } from "./resources/deposits";
import { distributionItemsResource } from "./resources/distribution-items";
import { distributionsResource } from "./resources/distributions";
import { employeesResource } from "./resources/employees";
import { productsResource } from "./resources/products";
import { transactionsResource } from "./resources/transactions";
import { Transport } from "./transport";

export interface ClientOptions {
  /** `https://...`; plain http only on loopback (see `normalizeBaseUrl`). */
  baseUrl: string;
  /** The API token. Prefer `getToken` so it is read from the store at call time. */
  token?: string | undefined;
  /** Called before every attempt; wins over `token`. */
  getToken?: (() => string | Promise<string>) | undefined;
  fetch?: typeof fetch | undefined;
  /** Per attempt, until the whole body has arrived (default 30 000 ms). */
  timeoutMs?: number | undefined;
  retry?: RetryOptions | undefined;
  /** Injected for tests and benchmarks; must reject when `signal` aborts. */
  sleep?: Sleep | undefined;
  /** In [0, 1); jitter source. */
  random?: (() => number) | undefined;
  /** Milliseconds clock (durations, `Retry-After` dates, poll deadlines). */
  now?: (() => number) | undefined;
  /** Observability hooks; they never see headers or bodies, so never the token. */
  onRequest?: ((info: { method: string; url: string; attempt: number }) => void) | undefined;
  onResponse?:
    | ((info: { method: string; url: string; status: number; attempt: number; durationMs: number }) => void)
    | undefined;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export function createClient(options: ClientOptions) {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new RangeError("timeoutMs must be a positive number");
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== "function") throw new TypeError("No fetch available: pass options.fetch");

  const ctx = contextOver(
    new Transport({
      baseUrl,
      token: options.token,
      getToken: options.getToken,
      // Called unbound: some fetch implementations (the browser's) throw "Illegal invocation"
      // when called as a method of another object.
      fetch: (input, init) => fetchImpl(input, init),
      timeoutMs,
      retry: resolveRetryOptions(options.retry),
      sleep: options.sleep ?? defaultSleep,
      random: options.random ?? Math.random,
      now: options.now ?? Date.now,
      onRequest: options.onRequest,
      onResponse: options.onResponse,
    }),
  );
  const distributions = distributionsResource(ctx);

  return {
    baseUrl,
    employees: employeesResource(ctx),
    products: productsResource(ctx),
    benefits: benefitsResource(ctx),
    deposits: depositsResource(ctx),
    balances: balancesResource(ctx),
    transactions: transactionsResource(ctx),
    distributions: { ...distributions, ...distributionItemsResource(ctx, distributions.get) },
  };
}

/** The client, as `createClient` builds it (one definition: the implementation). */
export type ValePixClient = ReturnType<typeof createClient>;
