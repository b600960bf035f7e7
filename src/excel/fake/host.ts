/**
 * The fake Excel as the host of Microsoft's office.js: it answers the library's request batches
 * by running them on the fake's model. The wire format is the library's own (read in
 * @microsoft/office-js dist/excel-web-16.00.debug.js, `ClientRequest.buildRequestMessageBody`,
 * `ObjectPathFactory`, `ActionFactory`, `ClientRequestContext.processRequestExecutorResponseMessage`):
 * - a request is `{Actions, ObjectPaths}`; an object path is the global object (type 1), a
 *   property (4), a method's result (3), an indexer (5, `getItem`), or a reference id (6) the host
 *   gave earlier; an action instantiates a path (1), queries properties (2), calls a method (3),
 *   sets a property (4) or marks a point of the request (5, Trace);
 * - the answer is `{Results: [{ActionId, Value}]}`: query values keyed in PascalCase, a
 *   collection as `{_Items: [...]}`, `null` for a null object (`*OrNullObject`), the object's
 *   `Id` so the library can address it by id in later requests (`ObjectPath.updateUsingObjectData`),
 *   and `_ReferenceId` for an object the library asked to keep (`_KeepReference`);
 * - the first failing action ends the request: actions before it stay applied, and the answer's
 *   `Error` carries its `Code`, `Message` and `ActionIndex` (the library turns the index into
 *   `debugInfo.statement`);
 * - a request or a response above the payload limit fails whole, with the top-level error code
 *   office.js gives for Excel's 5103 / 5104 (`RichApiMessageUtility.buildResponseOnError`):
 *   `RequestPayloadSizeLimitExceeded` applies nothing; `ResponsePayloadSizeLimitExceeded` comes
 *   after the writes were applied, with no value delivered.
 * Each action runs at once on the fake's objects (./objects.ts, ./range.ts, ./worksheets.ts,
 * ./tables.ts, ./charts.ts, ./pivots.ts), which hold Excel's rules: a method or a property set
 * changes the model then and there, a query reads the model as it is at that point of the
 * request. What a client keeps (proxies, loaded values, `PropertyNotLoaded`, `isNullObject`, the
 * queue until `sync`) is the library's, never the host's.
 */
import { utf8Length } from "../../workbook/blocks";
import { HOST_ERROR_CODES, WorkbookHostError } from "../errors";
import type { TableChangedArgs } from "../office-api";
import { HostCollection } from "./collection";
import { HostObject } from "./host-object";
import { FakeExcelRoot } from "./objects";
import { FakeRange } from "./range";
import type { FakeModel, FakeTable } from "./model";

interface ArgumentInfo {
  Arguments?: unknown[];
  ReferencedObjectPathIds?: unknown[];
}
interface ObjectPathInfo {
  Id: number;
  ObjectPathType: number;
  Name: string;
  ParentObjectPathId?: number;
  ArgumentInfo?: ArgumentInfo;
}
interface ActionInfo {
  Id: number;
  ActionType: number;
  Name: string;
  ObjectPathId: number;
  ArgumentInfo?: ArgumentInfo;
  QueryInfo?: { Select?: string[]; Expand?: string[] };
}
interface RequestBody {
  Actions: ActionInfo[];
  ObjectPaths: Record<string, ObjectPathInfo>;
}
interface HostError {
  Code: string;
  Message: string;
  HttpStatusCode: number;
  ActionIndex?: number;
}
interface ResponseBody {
  Results: Array<{ ActionId: number; Value: unknown }>;
  Error?: HostError;
}
/** What the library's request executor resolves with (`IRequestExecutorResponseMessage`). */
export interface ExecutorResponse {
  HttpStatusCode: number;
  ErrorCode: string;
  ErrorMessage: string;
  Headers: Record<string, string>;
  Body: ResponseBody | null;
}

/** The path and action types of the library's wire format (see the header). */
const PATH = { global: 1, method: 3, property: 4, indexer: 5, referenceId: 6 } as const;
const ACTION = { instantiate: 1, query: 2, method: 3, setProperty: 4, trace: 5 } as const;
/** Cells a get of a range's cell arrays may cover (see `RequestRun.queryRange`). */
const MAX_GET_CELLS = 5_000_000;
const CELL_ARRAYS = new Set(["values", "text", "formulas", "formulasLocal", "numberFormat", "valueTypes"]);

