/**
 * The fake request context and proxy base: the batching model of the Office JavaScript API
 * ("Application-specific API model", https://learn.microsoft.com/office/dev/add-ins/develop/application-specific-api-model):
 * - method calls and property writes on proxies are queued; nothing reaches the workbook until
 *   `context.sync()`, which runs the queue in order. An operation that fails rejects the sync;
 *   operations before it stay applied, those after it are dropped.
 * - a property can be read only after `load` and a sync; before, reading it throws
 *   `PropertyNotLoaded`. Loaded values are a snapshot as of that sync.
 * - `getItem` on a missing item fails at sync with `ItemNotFound`; `getItemOrNullObject` gives
 *   an object whose `isNullObject` is true after a sync ("*OrNullObject methods and properties").
 * - a sync whose request or response JSON is above the payload limit fails with
 *   `RequestPayloadSizeLimitExceeded` / `ResponsePayloadSizeLimitExceeded` (Excel on the web's
 *   5 MB: "Resource limits and performance optimization for Office Add-ins", Excel add-ins,
 *   https://learn.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization).
 *   A request above the limit applies nothing; a response above it had its writes applied but
 *   delivers no loaded value.
 */
import { utf8Length } from "../../workbook/blocks";
import { HOST_ERROR_CODES, WorkbookHostError } from "../errors";
import type { FakeModel } from "./model";

/** What one sync cost: its request and response JSON sizes, in UTF-8 bytes. */
interface SyncRecord {
  requestBytes: number;
  responseBytes: number;
  operations: number;
  /** Whether `suspendApiCalculationUntilNextSync` was queued in this sync. */
  calculationSuspended: boolean;
  /** The sync failed with this error code. */
  failed?: string;
}

export interface FakeStats {
  /** Requests of the add-in's syncs (`context.sync()` and the one `Excel.run` makes at its end). */
  syncs: number;
  /**
   * Requests office.js sends on its own after an `Excel.run` to release the ranges it kept
   * (`_RemoveReference` of its tracked objects, `ClientRequestContext._runCommon`): a round trip
   * each, counted apart from the syncs. Their bytes count in the totals.
   */
  cleanups: number;
  requestBytes: number;
  responseBytes: number;
  maxRequestBytes: number;
  maxResponseBytes: number;
  /** Syncs refused for a payload above the limit. */
  refused: number;
  /** One record per sync, oldest first (the last `keepRecords` only). */
  records: SyncRecord[];
}

export const emptyStats = (): FakeStats => ({
  syncs: 0,
  cleanups: 0,
  requestBytes: 0,
  responseBytes: 0,
  maxRequestBytes: 0,
  maxResponseBytes: 0,
  refused: 0,
  records: [],
});

/**
 * Counts one request of office.js as the host saw it on the wire: its JSON sizes, its actions,
 * whether it suspended calculation, and the error code it failed with.
 */
export function countRequest(
  stats: FakeStats,
  wire: { requestBytes: number; responseBytes: number; actions: number; failed?: string },
  requestText: string,
): void {
  const record: SyncRecord = {
    requestBytes: wire.requestBytes,
    responseBytes: wire.responseBytes,
    operations: wire.actions,
    calculationSuspended: requestText.includes('"Name":"SuspendApiCalculationUntilNextSync"'),
    ...(wire.failed !== undefined ? { failed: wire.failed } : {}),
  };
  if (isCleanup(requestText)) stats.cleanups++;
  else {
    stats.syncs++;
    stats.records.push(record);
    if (stats.records.length > 10_000) stats.records.shift();
  }
  stats.requestBytes += record.requestBytes;
  stats.responseBytes += record.responseBytes;
  stats.maxRequestBytes = Math.max(stats.maxRequestBytes, record.requestBytes);
  stats.maxResponseBytes = Math.max(stats.maxResponseBytes, record.responseBytes);
  if (
    wire.failed === HOST_ERROR_CODES.requestPayloadSizeLimitExceeded ||
    wire.failed === HOST_ERROR_CODES.responsePayloadSizeLimitExceeded
  )
    stats.refused++;
}

