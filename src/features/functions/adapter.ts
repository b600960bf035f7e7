/**
 * The VALEPIX functions' runtime: what each function does when Excel calls it, over the active
 * connection's client (the pane's, paced: ../connection `activeClient`, src/api/pacer.ts).
 *
 * The functions are streaming functions ("Make a streaming function",
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-web-reqs#make-a-streaming-function):
 * Excel calls one once per cell and keeps its `invocation` until the formula is removed or
 * recalculated (`onCanceled`); `setResult` may be called again whenever the answer changes. So:
 * - a cell is a subscription to its question (./questions.ts); its first answer comes from the
 *   cache (./cache.ts: in-flight de-duplication and 30 s of reuse, one cache per client);
 * - `refresh()` (the Refresh ribbon command, and every live tick) asks each distinct question
 *   once, fresh, and gives its answer to every cell that asked it;
 * - live: a tick every `intervalMs` (default 60 s) while cells are subscribed, unless the person
 *   turned it off (a per-user setting, outside the workbook); a recalculation re-invokes the
 *   functions, which read the cache.
 * Nothing throws past a function: every failure becomes an Excel error value with a message
 * (./errors.ts) through `makeError` (the edge makes a `CustomFunctions.Error` of it).
 */
import type { UserStorage } from "../../api";
import type { Locale } from "../../money";
import { AnswerCache, type CacheStats } from "./cache";
import {
  type CellScalar,
  type Failure,
  depositValue,
  distributionValue,
  parseDates,
  parseField,
  parseId,
  parseType,
  transactionRows,
} from "./cells";
import { failureOf } from "./errors";
import { type AnswerOf, type Question, type QuestionApi, ask, questionKey } from "./questions";
import type { RefreshOutcome } from "./services";

/** Excel's handle on one cell of a streaming function (`CustomFunctions.StreamingInvocation`). */
export interface StreamingCell<T, E> {
  setResult(value: T | E): void;
  onCanceled?: (() => void) | undefined;
}

export interface FunctionsRuntimeOptions<E> {
  /** The active connection's client; throws `ConnectionInputError` when there is none. */
  api: () => Promise<QuestionApi>;
  locale: Locale;
  /** An Excel error value for a failure (`new CustomFunctions.Error(code, message)` in Excel). */
  makeError: (failure: Failure) => E;
  /** Per-user storage of the live setting (the token store's storage: never the workbook). */
  storage?: UserStorage | undefined;
  ttlMs?: number | undefined;
  /** Live refresh period (default 60 s). */
  intervalMs?: number | undefined;
  now?: (() => number) | undefined;
  setInterval?: ((tick: () => void, ms: number) => unknown) | undefined;
  clearInterval?: ((handle: unknown) => void) | undefined;
}

const DEFAULT_INTERVAL_MS = 60_000;
/** The per-user setting that turns live refresh off ("off"); anything else is on. */
export const LIVE_SETTING_KEY = "valepix:functions-live";

interface Subscription {
  readonly key: string;
  readonly question: Question;
  /** Renders the answer into the cell (or its failure). */
  deliver(answer: unknown): void;
  fail(error: unknown): void;
}

export interface FunctionsStats {
  /** Cells subscribed now (one per formula cell of a VALEPIX function). */
  cells: number;
  /** Distinct questions those cells ask. */
  questions: number;
  cache: CacheStats;
}

const isFailure = (v: unknown): v is Failure =>
  typeof v === "object" && v !== null && "code" in v && "message" in v;

export class FunctionsRuntime<E> {
  private readonly cache: AnswerCache;
  private readonly subscriptions = new Map<string, Set<Subscription>>();
  private readonly intervalMs: number;
  private live = true;
  private timer: unknown = undefined;
  private refreshing: Promise<RefreshOutcome> | undefined;
  /** Resolves once the live setting is read from the person's storage. */
  readonly ready: Promise<void>;

