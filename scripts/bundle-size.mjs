// Prints the gzipped weight of what the task pane loads at start: every script and stylesheet
// dist/taskpane.html references (lazy chunks are listed apart). Run after `npm run build`.
// The start weight must stay under 300 KB gzipped (test/build.test.ts holds the same budget).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = new URL("../dist/", import.meta.url).pathname;
const html = readFileSync(join(dist, "taskpane.html"), "utf8");
const start = [...html.matchAll(/(?:src|href)=(?:"([^"]+)"|([^\s>"]+))/g)]
  .map((m) => m[1] ?? m[2])
  .filter((f) => /\.(js|css)$/.test(f) && !/^https?:/.test(f));
const gz = (f) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let total = 0;
for (const f of start) {
  const size = gz(f);
  total += size;
  console.log(`start  ${f.padEnd(40)} ${kb(size)}`);
}
for (const f of readdirSync(dist).filter((f) => f.endsWith(".js") && !start.includes(f))) {
  console.log(`lazy   ${f.padEnd(40)} ${kb(gz(f))}`);
}
console.log(`start total (gzip -9): ${kb(total)}`);
const LIMIT = 300 * 1024;
if (total > LIMIT) {
  console.error(`over the ${kb(LIMIT)} budget`);
  process.exit(1);
}
