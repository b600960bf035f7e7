/**
 * `npm run bench [-- --quick] [names…] [--only=scenario,…]`: runs every bench/*.bench.ts (or those
 * whose file name contains one of `names`) in turn, prints what each measures, and writes what
 * they return to bench/results.json (with the machine it ran on). `--quick` asks each benchmark
 * for its short form (CI's gate, under a minute: distribution.bench.ts says which scenarios).
 * `--only` runs the distribution scenarios named (e.g. `distribution --only=first-month-50k`).
 * `--heap-live` (under `NODE_OPTIONS=--expose-gc`) records the distribution's live heap at each
 * Office sync, and `--heap-snapshot=<phase>:<n>` writes a heap snapshot at the n-th sync of a
 * phase (bench/measure.ts `heapProbe`), to see what holds the add-in's heap. `--heap-cap=MB` runs
 * each benchmark in a thread whose heap may not grow past MB (bench/heap-cap.ts): it completes
 * only if what the add-in keeps alive fits.
 *
 * Each benchmark exports `default async function run({ quick }): Promise<object | void>` and prints
 * ratios, not bare timings: these machines are shared and noisy. `--check` exits non-zero when a
 * target that does not depend on the machine's speed fails (bench/targets.ts).
 */
import { readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { runCapped } from "./heap-cap";
import type { HeapOptions } from "./measure";
import { type Report, checkTargets, printTable } from "./targets";
import { provideOfficeLibrary } from "../src/excel/fake/client";
import { loadOfficeLibrary } from "../test/office-library";

// The benchmarks' Excel is the fake, driven by Microsoft's office.js as in the tests.
provideOfficeLibrary(loadOfficeLibrary);

type Bench = (options: {
  quick: boolean;
  only: string[];
  heap: HeapOptions;
}) => Promise<Record<string, unknown> | void>;

async function main(): Promise<void> {
  const dir = import.meta.dirname;
  const args = process.argv.slice(2);
  const quick = args.includes("--quick");
  const check = args.includes("--check");
  const wanted = args.filter((a) => !a.startsWith("--"));
  const only = args
    .filter((a) => a.startsWith("--only="))
    .flatMap((a) => a.slice("--only=".length).split(","))
    .filter((n) => n !== "");
  const snapshot = args.find((a) => a.startsWith("--heap-snapshot="))?.slice("--heap-snapshot=".length);
  const [snapshotPhase, snapshotSync] = snapshot?.split(":") ?? [];
  const heap: HeapOptions = {
    live: args.includes("--heap-live"),
    snapshotAt: snapshotPhase ? { phase: snapshotPhase, sync: Number(snapshotSync ?? 1) } : undefined,
  };
  const cap = Number(args.find((a) => a.startsWith("--heap-cap="))?.slice("--heap-cap=".length) ?? 0);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".bench.ts"))
    .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
    .sort();
  if (files.length === 0) throw new Error(`No benchmark matches ${wanted.join(", ") || "bench/*.bench.ts"}`);
  const started = Date.now();
  const results: Record<string, unknown> = {};
  for (const file of files) {
    console.log(`\n== ${file}`);
    const t0 = Date.now();
    const out =
      cap > 0
        ? await runCapped(path.join(dir, file), { quick, only, heap }, cap)
        : await ((await import(pathToFileURL(path.join(dir, file)).href)) as { default: Bench }).default({
            quick,
            only,
            heap,
          });
    if (out) Object.assign(results, out);
    console.log(`== ${file}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const durationS = Math.round((Date.now() - started) / 1000);
  const report: Report & Record<string, unknown> = {
    date: new Date(started).toISOString(),
    quick,
    duration_s: durationS,
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? "unknown",
      memory_gb: Math.round(os.totalmem() / 2 ** 30),
      load_average_at_end: os.loadavg().map((l) => Math.round(l * 100) / 100),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    ...results,
  };
  writeFileSync(path.join(dir, "results.json"), JSON.stringify(report, null, 2) + "\n");
  printTable(report);
  console.log(`\nbench/results.json written (${durationS} s)`);
  if (check) {
    const failures = checkTargets(report);
    for (const f of failures) console.error(`TARGET MISSED: ${f}`);
    if (failures.length > 0) process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
