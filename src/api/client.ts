/**
 * The typed client of the Benefit Funding and Distribution API (shared/seed/000_f665af9ba4d19739.txt).
 *
 *   const api = createClient({ baseUrl, getToken });
 *   const deposit = await api.deposits.create({ amount: 150_000, method: "PIX", name, document });
 *   await api.deposits.waitUntilFinal(deposit.transaction_id, { onProgress });
 *
 * Which calls are repeated, and how (document, "Endpoints" rules 3 and 4; DESIGN §2-§3):
 * - GETs and the PUTs that set a value are idempotent: retried on 408, 429, 5xx, connection
 *   errors and timeouts, with `Retry-After` or capped exponential backoff with jitter.
 * - POSTs are retried on 429 only (the server refused without applying). After an ambiguous
 *   failure (5xx, 408, timeout, connection error) the ones that carry a checkable identity read
 *   the resource first: `deposits.create` (client-generated `transaction_id`), `deposits.cancel`,
 *   `distributions.addItems` and `removeItems` (the draft's items). The others throw. When
 *   `deposits.create` gives up after one (or after an abort once the POST was sent) with an id it
 *   generated, it throws `DepositOutcomeUnknownError` carrying that `transactionId`.
 * - `distributions.finalize` is never repeated: after an ambiguous failure it reads the
 *   distribution once and throws `FinalizeOutcomeUnknownError` with what it saw.
 * - An aborted call is never retried.
 */
import type { z } from "zod";
import {
  APIUserAbortError,
  type ApiError,
  DepositOutcomeUnknownError,
  FinalizeOutcomeUnknownError,
  NotFoundError,
} from "./errors";
import { paginate, type PageIterator } from "./pagination";
import { pollUntil, type WaitOptions } from "./polling";
import { isAmbiguousFailure, resolveRetryOptions, type RetryOptions } from "./retry";
import { normalizeBaseUrl, paths } from "./routes";
import {
  Balance,
  Benefit,
  type BenefitCreate,
  BenefitCreated,
  BenefitPage,
  type BenefitUpdate,
  Deposit,
  type DepositCreate,
  Distribution,
  type DistributionCreate,
  DistributionItemPage,
  type DistributionItem,
  DistributionTotals,
  Employee,
  EMPLOYEE_BATCH_FIELD,
  EmployeeBatchResult,
  type EmployeeCreate,
  EmployeePage,
  FinalizeResult,
  type FinalizeBody,
  isFinalDepositStatus,
  MAX_EMPLOYEE_IDS_PER_CALL,
  type Page,
  type Product,
  ProductPage,
  type SetEmployeeValue,
  type SetValueForAll,
  Situation,
  SituationList,
  type Transaction,
  TransactionPage,
  type TRANSACTION_TYPES,
} from "./schemas";
import { defaultSleep, type HttpMethod, type RetryPolicy, Transport } from "./transport";

// ---------------------------------------------------------------------------------------------
// Options and parameter types