  constructor(private readonly options: FunctionsRuntimeOptions<E>) {
    this.cache = new AnswerCache({
      ...(options.ttlMs !== undefined ? { ttlMs: options.ttlMs } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    this.intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
    this.ready = (options.storage?.getItem(LIVE_SETTING_KEY) ?? Promise.resolve(null)).then(
      (setting) => {
        this.live = setting !== "off";
        this.schedule();
      },
      () => this.schedule(),
    );
  }

  // -------------------------------------------------------------------------------------------
  // The functions (the edge's JSDoc entry calls these with Excel's arguments)

  /** VALEPIX.SALDO() / BALANCE(): the available balance in reais. */
  balance(cell: StreamingCell<number, E>): void {
    this.watch({ kind: "balance" }, cell, (a) => a.cents / 100);
  }

  /** VALEPIX.TRANSACOES(tipo; de; até) / TRANSACTIONS(type, from, to): header row, then rows. */
  transactions(type: unknown, from: unknown, to: unknown, cell: StreamingCell<CellScalar[][], E>): void {
    const { locale } = this.options;
    this.guard(cell, undefined, () => {
      const question: Question = { kind: "transactions", type: parseType(type, locale) };
      const dates = parseDates(from, to, locale);
      this.watch(question, cell, (list) => transactionRows(list, dates, locale));
    });
  }

  /** VALEPIX.DISTRIBUICAO(id; campo) / DISTRIBUTION(id, field): state, total or employees. */
  distribution(id: unknown, field: unknown, cell: StreamingCell<CellScalar, E>): void {
    const { locale } = this.options;
    this.guard(cell, "distribution", () => {
      const question: Question = { kind: "distribution", id: parseId(id, "distribution", locale) };
      const parsed = parseField(field, "distribution", locale);
      this.watch(question, cell, (d) => distributionValue(d, parsed), "distribution");
    });
  }

  /** VALEPIX.DEPOSITO(id; campo) / DEPOSIT(id, field): state or amount. */
  deposit(id: unknown, field: unknown, cell: StreamingCell<CellScalar, E>): void {
    const { locale } = this.options;
    this.guard(cell, "deposit", () => {
      const question: Question = { kind: "deposit", id: parseId(id, "deposit", locale) };
      const parsed = parseField(field, "deposit", locale);
      this.watch(question, cell, (d) => depositValue(d, parsed, locale), "deposit");
    });
  }

  // -------------------------------------------------------------------------------------------
  // Refresh and live updates

  /**
   * Asks every distinct question of the subscribed cells once, fresh, and gives each cell its
   * answer. A refresh already running is the one returned (a tick and a click do not double it).
   */
  refresh(): Promise<RefreshOutcome> {
    this.refreshing ??= this.refreshAll().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  liveEnabled(): boolean {
    return this.live;
  }

  /** Turns live refresh on or off, for this person on this device (kept in their storage). */
  async setLive(on: boolean): Promise<void> {
    this.live = on;
    this.schedule();
    await this.options.storage?.setItem(LIVE_SETTING_KEY, on ? "on" : "off");
  }

  stats(): FunctionsStats {
    let cells = 0;
    for (const subs of this.subscriptions.values()) cells += subs.size;
    return { cells, questions: this.subscriptions.size, cache: this.cache.stats() };
  }

  /** Stops the live timer (a host that goes away; tests). */
  dispose(): void {
    this.live = false;
    this.schedule();
  }

  // -------------------------------------------------------------------------------------------

  /** Runs `start`; an argument it refuses becomes the cell's `#VALUE!` (no subscription). */
  private guard<T>(
    cell: StreamingCell<T, E>,
    what: "distribution" | "deposit" | undefined,
    start: () => void,
  ): void {
    try {
      start();
    } catch (e) {
      cell.setResult(this.options.makeError(failureOf(e, this.options.locale, what)));
    }
  }

  private watch<Q extends Question, T>(
    question: Q,
    cell: StreamingCell<T, E>,
    render: (answer: AnswerOf<Q>) => T | Failure,
    what?: "distribution" | "deposit",
  ): void {
    const { makeError, locale } = this.options;
    const key = questionKey(question);
    const sub: Subscription = {
      key,
      question,
      deliver: (answer) => {
        let value: T | Failure;
        try {
          value = render(answer as AnswerOf<Q>);
        } catch (e) {
          value = failureOf(e, locale, what);
        }
        cell.setResult(isFailure(value) ? makeError(value) : value);
      },
      fail: (error) => cell.setResult(makeError(failureOf(error, locale, what))),
    };
    let subs = this.subscriptions.get(key);
    if (!subs) {
      subs = new Set();
      this.subscriptions.set(key, subs);
    }
    subs.add(sub);
    cell.onCanceled = () => {
      const set = this.subscriptions.get(key);
      set?.delete(sub);
      if (set?.size === 0) this.subscriptions.delete(key);
    };
    this.schedule();
    void this.answer(question, false).then(
      (answer) => sub.deliver(answer),
      (error: unknown) => sub.fail(error),
    );
  }

  private async answer(question: Question, fresh: boolean): Promise<unknown> {
    const api = await this.options.api();
    return this.cache.get(api, questionKey(question), () => ask(api, question), { fresh });
  }

  private async refreshAll(): Promise<RefreshOutcome> {
    this.cache.invalidate();
    const outcome: RefreshOutcome = { questions: 0, failed: 0, cells: 0 };
    await Promise.all(
      [...this.subscriptions.values()].map(async (subs) => {
        const first = subs.values().next().value;
        if (!first) return;
        outcome.questions++;
        try {
          const answer = await this.answer(first.question, true);
          // The cells subscribed when the answer came (some may have gone, others come).
          for (const cell of this.subscriptions.get(first.key) ?? []) {
            cell.deliver(answer);
            outcome.cells++;
          }
        } catch (error) {
          outcome.failed++;
          for (const cell of this.subscriptions.get(first.key) ?? []) {
            cell.fail(error);
            outcome.cells++;
          }
        }
      }),
    );
    return outcome;
  }

  /** The live timer runs while it is on and some cell is subscribed. */
  private schedule(): void {
    const wanted = this.live && this.subscriptions.size > 0;
    const set = this.options.setInterval ?? ((f: () => void, ms: number) => setInterval(f, ms));
    const clear =
      this.options.clearInterval ?? ((h: unknown) => clearInterval(h as ReturnType<typeof setInterval>));
    if (wanted && this.timer === undefined) {
      this.timer = set(() => {
        if (this.subscriptions.size > 0) void this.refresh();
        else this.schedule();
      }, this.intervalMs);
    } else if (!wanted && this.timer !== undefined) {
      clear(this.timer);
      this.timer = undefined;
    }
  }
}
