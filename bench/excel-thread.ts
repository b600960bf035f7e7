/**
 * The fake Excel on a thread of its own for the benchmarks, as Excel is a process of its own
 * beside the add-in: the add-in's side (its code, Microsoft's office.js and its proxies) runs on
 * the main thread and sends each request's JSON text across; the host (the fake's model of
 * 50,000 rows, its formulas and its answers) runs in the worker and sends back the answer's JSON
 * text. The main thread's peak heap is then the add-in's alone, and the wire is measured where
 * it is serialized: the UTF-8 bytes of each request and answer, per phase. The native bridge
 * crosses too: the host's events and custom-function invocations go to the library's
 * `onMessageFromHost`, the library's messages to its host (the functions' results,
 * src/excel/fake/function-bridge.ts) come back to the worker. What a person does in Excel
 * (typing a cell) and what the benchmark reads of the model (a cell's value) are calls on the
 * worker's `FakeExcel` (`call`), not requests.
 */
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { tsWorker } from "./ts-worker";
import { utf8Length } from "../src/workbook/blocks";
import type { ExcelRun } from "../src/excel";
import {
  type ExecutorResponse,
  type FakeExcel,
  type FakeExcelInit,
  createFakeExcel,
} from "../src/excel/fake";
import { bridgeToHost, hostSession, officeLibrary, sendEvent } from "../src/excel/fake/client";
import type { CustomFunctionsInit } from "../src/excel/fake/custom-functions";
import { libraryRunner, messageToHost } from "../src/excel/fake/function-bridge";

/** One phase's traffic on the wire. */
export interface WireUse {
  syncs: number;
  request_bytes: number;
  response_bytes: number;
  max_response_bytes: number;
}

/** One request and its answer on the wire. */
interface WireSync {
  phase: string;
  request_bytes: number;
  response_bytes: number;
  /** Refused for its size (`RequestPayloadSizeLimitExceeded`, `ResponsePayloadSizeLimitExceeded`). */
  refused: boolean;
  /**
   * A request office.js sends on its own after an `Excel.run` to release the ranges it kept
   * (`_RemoveReference` calls only, `ClientRequestContext._runCommon`), not a sync of the add-in.
   */
  cleanup: boolean;
}

/** The metadata of the add-in's functions, as `FakeExcel.useCustomFunctions` takes it. */
type FunctionsMetadata = Pick<CustomFunctionsInit, "namespace" | "metadata">;

/** The worker's `FakeExcel` methods a benchmark calls (a person's edits, the model's reads). */
type ExcelCall = "cell" | "cellError" | "typeCell" | "sheetValues" | "recalculate";

export interface ExcelThread {
  /** `Excel.run` of the add-in: office.js here, the fake on the thread. */
  run: ExcelRun;
  /** Names the phase the next requests belong to. */
  phase: () => string;
  /** The traffic so far, by phase. */
  wire: Map<string, WireUse>;
  /** Each request and answer so far, in order. */
  syncs: WireSync[];
  /** Calls a method of the worker's fake Excel, with arguments and result as structured clones. */
  call<M extends ExcelCall>(method: M, ...args: unknown[]): Promise<ReturnType<FakeExcel[M]>>;
  /** Registers the add-in's functions in the worker's Excel, invoked through this thread's office.js. */
  useFunctions(init: FunctionsMetadata): Promise<void>;
  /**
   * Called with each request's phase once office.js has serialized it, before it crosses: the
   * moment the add-in's side holds the most for that sync (its data, the library's request
   * objects and the request's text).
   */
  onRequest?: ((phase: string) => void) | undefined;
  close(): Promise<void>;
}

type ToHost =
  | { id: number; request: string }
  | { id: number; call: [ExcelCall, unknown[]] }
  | { id: number; functions: FunctionsMetadata }
  | { id: number; bridge: string };
type FromHost =
  | { id: number; answer: string }
  | { id: number; value: unknown }
  | { id: number; error: string }
  | { event: [number, string, unknown] }
  | { bridge: string }
  | { ready: true }
  | { failed: string };