export interface ClientOptions {
  /** `https://...`; plain http only on loopback (see `normalizeBaseUrl`). */
  baseUrl: string;
  /** The API token. Prefer `getToken` so it is read from the store at call time. */
  token?: string;
  /** Called before every attempt; wins over `token`. */
  getToken?: () => string | Promise<string>;
  fetch?: typeof fetch;
  /** Per attempt, until the whole body has arrived (default 30 000 ms). */
  timeoutMs?: number;
  retry?: RetryOptions;
  /** Injected for tests and benchmarks; must reject when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** In [0, 1); jitter source. */
  random?: () => number;
  /** Milliseconds clock (durations, `Retry-After` dates, poll deadlines). */
  now?: () => number;
  /** Observability hooks; they never see headers or bodies, so never the token. */
  onRequest?: (info: { method: string; url: string; attempt: number }) => void;
  onResponse?: (info: {
    method: string;
    url: string;
    status: number;
    attempt: number;
    durationMs: number;
  }) => void;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface ListParams {
  limit?: number;
  page?: number;
}
export interface EmployeeListParams extends ListParams {
  situation?: string;
}
export interface TransactionListParams extends ListParams {
  type?: (typeof TRANSACTION_TYPES)[number];
}

/** `transaction_id` is optional: the client generates one so that a retry is checkable. */
export type DepositCreateInput = Omit<DepositCreate, "transaction_id"> & { transaction_id?: string };

export type DepositWaitOptions = WaitOptions<Deposit>;
export type DistributionWaitOptions = WaitOptions<Distribution>;

export const DEFAULT_TIMEOUT_MS = 30_000;
/** A PIX charge is paid by a person: give them time (expiry of a charge: not shown). */
export const DEPOSIT_WAIT_DEFAULTS = {
  maxWaitMs: 15 * 60_000,
  initialIntervalMs: 2_000,
  maxIntervalMs: 15_000,
};
export const DISTRIBUTION_WAIT_DEFAULTS = {
  maxWaitMs: 10 * 60_000,
  initialIntervalMs: 1_000,
  maxIntervalMs: 10_000,
};

// ---------------------------------------------------------------------------------------------
// The client's shape

export interface ValePixClient {
  readonly baseUrl: string;
  employees: {
    list(query?: EmployeeListParams, opts?: RequestOptions): PageIterator<Employee>;
    listPage(query?: EmployeeListParams, opts?: RequestOptions): Promise<Page<Employee>>;
    create(body: EmployeeCreate, opts?: RequestOptions): Promise<Employee>;
    situations(opts?: RequestOptions): Promise<Situation[]>;
    uploadBatch(file: Blob, filename: string, opts?: RequestOptions): Promise<EmployeeBatchResult>;
  };
  products: {
    list(query?: ListParams, opts?: RequestOptions): PageIterator<Product>;
    listPage(query?: ListParams, opts?: RequestOptions): Promise<Page<Product>>;
  };
  benefits: {
    create(body: BenefitCreate, opts?: RequestOptions): Promise<BenefitCreated>;
    list(query?: ListParams, opts?: RequestOptions): PageIterator<Benefit>;
    listPage(query?: ListParams, opts?: RequestOptions): Promise<Page<Benefit>>;
    update(benefitId: string, body: BenefitUpdate, opts?: RequestOptions): Promise<Benefit>;
  };
  deposits: {
    create(body: DepositCreateInput, opts?: RequestOptions): Promise<Deposit>;
    get(transactionId: string, opts?: RequestOptions): Promise<Deposit>;
    cancel(transactionId: string, opts?: RequestOptions): Promise<Deposit>;
    waitUntilFinal(transactionId: string, opts?: DepositWaitOptions): Promise<Deposit>;
  };
  balances: {
    get(opts?: RequestOptions): Promise<Balance>;
  };
  transactions: {
    list(query?: TransactionListParams, opts?: RequestOptions): PageIterator<Transaction>;
    listPage(query?: TransactionListParams, opts?: RequestOptions): Promise<Page<Transaction>>;
  };
  distributions: {
    create(body: DistributionCreate, opts?: RequestOptions): Promise<Distribution>;
    get(distributionId: string, opts?: RequestOptions): Promise<Distribution>;
    addItems(
      distributionId: string,
      employeeIds: string[],
      opts?: RequestOptions,
    ): Promise<DistributionTotals>;
    removeItems(
      distributionId: string,
      employeeIds: string[],
      opts?: RequestOptions,
    ): Promise<DistributionTotals>;
    setValueForAll(
      distributionId: string,
      body: SetValueForAll,
      opts?: RequestOptions,
    ): Promise<DistributionTotals>;
    setEmployeeValue(
      distributionId: string,
      employeeId: string,
      body: SetEmployeeValue,
      opts?: RequestOptions,
    ): Promise<DistributionTotals>;
    listItems(
      distributionId: string,
      query?: ListParams,
      opts?: RequestOptions,
    ): PageIterator<DistributionItem, DistributionItemPage>;
    listItemsPage(
      distributionId: string,
      query?: ListParams,
      opts?: RequestOptions,
    ): Promise<DistributionItemPage>;
    finalize(distributionId: string, body: FinalizeBody, opts?: RequestOptions): Promise<FinalizeResult>;
    waitWhileProcessing(distributionId: string, opts?: DistributionWaitOptions): Promise<Distribution>;
  };
}

/** Situations: `{ data: [...] }` (our choice), a bare array accepted too. */
const SituationsResponse = SituationList.or(Situation.array().transform((data) => ({ data })));

const totalsOf = (d: Distribution): DistributionTotals => ({
  distribution_id: d.distribution_id,
  status: d.status,
  total_employees: d.total_employees,
  total_amount: d.total_amount,
});

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function newUuid(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (typeof c?.randomUUID !== "function") {
    throw new TypeError(
      "crypto.randomUUID is not available (it needs a secure https context); pass transaction_id yourself",
    );
  }
  return c.randomUUID();
}

// ---------------------------------------------------------------------------------------------

export function createClient(options: ClientOptions): ValePixClient {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new RangeError("timeoutMs must be a positive number");
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== "function") throw new TypeError("No fetch available: pass options.fetch");
  const retry = resolveRetryOptions(options.retry);
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;

