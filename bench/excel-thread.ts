/**
 * The fake Excel on a thread of its own for the distribution benchmark, as Excel is a process of
 * its own beside the add-in: the add-in's side (its code, Microsoft's office.js and its proxies)
 * runs on the main thread and sends each request's JSON text across; the host (the fake's model
 * of 50,000 rows, its formulas and its answers) runs in the worker and sends back the answer's
 * JSON text. The main thread's peak heap is then the add-in's alone, and the wire is measured
 * where it is serialized: the UTF-8 bytes of each request and answer, per phase of the month.
 */
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { utf8Length } from "../src/workbook/blocks";
import type { ExcelRun } from "../src/excel";
import { type ExecutorResponse, type FakeExcelInit, createFakeExcel } from "../src/excel/fake";
import { hostSession, officeLibrary, sendEvent } from "../src/excel/fake/client";

/** One phase's traffic on the wire. */
export interface WireUse {
  syncs: number;
  request_bytes: number;
  response_bytes: number;
  max_response_bytes: number;
}

export interface ExcelThread {
  /** `Excel.run` of the add-in: office.js here, the fake on the thread. */
  run: ExcelRun;
  /** Names the phase the next requests belong to. */
  phase: () => string;
  /** The traffic so far, by phase. */
  wire: Map<string, WireUse>;
  /**
   * Called with each request's phase once office.js has serialized it, before it crosses: the
   * moment the add-in's side holds the most for that sync (its data, the library's request
   * objects and the request's text).
   */
  onRequest?: ((phase: string) => void) | undefined;
  close(): Promise<void>;
}

type ToHost = { id: number; request: string };
type FromHost =
  | { id: number; answer: string }
  | { id: number; error: string }
  | { event: [number, string, unknown] }
  | { ready: true }
  | { failed: string };

export function startExcelThread(init: FakeExcelInit): Promise<ExcelThread> {
  // The worker compiles this file with tsx's require hook, as `npm run bench` compiles the rest.
  const boot = `require("tsx/cjs"); require(${JSON.stringify(__filename)});`;
  const worker = new Worker(boot, { eval: true, workerData: { excelThread: init } });
  const pending = new Map<number, { resolve: (v: string) => void; reject: (e: Error) => void }>();
  let next = 0;
  const thread: ExcelThread = {
    phase: () => "setup",
    wire: new Map(),
    run: async (batch) => {
      const library = await officeLibrary();
      session ??= hostSession(library, {
        sent: () => undefined,
        answer: (request) => ask(request),
      });
      return library.Excel.run(session, (context) => batch(context));
    },
    close: async () => void (await worker.terminate()),
  };
  let session: object | undefined;
  const ask = async (request: string): Promise<ExecutorResponse> => {
    thread.onRequest?.(thread.phase());
    const id = next++;
    const text = await new Promise<string>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, request } satisfies ToHost);
    });
    count(thread, utf8Length(request), utf8Length(text));
    return JSON.parse(text) as ExecutorResponse;
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
      else {
        const p = pending.get(m.id);
        pending.delete(m.id);
        if ("error" in m) p?.reject(new Error(m.error));
        else p?.resolve(m.answer);
      }
    });
  });
}

function count(thread: ExcelThread, requestBytes: number, responseBytes: number): void {
  const phase = thread.phase();
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
  port.on("message", ({ id, request }: ToHost) => {
    try {
      const answer = JSON.stringify(excel.serveRequest(request, raise));
      port.postMessage({ id, answer } satisfies FromHost);
    } catch (e) {
      port.postMessage({ id, error: String(e) } satisfies FromHost);
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
