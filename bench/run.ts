/**
 * `npm run bench`: runs every bench/*.bench.ts (or those named on the command line) in turn.
 * Each benchmark exports `default async function run(): Promise<void>` and prints ratios, not
 * bare timings: these machines are shared and noisy.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

async function main(): Promise<void> {
  const dir = import.meta.dirname;
  const wanted = process.argv.slice(2);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".bench.ts"))
    .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
    .sort();
  if (files.length === 0) throw new Error(`No benchmark matches ${wanted.join(", ") || "bench/*.bench.ts"}`);
  for (const file of files) {
    console.log(`\n== ${file}`);
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: () => Promise<void> };
    await mod.default();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