export function startExcelThread(init: FakeExcelInit): Promise<ExcelThread> {
  const worker = tsWorker(__filename, { excelThread: init });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  /** Sends a message to the worker and waits for its answer. */
  const post = <T>(message: Omit<ToHost, "id">): Promise<T> => {
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, ...message });
    });
  };
  // The library's messages to its host (the functions' results) cross to the worker, counted
  // on the wire as the requests they are.
  bridgeToHost(async (text) => {
    const answer = await post<string | undefined>({ bridge: text });
    if (answer !== undefined)
      count(thread, { request_bytes: utf8Length(text), response_bytes: utf8Length(answer) }, false, false);
    return answer;
  });
  const thread: ExcelThread = {
    phase: () => "setup",
    wire: new Map(),
    syncs: [],
    call: (method, ...args) => post({ call: [method, args] }),
    useFunctions: (init) => post({ functions: init }),
    run: async (batch) => {
      const library = await officeLibrary();
      session ??= hostSession(library, {
        sent: () => undefined,
        answer: (request) => ask(request),
      });
      return library.Excel.run(session, (context) => batch(context));
    },
    close: async () => {
      bridgeToHost(messageToHost);
      await worker.terminate();
    },
  };
  let session: object | undefined;
  const ask = async (request: string): Promise<ExecutorResponse> => {
    thread.onRequest?.(thread.phase());
    const text = await post<string>({ request });
    const response = JSON.parse(text) as ExecutorResponse;
    const sync = { request_bytes: utf8Length(request), response_bytes: utf8Length(text) };
    count(thread, sync, REFUSED.has(response.ErrorCode), isCleanup(request));
    return response;
  };
  const failAll = (e: Error) => {
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on("exit", (code) => failAll(new Error(`the Excel thread exited (code ${code})`)));
  return new Promise((resolve, reject) => {
    worker.on("error", (e) => {
      failAll(e);
      reject(e);
    });
    worker.on("message", (m: FromHost) => {
      if ("failed" in m) reject(new Error(m.failed));
      else if ("ready" in m) resolve(thread);
      else if ("event" in m) void officeLibrary().then((library) => sendEvent(library, ...m.event));
      else if ("bridge" in m)
        void officeLibrary().then((library) => library.bridge.onMessageFromHost?.(m.bridge));
      else {
        const p = pending.get(m.id);
        pending.delete(m.id);
        if ("error" in m) p?.reject(new Error(m.error));
        else p?.resolve("answer" in m ? m.answer : m.value);
      }
    });
  });
}

/** The codes of a request refused for its size (src/excel/fake/host.ts). */
const REFUSED = new Set(["RequestPayloadSizeLimitExceeded", "ResponsePayloadSizeLimitExceeded"]);

/** Whether a request only releases tracked objects: instantiations and `_RemoveReference` calls. */
function isCleanup(requestText: string): boolean {
  if (requestText.length > 65_536 || !requestText.includes('"_RemoveReference"')) return false;
  const body = JSON.parse(requestText) as { Actions: Array<{ ActionType: number; Name: string }> };
  return body.Actions.every(
    (a) => (a.ActionType === 1 && a.Name === "") || (a.ActionType === 3 && a.Name === "_RemoveReference"),
  );
}

function count(
  thread: ExcelThread,
  sync: { request_bytes: number; response_bytes: number },
  refused: boolean,
  cleanup: boolean,
): void {
  const phase = thread.phase();
  const { request_bytes: requestBytes, response_bytes: responseBytes } = sync;
  thread.syncs.push({ phase, ...sync, refused, cleanup });
  const use = thread.wire.get(phase) ?? {
    syncs: 0,
    request_bytes: 0,
    response_bytes: 0,
    max_response_bytes: 0,
  };
  use.syncs++;
  use.request_bytes += requestBytes;
  use.response_bytes += responseBytes;
  use.max_response_bytes = Math.max(use.max_response_bytes, responseBytes);
  thread.wire.set(phase, use);
}

function host(port: NonNullable<typeof parentPort>, init: FakeExcelInit): void {
  const excel = createFakeExcel(init);
  const raise = (eventType: number, targetId: string, args: unknown) =>
    port.postMessage({ event: [eventType, targetId, args] } satisfies FromHost);
  const toLibrary = (text: string) => port.postMessage({ bridge: text } satisfies FromHost);
  const callable = excel as unknown as Record<ExcelCall, (...args: unknown[]) => unknown>;
  port.on("message", (m: ToHost) => {
    try {
      if ("request" in m) {
        const answer = JSON.stringify(excel.serveRequest(m.request, raise));
        port.postMessage({ id: m.id, answer } satisfies FromHost);
      } else if ("call" in m) {
        const [method, args] = m.call;
        port.postMessage({ id: m.id, value: callable[method].apply(excel, args) } satisfies FromHost);
      } else if ("functions" in m) {
        excel.useCustomFunctions({ ...m.functions, runner: libraryRunner(toLibrary) });
        port.postMessage({ id: m.id, value: undefined } satisfies FromHost);
      } else port.postMessage({ id: m.id, value: messageToHost(m.bridge) } satisfies FromHost);
    } catch (e) {
      port.postMessage({ id: m.id, error: String(e) } satisfies FromHost);
    }
  });
  port.postMessage({ ready: true } satisfies FromHost);
}

if (!isMainThread && parentPort && (workerData as { excelThread?: FakeExcelInit }).excelThread) {
  const port = parentPort;
  try {
    host(port, (workerData as { excelThread: FakeExcelInit }).excelThread);
  } catch (e) {
    port.postMessage({ failed: String(e) } satisfies FromHost);
  }
}