/** `Table.onChanged` in the library's event registration (`eventType: 101`). */
const TABLE_CHANGED_EVENT = 101;

/** What one request cost on the wire, in UTF-8 bytes of its JSON. */
export interface WireRecord {
  requestBytes: number;
  responseBytes: number;
  actions: number;
  failed?: string;
}

const camel = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);
const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

function hostFailure(error: unknown): HostError {
  if (error instanceof WorkbookHostError)
    return { Code: error.code, Message: error.message, HttpStatusCode: 400 };
  const message = error instanceof Error ? error.message : String(error);
  return { Code: HOST_ERROR_CODES.generalException, Message: message, HttpStatusCode: 500 };
}

function notEmulated(what: string): WorkbookHostError {
  return new WorkbookHostError(
    HOST_ERROR_CODES.generalException,
    `The fake Excel host does not emulate ${what}.`,
  );
}

/** Calls a member of an object of the fake by its wire name. */
function member(target: unknown, name: string): unknown {
  const key = camel(name);
  if (target === null || typeof target !== "object" || !(key in target)) throw notEmulated(name);
  return (target as Record<string, unknown>)[key];
}

function invoke(target: unknown, name: string, args: unknown[]): unknown {
  const fn = member(target, name);
  if (typeof fn !== "function") throw notEmulated(`${name}()`);
  return (fn as (...a: unknown[]) => unknown).apply(target, args);
}

/** The workbook a host serves, and the payload limit of its platform. */
export interface HostedWorkbook {
  readonly model: FakeModel;
  /** Bytes a request or a response may carry; Infinity on the desktop. */
  readonly payloadLimitBytes: number;
}

/** The root of every object path: the workbook, with the request context's runtime. */
class HostRoot {
  constructor(readonly excel: FakeExcelRoot) {}
  property(name: string): unknown {
    // `RequestContext.runtime` is the workbook's `_Runtime` (office.js `RequestContext.runtime`).
    if (name === "_Runtime") return this.excel.runtime;
    return member(this.excel.workbook, name);
  }
}

export class RequestHost {
  /** One root for every request: objects the library keeps by reference live across requests. */
  private readonly rootObject: HostRoot;
  private readonly references = new Map<string, unknown>();
  private nextReference = 1;
  private readonly tableHandlers = new Map<string, (args: TableChangedArgs) => Promise<void>>();

  constructor(
    private readonly fake: HostedWorkbook,
    /** Sends an event to the library as a host does (the native bridge's message). */
    private readonly raiseEvent: (eventType: number, targetId: string, args: unknown) => void,
  ) {
    this.rootObject = new HostRoot(new FakeExcelRoot(fake));
  }

  /** Answers one request given as its JSON text, as the library's executor resolves. */
  execute(requestText: string): { response: ExecutorResponse; record: WireRecord } {
    const body = JSON.parse(requestText) as RequestBody;
    const limit = this.fake.payloadLimitBytes;
    const record: WireRecord = {
      requestBytes: utf8Length(requestText),
      responseBytes: 0,
      actions: body.Actions.length,
    };
    if (record.requestBytes > limit) {
      record.failed = HOST_ERROR_CODES.requestPayloadSizeLimitExceeded;
      return { response: refused(record.failed, record.requestBytes, limit), record };
    }
    let answer: ResponseBody;
    try {
      answer = new RequestRun(this, body).run();
    } finally {
      this.fake.model.deliverEvents();
    }
    record.responseBytes = utf8Length(JSON.stringify(answer));
    if (answer.Error) record.failed = answer.Error.Code;
    if (record.responseBytes > limit) {
      record.failed = HOST_ERROR_CODES.responsePayloadSizeLimitExceeded;
      return { response: refused(record.failed, record.responseBytes, limit), record };
    }
    const response = { HttpStatusCode: 200, ErrorCode: "", ErrorMessage: "", Headers: {}, Body: answer };
    return { response, record };
  }

  get model(): FakeModel {
    return this.fake.model;
  }

  root(): HostRoot {
    return this.rootObject;
  }