  const t = new Transport({
    baseUrl,
    token: options.token,
    getToken: options.getToken,
    // Called unbound: some fetch implementations (the browser's) throw "Illegal invocation"
    // when called as a method of another object.
    fetch: (input, init) => fetchImpl(input, init),
    timeoutMs,
    retry,
    sleep,
    random: options.random ?? Math.random,
    now,
    onRequest: options.onRequest,
    onResponse: options.onResponse,
  });

  const call = <S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    schema: S,
    policy: RetryPolicy,
    opts: RequestOptions | undefined,
    extra: {
      json?: unknown;
      query?: Record<string, string | number | undefined>;
      form?: () => FormData;
    } = {},
  ): Promise<z.output<S>> =>
    t.request({ method, path, schema, retry: policy, signal: opts?.signal, ...extra });

  const get = <S extends z.ZodType>(
    path: string,
    schema: S,
    opts?: RequestOptions,
    query?: Record<string, string | number | undefined>,
  ) => call("GET", path, schema, "idempotent", opts, { query });

  /** Fails with the error a read raised, unless it is an abort (then the abort wins). */
  const rethrowAbort = (e: unknown) => {
    if (e instanceof APIUserAbortError) throw e;
  };

  // -------------------------------------------------------------------------------------------
  // Distributions: item mutations with read-before-repeat (rule 4)

  const getDistribution = (id: string, opts?: RequestOptions) =>
    get(paths.distribution(id), Distribution, opts);

  const listItemsPage = (id: string, query: ListParams = {}, opts?: RequestOptions) =>
    get(paths.items(id), DistributionItemPage, opts, { page: query.page, limit: query.limit });

  const listItems = (id: string, query: ListParams = {}, opts?: RequestOptions) =>
    paginate<DistributionItem, DistributionItemPage>((q) => listItemsPage(id, q, opts), query);

  async function draftEmployeeIds(id: string, opts?: RequestOptions): Promise<Set<string>> {
    const present = new Set<string>();
    for await (const item of listItems(id, {}, opts)) present.add(item.employee_id);
    return present;
  }

  /**
   * POSTs one chunk of `employee_ids` to add or remove. After an ambiguous failure it reads the
   * draft's items (all pages) and re-sends only the ids whose change is not visible yet; if none
   * remain it answers the distribution's current totals. Bounded by `retry.maxRetries`.
   */
  async function mutateItems(
    id: string,
    ids: string[],
    kind: "add" | "remove",
    opts: RequestOptions | undefined,
  ): Promise<DistributionTotals> {
    const path = kind === "add" ? paths.items(id) : paths.itemsRemove(id);
    let pending = ids;
    for (let retryIndex = 0; ; retryIndex++) {
      try {
        return await call("POST", path, DistributionTotals, "rateLimitOnly", opts, {
          json: { employee_ids: pending },
        });
      } catch (err) {
        if (!isAmbiguousFailure(err)) throw err;
        // A Retry-After above the cap is thrown, as the transport does: never wait less than asked.
        const delay = t.delayAfter(err, retryIndex);
        if (delay === undefined) throw err;
        let present: Set<string>;
        try {
          await t.pause(delay, opts?.signal);
          present = await draftEmployeeIds(id, opts);
        } catch (readErr) {
          rethrowAbort(readErr);
          throw err; // the state is unknown: report the failure of the change itself
        }
        pending = pending.filter((e) => (kind === "add" ? !present.has(e) : present.has(e)));
        if (pending.length === 0) return totalsOf(await getDistribution(id, opts));
        if (retryIndex >= retry.maxRetries) throw err;
      }
    }
  }

  async function changeItems(
    id: string,
    employeeIds: string[],
    kind: "add" | "remove",
    opts?: RequestOptions,
  ) {
    // Duplicates are dropped: one employee is one item, and it spares calls.
    const unique = [...new Set(employeeIds)];
    if (unique.length === 0) return totalsOf(await getDistribution(id, opts));
    let last: DistributionTotals | undefined;
    for (const part of chunk(unique, MAX_EMPLOYEE_IDS_PER_CALL))
      last = await mutateItems(id, part, kind, opts);
    return last as DistributionTotals;
  }

  async function finalize(id: string, body: FinalizeBody, opts?: RequestOptions): Promise<FinalizeResult> {
    const abortedBeforeSending = opts?.signal?.aborted === true;
    try {
      return await call("POST", paths.finalize(id), FinalizeResult, "never", opts, { json: body });
    } catch (err) {
      // An abort once the POST may be on its way does not undo it: the outcome is as unknown as
      // after a timeout. Nothing is read (the caller asked to stop).
      if (err instanceof APIUserAbortError && !abortedBeforeSending)
        throw new FinalizeOutcomeUnknownError({ distributionId: id, cause: err });
      if (!isAmbiguousFailure(err)) throw err;
      // Rule 3: never repeated; read the distribution once (after a short pause, since the
      // server just failed) and let the caller decide. An abort here is carried as readError.
      let distribution: Distribution | undefined;
      let readError: unknown;
      try {
        await t.pause(t.backoff(0), opts?.signal);
        distribution = await call("GET", paths.distribution(id), Distribution, "never", opts);
      } catch (e) {
        readError = e;
      }
      throw new FinalizeOutcomeUnknownError({ distributionId: id, cause: err, distribution, readError });
    }
  }

  // -------------------------------------------------------------------------------------------
  // Deposits: the client-generated transaction_id makes a repeat checkable

  const getDeposit = (transactionId: string, opts?: RequestOptions) =>
    get(paths.deposit(transactionId), Deposit, opts);

  /**
   * Runs `send`; after an ambiguous failure reads the deposit: `settled(deposit)` → return it,
   * 404 or not settled → repeat (bounded).
   *
   * Giving up after an ambiguous failure (repeats exhausted, a failed read, a Retry-After above
   * the cap, an abort, a refusal of the repeat): with `outcomeUnknown`, its error; without, the
   * POST's failure (an abort during the pause or read wins), or the refusal of the repeat.
   */
  async function withDepositCheck(
    transactionId: string,
    send: () => Promise<Deposit>,
    settled: (d: Deposit) => boolean,
    opts: RequestOptions | undefined,
    outcomeUnknown?: (u: { failure: ApiError; cause: unknown; readError?: unknown }) => Error,
  ): Promise<Deposit> {
    // The last failure after which the server may have applied the POST.
    let failure: ApiError | undefined;
    const giveUp = (cause: unknown, readError?: unknown): unknown => {
      if (outcomeUnknown && failure) return outcomeUnknown({ failure, cause, readError });
      return readError instanceof APIUserAbortError ? readError : cause;
    };
    for (let retryIndex = 0; ; retryIndex++) {
      const abortedBeforeSending = opts?.signal?.aborted === true;
      try {
        return await send();
      } catch (err) {
        // An abort once the POST may be on its way leaves it as unknown as a timeout does; the
        // caller chose to stop, so it is not repeated.
        if (err instanceof APIUserAbortError) {
          if (!abortedBeforeSending) failure = err;
          throw giveUp(err);
        }
        // A clean refusal (4xx, 429 given up) is thrown as is, unless an earlier failure left
        // the first POST's outcome unknown.
        if (!isAmbiguousFailure(err)) throw giveUp(err);
        failure = err;
        const delay = t.delayAfter(err, retryIndex);
        if (delay === undefined) throw giveUp(err); // Retry-After above the cap, as in the transport
        try {
          await t.pause(delay, opts?.signal);
          const found = await getDeposit(transactionId, opts);
          if (settled(found)) return found;
        } catch (readErr) {
          if (!(readErr instanceof NotFoundError)) throw giveUp(err, readErr);
        }
        if (retryIndex >= retry.maxRetries) throw giveUp(err);
      }
    }
  }

  const deposits: ValePixClient["deposits"] = {
    create(body, opts) {
      const transactionId = body.transaction_id ?? newUuid();
      const payload = { ...body, transaction_id: transactionId };
      return withDepositCheck(
        transactionId,
        () => call("POST", paths.deposits(), Deposit, "rateLimitOnly", opts, { json: payload }),
        () => true, // it exists: the first attempt went through
        opts,
        // An id the client made up is known only here: a give-up must hand it over, or a "try
        // again" would create a second charge. A caller who passed its own id holds it already.
        body.transaction_id === undefined
          ? (u) => new DepositOutcomeUnknownError({ transactionId, ...u })
          : undefined,
      );
    },
    get: getDeposit,
    cancel(transactionId, opts) {
      return withDepositCheck(
        transactionId,
        () => call("POST", paths.depositCancel(transactionId), Deposit, "rateLimitOnly", opts),
        // Cancelled: done. Anything else: send the cancel again and let the server answer (a
        // charge paid meanwhile answers 409, as the document says).
        (d) => d.status === "CANCELLED",
        opts,
      );
    },
    waitUntilFinal(transactionId, opts = {}) {
      return pollUntil(
        (signal) => getDeposit(transactionId, { signal }),
        (d) => isFinalDepositStatus(d.status),
        {
          ...DEPOSIT_WAIT_DEFAULTS,
          ...definedOnly(opts),
          sleep,
          now,
          what: `deposit ${transactionId}`,
          describe: (d) => d.status,
        },
      );
    },
  };

  const pageQuery = (q: ListParams) => ({ page: q.page, limit: q.limit });

  return {
    baseUrl,
    employees: {
      list: (query = {}, opts) =>
        paginate<Employee>(
          (q) => get(paths.employees(), EmployeePage, opts, { ...q, situation: query.situation }),
          query,
        ),
      listPage: (query = {}, opts) =>
        get(paths.employees(), EmployeePage, opts, { ...pageQuery(query), situation: query.situation }),
      create: (body, opts) =>
        call("POST", paths.employees(), Employee, "rateLimitOnly", opts, { json: body }),
      situations: async (opts) => (await get(paths.employeeSituations(), SituationsResponse, opts)).data,
      uploadBatch: (file, filename, opts) =>
        call("POST", paths.employeeBatch(), EmployeeBatchResult, "rateLimitOnly", opts, {
          form: () => {
            const fd = new FormData();
            fd.append(EMPLOYEE_BATCH_FIELD, file, filename);
            return fd;
          },
        }),
    },
    products: {
      list: (query = {}, opts) =>
        paginate<Product>((q) => get(paths.products(), ProductPage, opts, q), query),
      listPage: (query = {}, opts) => get(paths.products(), ProductPage, opts, pageQuery(query)),
    },
    benefits: {
      create: (body, opts) =>
        call("POST", paths.benefits(), BenefitCreated, "rateLimitOnly", opts, { json: body }),
      list: (query = {}, opts) =>
        paginate<Benefit>((q) => get(paths.benefits(), BenefitPage, opts, q), query),
      listPage: (query = {}, opts) => get(paths.benefits(), BenefitPage, opts, pageQuery(query)),
      // PUT replaces the benefit whole: idempotent, so retried like a read.
      update: (benefitId, body, opts) =>
        call("PUT", paths.benefit(benefitId), Benefit, "idempotent", opts, { json: body }),
    },
    deposits,
    balances: {
      get: (opts) => get(paths.balances(), Balance, opts),
    },
    transactions: {
      list: (query = {}, opts) =>
        paginate<Transaction>(
          (q) => get(paths.transactions(), TransactionPage, opts, { ...q, type: query.type }),
          query,
        ),
      listPage: (query = {}, opts) =>
        get(paths.transactions(), TransactionPage, opts, { ...pageQuery(query), type: query.type }),
    },
    distributions: {
      create: (body, opts) =>
        call("POST", paths.distributions(), Distribution, "rateLimitOnly", opts, { json: body }),
      get: getDistribution,
      addItems: (id, employeeIds, opts) => changeItems(id, employeeIds, "add", opts),
      removeItems: (id, employeeIds, opts) => changeItems(id, employeeIds, "remove", opts),
      // Setting a value is idempotent (the same PUT twice leaves the same state): retried.
      setValueForAll: (id, body, opts) =>
        call("PUT", paths.itemsValue(id), DistributionTotals, "idempotent", opts, { json: body }),
      setEmployeeValue: (id, employeeId, body, opts) =>
        call("PUT", paths.employeeValue(id, employeeId), DistributionTotals, "idempotent", opts, {
          json: body,
        }),
      listItems,
      listItemsPage,
      finalize,
      waitWhileProcessing(id, opts = {}) {
        return pollUntil(
          (signal) => getDistribution(id, { signal }),
          (d) => d.status !== "processing",
          {
            ...DISTRIBUTION_WAIT_DEFAULTS,
            ...definedOnly(opts),
            sleep,
            now,
            what: `distribution ${id}`,
            describe: (d) => d.status,
          },
        );
      },
    },
  };
}

/** Drops undefined values, so `{ maxWaitMs: undefined }` does not erase a default. */
function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
