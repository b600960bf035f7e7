/**
 * The sandbox on a thread of its own for the distribution benchmark: the same `startSandbox`
 * (same routes, limits and faults, on loopback), but the server's work no longer shares one
 * event loop with the add-in's client, as it never does outside a benchmark (the API runs on
 * another machine). In one thread, the benchmark timed the sum of both sides' CPU per request.
 *
 * The request log is read over messages (`list`, `reset`); peak heap in the scenario results is
 * then the add-in's alone (the sandbox's heap lives in the worker's isolate).
 */
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { tsWorker } from "./ts-worker";
import { type SandboxOptions, type ServedRequest, startSandbox } from "../sandbox";

type Options = Pick<SandboxOptions, "seedEmployees" | "tokens" | "pixDelayMs" | "lotDelayMs" | "rateLimit">;

export interface SandboxThread {
  url: string;
  requests: { list(): Promise<ServedRequest[]>; reset(): Promise<void> };
  close(): Promise<void>;
}

type Op = "list" | "reset" | "close";
type Reply = { id: number; result?: unknown; error?: string } | { ready: string } | { failed: string };

export function startSandboxThread(options: Options): Promise<SandboxThread> {
  const worker = tsWorker(__filename, { sandboxThread: options });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  const call = (op: Op) =>
    new Promise<unknown>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op });
    });
  // A thread that dies fails every call waiting on it (a benchmark never hangs on a lost answer).
  const failAll = (e: Error) => {
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on("exit", (code) => failAll(new Error(`the sandbox thread exited (code ${code})`)));
  return new Promise((resolve, reject) => {
    worker.on("error", (e) => {
      failAll(e);
      reject(e);
    });
    worker.on("message", (m: Reply) => {
      if ("failed" in m) reject(new Error(m.failed));
      else if ("ready" in m)
        resolve({
          url: m.ready,
          requests: {
            list: () => call("list") as Promise<ServedRequest[]>,
            reset: async () => void (await call("reset")),
          },
          close: async () => {
            await call("close");
            await worker.terminate();
          },
        });
      else {
        const p = pending.get(m.id);
        pending.delete(m.id);
        if (m.error !== undefined) p?.reject(new Error(m.error));
        else p?.resolve(m.result);
      }
    });
  });
}

async function serve(port: NonNullable<typeof parentPort>, options: Options): Promise<void> {
  // No server checks its own answers against the client's schemas; the sandbox does in its tests
  // (sandbox/server.ts, `checkResponses`), and here that would be timed as the server's work.
  const sb = await startSandbox({ ...options, checkResponses: false }).catch((e: unknown) => {
    port.postMessage({ failed: String(e) });
    throw e;
  });
  port.on("message", ({ id, op }: { id: number; op: Op }) => {
    const run = async () => {
      if (op === "list") return sb.requests.list();
      if (op === "reset") return sb.requests.reset();
      await sb.close();
      return undefined;
    };
    run().then(
      (result) => port.postMessage({ id, result }),
      (e: unknown) => port.postMessage({ id, error: String(e) }),
    );
  });
  port.postMessage({ ready: sb.url });
}

const data = workerData as { sandboxThread?: Options } | null;
if (!isMainThread && parentPort && data?.sandboxThread) void serve(parentPort, data.sandboxThread);