  keep(target: unknown): string {
    const id = `{fake-reference-${this.nextReference++}}`;
    this.references.set(id, target);
    return id;
  }

  reference(id: string): unknown {
    const target = this.references.get(id);
    if (target === undefined)
      throw new WorkbookHostError(HOST_ERROR_CODES.invalidArgument, `No object has reference ${id}.`);
    return target;
  }

  release(id: string): void {
    this.references.delete(id);
  }

  /** `Table._RegisterDataChangedEvent`: the table's edits reach the library as events. */
  watchTable(table: FakeTable, on: boolean): void {
    const existing = this.tableHandlers.get(table.id);
    if (existing) table.handlers.delete(existing);
    this.tableHandlers.delete(table.id);
    if (!on) return;
    const handler = (args: TableChangedArgs): Promise<void> => {
      this.raiseEvent(TABLE_CHANGED_EVENT, table.id, args);
      return Promise.resolve();
    };
    this.tableHandlers.set(table.id, handler);
    table.handlers.add(handler);
  }
}

function refused(code: string, bytes: number, limit: number): ExecutorResponse {
  const what = code === HOST_ERROR_CODES.requestPayloadSizeLimitExceeded ? "request" : "response";
  return {
    HttpStatusCode: 400,
    ErrorCode: code,
    ErrorMessage: `The ${what} payload size (${bytes} bytes) has exceeded the limit (${limit}).`,
    Headers: {},
    Body: null,
  };
}

/** One request's run: its paths resolved once each, its actions in order. */
class RequestRun {
  private readonly resolved = new Map<number, unknown>();
  /** Paths the library asked to keep, with the reference id given to each. */
  private readonly kept = new Map<number, string>();
  private readonly results: ResponseBody["Results"] = [];

  constructor(
    private readonly host: RequestHost,
    private readonly body: RequestBody,
  ) {}

  run(): ResponseBody {
    const actions = this.body.Actions;
    for (let index = 0; index < actions.length; index++) {
      const action = actions[index]!;
      try {
        const value = this.act(action);
        if (value !== undefined) this.results.push({ ActionId: action.Id, Value: value });
      } catch (error) {
        return { Results: this.results, Error: { ...hostFailure(error), ActionIndex: index } };
      }
    }
    return { Results: this.results };
  }

  private act(action: ActionInfo): unknown {
    switch (action.ActionType) {
      case ACTION.trace:
        // A trace marker's result runs the library's callback (event handlers are added so).
        return null;
      case ACTION.instantiate:
        return this.instantiate(action.ObjectPathId);
      case ACTION.query:
        return this.query(action.ObjectPathId, action.QueryInfo?.Select);
      case ACTION.setProperty: {
        const target = this.path(action.ObjectPathId);
        const [value] = this.args(action.ArgumentInfo);
        const key = camel(action.Name);
        // The objects have setters for what may be set, and no getters: a value is queried.
        if (target === null || typeof target !== "object" || !(key in target)) throw notEmulated(action.Name);
        (target as Record<string, unknown>)[key] = value;
        return undefined;
      }
      case ACTION.method:
        return this.method(action);
      default:
        throw notEmulated(`action type ${action.ActionType}`);
    }
  }

  private method(action: ActionInfo): unknown {
    const target = this.path(action.ObjectPathId);
    const args = this.args(action.ArgumentInfo);
    switch (action.Name) {
      case "_KeepReference":
        this.kept.set(action.ObjectPathId, this.host.keep(target));
        return undefined;
      case "_RemoveReference":
        this.host.release(String(args[0]));
        return undefined;
      case "_RegisterDataChangedEvent":
      case "_UnregisterDataChangedEvent":
        this.host.watchTable(this.table(target), action.Name === "_RegisterDataChangedEvent");
        return undefined;
    }
    const value = invoke(target, action.Name, args);
    return value === undefined || (typeof value === "object" && value !== null) ? undefined : value;
  }

  private table(target: unknown): FakeTable {
    if (!(target instanceof HostObject)) throw notEmulated("events on this object");
    const data = target.properties(["id"]);
    const table = data && this.host.model.findTable(String(data.id));
    if (!table) throw notEmulated("events on this object");
    return table;
  }

