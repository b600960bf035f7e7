// Prints the npm packages the production bundles ship (name@version, licence, modules) and what
// security/bundle-policy.json refuses in them. It runs the production build
// (whose BundlePackagesPlugin writes dist/bundle-packages.json and fails on a refused package),
// then prints that file. `npm run deps -- --no-build` prints the last build's list as it is.
// Offline: no advisory service is asked (README: What ships, and the dependency check).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const require = createRequire(import.meta.url);
const { BUNDLE_PACKAGES_FILE } = require("./build/bundle-packages.cjs");
const file = join(root, "dist", BUNDLE_PACKAGES_FILE);

let built = 0;
if (!process.argv.includes("--no-build")) {
  const webpack = join(root, "node_modules", "webpack-cli", "bin", "cli.js");
  const run = spawnSync(process.execPath, [webpack, "--mode", "production", "--stats", "errors-only"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
  });
  built = run.status ?? 1;
}
if (!existsSync(file)) {
  console.error(`${file} is missing: run npm run build (or npm run deps without --no-build).`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, "utf8"));
const width = Math.max(...report.packages.map((p) => `${p.name}@${p.version}`.length));
for (const p of report.packages)
  console.log(`${`${p.name}@${p.version}`.padEnd(width)}  ${p.license.padEnd(14)} ${p.modules} module(s)`);
console.log(`${report.packages.length} packages in the bundles; policy: ${report.policy}`);
for (const problem of report.problems) console.error(`REFUSED: ${problem}`);
process.exit(report.problems.length > 0 || built !== 0 ? 1 : 0);