/** A request of `_RemoveReference` calls only (after every `Excel.run` that kept ranges). */
function isCleanup(requestText: string): boolean {
  const body = JSON.parse(requestText) as { Actions: Array<{ ActionType: number; Name: string }> };
  return (
    body.Actions.every(
      (a) => (a.ActionType === 1 && a.Name === "") || (a.ActionType === 3 && a.Name === "_RemoveReference"),
    ) && body.Actions.some((a) => a.Name === "_RemoveReference")
  );
}

export interface FakeHost {
  model: FakeModel;
  stats: FakeStats;
  /** Bytes a request or a response may carry; Infinity on the desktop. */
  payloadLimitBytes: number;
}

interface Operation {
  /** What the operation sends (its JSON size counts toward the request). */
  request: unknown;
  /** Runs the operation against the model; returns a loaded snapshot to deliver, if any. */
  run(): Delivery | void;
}

export interface Delivery {
  data: unknown;
  deliver(): void;
}

/** UTF-8 bytes of a value's JSON. */
function jsonBytes(value: unknown): number {
  return utf8Length(JSON.stringify(value) ?? "");
}

export class FakeContextCore {
  private queue: Operation[] = [];
  /** Set by `suspendApiCalculationUntilNextSync` until the next sync. */
  calculationSuspended = false;

  constructor(readonly host: FakeHost) {}

  get model(): FakeModel {
    return this.host.model;
  }

  enqueue(request: unknown, run: () => Delivery | void): void {
    this.queue.push({ request, run });
  }

  async sync(): Promise<void> {
    const ops = this.queue;
    this.queue = [];
    const { stats, payloadLimitBytes: limit, model } = this.host;
    const record: SyncRecord = {
      requestBytes: ops.reduce((n, op) => n + jsonBytes(op.request), 0),
      responseBytes: 0,
      operations: ops.length,
      calculationSuspended: this.calculationSuspended,
    };
    this.calculationSuspended = false;
    stats.syncs++;
    stats.records.push(record);
    if (stats.records.length > 10_000) stats.records.shift();
    // Office.js answers asynchronously: let other work run before the batch is applied.
    await Promise.resolve();
    try {
      if (record.requestBytes > limit) {
        stats.refused++;
        throw new WorkbookHostError(
          HOST_ERROR_CODES.requestPayloadSizeLimitExceeded,
          `The request payload size (${record.requestBytes} bytes) has exceeded the limit (${limit}).`,
        );
      }
      const deliveries: Delivery[] = [];
      try {
        for (const op of ops) {
          const delivery = op.run();
          if (delivery) {
            record.responseBytes += jsonBytes(delivery.data);
            deliveries.push(delivery);
          }
        }
      } finally {
        model.deliverEvents();
      }
      if (record.responseBytes > limit) {
        stats.refused++;
        throw new WorkbookHostError(
          HOST_ERROR_CODES.responsePayloadSizeLimitExceeded,
          `The response payload size (${record.responseBytes} bytes) has exceeded the limit (${limit}).`,
        );
      }
      for (const delivery of deliveries) delivery.deliver();
    } catch (e) {
      record.failed = e instanceof WorkbookHostError ? e.code : "GeneralException";
      throw e;
    } finally {
      stats.requestBytes += record.requestBytes;
      stats.responseBytes += record.responseBytes;
      stats.maxRequestBytes = Math.max(stats.maxRequestBytes, record.requestBytes);
      stats.maxResponseBytes = Math.max(stats.maxResponseBytes, record.responseBytes);
    }
  }