  /** An object's `Id` (worksheets, tables), for the library to address it by id. */
  private identity(pathId: number, target: HostObject<unknown>, data: Record<string, unknown> | null) {
    const out: Record<string, unknown> = {};
    if (target.hasId()) {
      const known = data && "id" in data ? data : target.properties(["id"]);
      if (known) out.Id = known.id;
    }
    const reference = this.kept.get(pathId);
    if (reference !== undefined) out._ReferenceId = reference;
    return out;
  }

  private instantiate(pathId: number): unknown {
    const target = this.path(pathId);
    if (!(target instanceof HostObject)) return undefined;
    // Locating the object now: a missing item fails here, with this action's index.
    if (target.resolve() === null) return null;
    const identity = this.identity(pathId, target, null);
    return Object.keys(identity).length > 0 ? identity : undefined;
  }

  private query(pathId: number, select: string[] | undefined): unknown {
    const target = this.path(pathId);
    if (target instanceof HostCollection) {
      const withId = target.itemHasId();
      const names = [...new Set([...(select ?? []), ...(withId ? ["id"] : [])])];
      const items = target.itemProperties(select === undefined ? undefined : names);
      return { _Items: items.map((item) => ({ ...(withId ? { Id: item.id } : {}), ...pascalKeys(item) })) };
    }
    if (!(target instanceof HostObject)) throw notEmulated("loading this object");
    if (target instanceof FakeRange && select !== undefined) return this.queryRange(pathId, target, select);
    const data = target.properties(select);
    if (data === null) return null;
    return { ...this.identity(pathId, target, data), ...pascalKeys(data) };
  }

  /**
   * A range's properties, where a get of cell arrays over more than 5,000,000 cells gives null:
   * "a range is limited to five million cells for get operations", on every platform ("Resource
   * limits and performance optimization for Office Add-ins", Excel add-ins), and Excel answers
   * such a get with `null` rather than an error (OfficeDev/office-js#4783, #6781; the note added
   * to the docs by OfficeDev/office-js-docs-pr#5821).
   */
  private queryRange(pathId: number, target: FakeRange, select: string[]): unknown {
    const size = target.properties(["rowCount", "columnCount"]);
    if (size === null) return null;
    const cells = Number(size.rowCount) * Number(size.columnCount);
    const tooLarge = cells > MAX_GET_CELLS ? select.filter((n) => CELL_ARRAYS.has(n)) : [];
    const data = target.properties(select.filter((n) => !tooLarge.includes(n)));
    if (data === null) return null;
    for (const name of tooLarge) data[name] = null;
    return { ...this.identity(pathId, target, data), ...pascalKeys(data) };
  }

  private args(info: ArgumentInfo | undefined): unknown[] {
    const args = [...(info?.Arguments ?? [])];
    const ids = info?.ReferencedObjectPathIds ?? [];
    ids.forEach((id, i) => {
      if (typeof id === "number" && id > 0) args[i] = this.path(id);
    });
    return args;
  }

  /** The object a path names, resolved once per request (a method's path runs once). */
  private path(id: number): unknown {
    if (this.resolved.has(id)) return this.resolved.get(id);
    const info = this.body.ObjectPaths[String(id)];
    if (!info) throw notEmulated(`object path ${id}`);
    const target = this.resolvePath(info);
    this.resolved.set(id, target);
    return target;
  }

  private resolvePath(info: ObjectPathInfo): unknown {
    if (info.ObjectPathType === PATH.global) return this.host.root();
    if (info.ObjectPathType === PATH.referenceId) return this.host.reference(info.Name);
    const parent = this.path(info.ParentObjectPathId ?? 0);
    const args = this.args(info.ArgumentInfo);
    switch (info.ObjectPathType) {
      case PATH.property:
        return parent instanceof HostRoot ? parent.property(info.Name) : member(parent, info.Name);
      case PATH.indexer:
        return this.call(parent, "GetItem", args);
      case PATH.method:
        return this.call(parent, info.Name, args);
      default:
        throw notEmulated(`object path type ${info.ObjectPathType}`);
    }
  }

  private call(parent: unknown, name: string, args: unknown[]): unknown {
    const target = parent instanceof HostRoot ? parent.excel.workbook : parent;
    return invoke(target, name, args);
  }
}

function pascalKeys(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) out[pascal(k)] = v;
  return out;
}
