/**
 * A worker thread that runs one of the benchmarks' TypeScript files: the worker compiles it with
 * tsx's require hook, as `npm run bench` compiles the rest, and the file acts on its `workerData`.
 */
import { Worker, type ResourceLimits } from "node:worker_threads";

export function tsWorker(file: string, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const boot = `require("tsx/cjs"); require(${JSON.stringify(file)});`;
  return new Worker(boot, { eval: true, workerData, ...(resourceLimits ? { resourceLimits } : {}) });
}