  /**
   * Runs the queued operations now, in order, and delivers what they loaded: the host
   * (./host.ts) runs each action of a request this way, so a failure names its action. Events
   * raised are delivered after the request (`model.deliverEvents`).
   */
  runNow(): unknown[] {
    const ops = this.queue;
    this.queue = [];
    const data: unknown[] = [];
    for (const op of ops) {
      const delivery = op.run();
      if (delivery) {
        delivery.deliver();
        data.push(delivery.data);
      }
    }
    return data;
  }

  /** Whether operations are waiting for a sync (`Excel.run` syncs them when the batch ends). */
  get pending(): boolean {
    return this.queue.length > 0;
  }
}

export function propertyNotLoaded(name: string): WorkbookHostError {
  return new WorkbookHostError(
    HOST_ERROR_CODES.propertyNotLoaded,
    `The property '${name}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
  );
}

/** Parses `load` arguments: "a,b", ["a","b"], or nothing (every scalar property). */
export function loadNames(names: string | string[] | undefined, all: readonly string[]): string[] {
  if (names === undefined) return [...all];
  const list = (Array.isArray(names) ? names : names.split(",")).map((n) => n.trim()).filter(Boolean);
  return list;
}

/**
 * Base of every fake proxy: resolves its target in the model when an operation first needs it
 * (then keeps it, as Office.js keeps an object's identity), and holds the loaded snapshot.
 */
export abstract class FakeObject<T> {
  private loaded = new Map<string, unknown>();
  private nullState: boolean | undefined;
  private resolved: T | null | undefined;

  constructor(
    protected readonly ctx: FakeContextCore,
    private readonly locate: () => T | null,
  ) {}

  /** The model object, or null for a null object; throws what `locate` throws (ItemNotFound). */
  protected resolve(): T | null {
    if (this.resolved === undefined) this.resolved = this.locate();
    return this.resolved;
  }

  /** The model object; an operation on a null object fails. */
  protected target(): T {
    const modelObject = this.resolve();
    if (modelObject === null) {
      throw new WorkbookHostError(HOST_ERROR_CODES.invalidOperation, "The object is a null object.");
    }
    return modelObject;
  }

  get isNullObject(): boolean {
    if (this.nullState === undefined) throw propertyNotLoaded("isNullObject");
    return this.nullState;
  }

  protected loadedValue<V>(name: string): V {
    if (!this.loaded.has(name)) throw propertyNotLoaded(name);
    return this.loaded.get(name) as V;
  }

  /** Whether the object has an `id` (worksheets, tables, charts): the host gives it to the library. */
  hasId(): boolean {
    return this.scalarNames.includes("id");
  }

  /** Scalar properties `load()` without arguments loads. */
  protected abstract readonly scalarNames: readonly string[];

  /** Reads one property from the model (throws InvalidArgument for an unknown name). */
  protected abstract read(target: T, name: string): unknown;

  load(names?: string | string[]): this {
    const list = loadNames(names, this.scalarNames);
    this.ctx.enqueue({ load: list }, () => this.snapshot(list));
    return this;
  }

  /**
   * Reads `names` from the model now (inside a running operation) and returns the snapshot to
   * deliver when the sync succeeds. Collections load their items through this, in one operation.
   */
  snapshot(names: string[]): Delivery {
    const modelObject = this.resolve();
    if (modelObject === null) return { data: null, deliver: () => void (this.nullState = true) };
    const values = new Map(names.map((n) => [n, this.read(modelObject, n)]));
    return {
      data: Object.fromEntries(values),
      deliver: () => {
        this.nullState = false;
        for (const [k, v] of values) this.loaded.set(k, v);
      },
    };
  }

  /** Queues a change to the model object. */
  protected change(request: unknown, apply: (target: T) => void): void {
    this.ctx.enqueue(request, () => {
      apply(this.target());
      // Tables resized, sheets renamed...: formulas that read them are computed again.
      this.ctx.model.calc.touch();
    });
  }
}

export function unknownProperty(name: string): WorkbookHostError {
  return new WorkbookHostError(
    HOST_ERROR_CODES.invalidArgument,
    `The fake does not emulate property '${name}'.`,
  );
}
