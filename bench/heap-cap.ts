/**
 * A benchmark run inside a heap the add-in may not outgrow (`npm run bench -- <name> --heap-cap=MB`):
 * the benchmark's own thread (the add-in, Microsoft's office.js and its window) becomes a worker
 * whose old generation is capped at `MB` (`resourceLimits.maxOldGenerationSizeMb`), while the
 * fake Excel and the sandbox keep threads of their own with the default limits, as they are
 * processes of their own in use. V8 collects garbage as the cap nears, so a run that completes
 * shows that what the add-in keeps alive fits, whatever the uncapped heap's samples (garbage
 * included) reached; a run that does not fit ends with `ERR_WORKER_OUT_OF_MEMORY`.
 *
 * Node's `--max-old-space-size` cannot do this: it overrides every worker's own limit, so it would
 * cap the fake Excel's 50,000-row model too (Node's "Worker resourceLimits").
 */
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { tsWorker } from "./ts-worker";
import { provideOfficeLibrary } from "../src/excel/fake/client";
import { loadOfficeLibrary } from "../test/office-library";

/** What the capped thread is asked to run: a bench file's default export with these options. */
interface CappedRun {
  file: string;
  options: Record<string, unknown>;
}

/** Runs `file`'s benchmark with `options` in a thread whose heap is capped at `capMb`. */
export function runCapped(
  file: string,
  options: Record<string, unknown>,
  capMb: number,
): Promise<Record<string, unknown> | void> {
  const worker = tsWorker(
    __filename,
    { cappedRun: { file, options } satisfies CappedRun },
    { maxOldGenerationSizeMb: capMb },
  );
  return new Promise((resolve, reject) => {
    worker.once("message", (out: Record<string, unknown> | undefined) => resolve(out));
    worker.once("error", (error: Error & { code?: string }) =>
      reject(
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new Error(`${file} did not fit in a heap of ${capMb} MB: ${error.message}`)
          : error,
      ),
    );
    worker.once("exit", (code) => reject(new Error(`${file}'s capped thread exited (${code})`)));
  });
}

async function runHere({ file, options }: CappedRun): Promise<void> {
  provideOfficeLibrary(loadOfficeLibrary);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const bench = require(file) as { default: (o: Record<string, unknown>) => Promise<unknown> };
  const out = await bench.default(options);
  parentPort!.postMessage(out);
  // The bench's own threads are closed; ending here lets the worker exit once the answer is sent.
  process.exit(0);
}

const capped = isMainThread ? undefined : (workerData as { cappedRun?: CappedRun } | null)?.cappedRun;
if (capped) void runHere(capped);
