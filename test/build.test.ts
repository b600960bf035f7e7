/**
 * The production build for a customer's host (issue 11, item 6): `VALEPIX_HOST` rewrites every
 * URL of the manifest and the pages, `VALEPIX_API_HOSTS` goes into <AppDomains> and the CSP, and
 * `VALEPIX_OFFICE_JS=self` serves office.js with the add-in. One real webpack build into a
 * temporary folder, then the manifest is checked against the schemas with xmllint.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";

const ROOT = path.resolve(__dirname, "..");
const HOST = "https://addin.example.com/valepix/";
const API = "https://api.example.com";

// A full production build on a shared, busy machine (not a speed test): 30 s alone, minutes
// beside a full test run and other builds, over 10 minutes at a load of 13 on 2 cores.
jest.setTimeout(1_200_000);

let out: string;
let modulesFile: string;
beforeAll(async () => {
  out = mkdtempSync(path.join(tmpdir(), "valepix-build-"));
  // The bundled modules' paths, beside the build, not in it (webpack.config.js, ModuleListPlugin).
  modulesFile = `${out}-modules.json`;
  const webpack = path.join(ROOT, "node_modules", "webpack-cli", "bin", "cli.js");
  await promisify(execFile)(process.execPath, [webpack, "--mode", "production", "--output-path", out], {
    cwd: ROOT,
    env: {
      ...process.env,
      VALEPIX_HOST: HOST,
      VALEPIX_API_HOSTS: API,
      VALEPIX_OFFICE_JS: "self",
      VALEPIX_MODULES_FILE: modulesFile,
    },
    maxBuffer: 64 * 1024 * 1024,
  });
});
afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
  if (modulesFile) rmSync(modulesFile, { force: true });
});

const read = (f: string) => readFileSync(path.join(out, f), "utf8");
/** The URLs the manifest uses: namespaces (xmlns="…") and comments are not fetched. */
function manifestUrls(): string[] {
  const xml = read("manifest.xml")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/\sxmlns(:\w+)?="[^"]*"/g, "");
  return [...xml.matchAll(/https?:\/\/[^"<\s]+/g)].map((m) => m[0]);
}

test("every URL of dist/manifest.xml points to the configured host (or is an API domain)", () => {
  const urls = manifestUrls();
  expect(urls.length).toBeGreaterThan(20);
  const origin = new URL(HOST).origin;
  for (const url of urls) {
    const ok = url.startsWith(HOST) || url === origin || url === API;
    if (!ok) throw new Error(`${url} does not point to ${HOST}`);
  }
  expect(urls).toContain(`${HOST}taskpane.html`);
  expect(urls).toContain(API);
  expect(read("manifest.xml")).not.toContain("localhost");
});

test("every file the manifest names under the host is in the build", () => {
  for (const url of manifestUrls().filter((u) => u.startsWith(HOST))) {
    const file = url.slice(HOST.length);
    if (!existsSync(path.join(out, file))) throw new Error(`${url}: ${file} is not in the build`);
  }
});

test("dist/manifest.xml validates against the Office add-in manifest schemas", () => {
  // npm run validate:manifest's check (the shared schemas with <ExtendedOverrides>).
  const script = path.join(ROOT, "scripts/build/validate-manifest.mjs");
  const result = spawnSync(process.execPath, [script, path.join(out, "manifest.xml")], { encoding: "utf8" });
  expect(result.stderr.trim()).toBe(`${path.join(out, "manifest.xml")} validates`);
  expect(result.status).toBe(0);
});

test("the keyboard shortcuts: <ExtendedOverrides> names the build's shortcuts.json, the one in src/commands", () => {
  const url = /<ExtendedOverrides Url="([^"]+)"/.exec(read("manifest.xml"))?.[1];
  expect(url).toBe(`${HOST}shortcuts.json`);
  expect(JSON.parse(read("shortcuts.json"))).toEqual(
    JSON.parse(readFileSync(path.join(ROOT, "src/commands/shortcuts.json"), "utf8")),
  );
});

test("the fake Excel and its formula engine stay out of the production bundle (issue 21)", () => {
  const names = JSON.parse(readFileSync(modulesFile, "utf8")) as string[];
  expect(names.some((n) => n.includes("src/excel/office-workbook.ts"))).toBe(true);
  // The fake (src/excel/fake), its formula engine and its number-format parser: tests, the
  // preview and the benchmarks import them from src/excel/fake, never through src/excel/index.ts.
  const forbidden = /src\/excel\/fake\/|node_modules\/(@formulajs\/formulajs|@borgar\/fx|numfmt)\//;
  expect(names.filter((n) => forbidden.test(n))).toEqual([]);
  // The preview's copy of office.js (src/preview/office-library.ts) is for development builds only.
  expect(existsSync(path.join(out, "office-js-preview"))).toBe(false);
});

test("the pane's start weight stays under its budget (gzip -9, as npm run size measures it)", () => {
  const html = read("taskpane.html");
  const start = [...html.matchAll(/(?:src|href)=(?:"([^"]+)"|([^\s>"]+))/g)]
    .map((m) => m[1] ?? m[2]!)
    // office.js is Microsoft's (from its CDN in the default build): not the add-in's weight.
    .filter((f) => /\.(js|css)$/.test(f) && !/^https?:/.test(f) && !f.startsWith("office-js/"));
  expect(start).toContain("functions.js");
  const total = start.reduce(
    (sum, f) => sum + gzipSync(readFileSync(path.join(out, f)), { level: 9 }).length,
    0,
  );
  // Measured 287.3 KB once the fake left the bundle (347.2 KB with it), 304.7 KB with the
  // receipt, the reducers and the disclosures of Fluent's Accordion and its motion, then 298.1 KB
  // with the pane's own small disclosure (src/ui/Disclosure.tsx) in place of Accordion:
  // the 300 KB target of issue 12, item 8 (scripts/bundle-size.mjs), with little room left.
  expect(total).toBeLessThan(300 * 1024);
  expect(total).toBeGreaterThan(200 * 1024);
});

test("the pane's page: office.js served with it, a CSP that names only what it loads", () => {
  const html = read("taskpane.html");
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="?([^"\s>]+)/g)].map((m) => m[1]!);
  expect(scripts[0]).toBe("office-js/office.js");
  for (const src of scripts) expect(existsSync(path.join(out, src))).toBe(true);
  expect(html).not.toContain("appsforoffice.microsoft.com");
  const csp = /http-equiv="?Content-Security-Policy"? content="([^"]+)"/.exec(html)?.[1];
  expect(csp).toBeDefined();
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain(`connect-src 'self' ${API};`);
  // The self-hosted copy holds office.js's host scripts, without the debug builds.
  const copied = readdirSync(path.join(out, "office-js"));
  expect(copied).toContain("office.js");
  expect(copied.some((f) => f.startsWith("excel-"))).toBe(true);
  expect(copied.some((f) => f.endsWith(".debug.js"))).toBe(false);
});

test("no page or manifest still points at the development host", () => {
  for (const f of readdirSync(out).filter((f) => /\.(html|xml)$/.test(f)))
    expect(read(f)).not.toContain("localhost:3000");
  expect(read("help.html")).toContain("Content-Security-Policy");
});

test("the custom functions: their metadata in English and Portuguese, and their code associated on the page", () => {
  const english = JSON.parse(read("functions.json")) as { functions: Array<{ id: string; name: string }> };
  const portuguese = JSON.parse(read("functions-pt-br.json")) as typeof english;
  expect(english.functions.map((f) => [f.id, f.name])).toEqual([
    ["BALANCE", "BALANCE"],
    ["TRANSACTIONS", "TRANSACTIONS"],
    ["DISTRIBUTION", "DISTRIBUTION"],
    ["DEPOSIT", "DEPOSIT"],
  ]);
  expect(portuguese.functions.map((f) => [f.id, f.name])).toEqual([
    ["BALANCE", "SALDO"],
    ["TRANSACTIONS", "TRANSACOES"],
    ["DISTRIBUTION", "DISTRIBUICAO"],
    ["DEPOSIT", "DEPOSITO"],
  ]);
  // The plugin appended one associate per function to the functions entry, which the page loads.
  const code = read("functions.js");
  for (const f of english.functions) expect(code).toContain(`CustomFunctions.associate("${f.id}",`);
  expect(read("taskpane.html")).toMatch(/<script[^>]*src="?functions\.js/);
});

test("a production build for a host without VALEPIX_API_HOSTS fails before building, saying what to set (issue 22)", () => {
  const webpack = path.join(ROOT, "node_modules", "webpack-cli", "bin", "cli.js");
  const empty = mkdtempSync(path.join(tmpdir(), "valepix-build-refused-"));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, VALEPIX_HOST: HOST };
    delete env.VALEPIX_API_HOSTS;
    delete env.VALEPIX_API_ANY_HOST;
    const r = spawnSync(process.execPath, [webpack, "--mode", "production", "--output-path", empty], {
      cwd: ROOT,
      env,
      encoding: "utf8",
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr + r.stdout).toContain("VALEPIX_API_HOSTS is not set");
    expect(r.stderr + r.stdout).toContain("VALEPIX_API_ANY_HOST=1");
    expect(readdirSync(empty)).toEqual([]);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test("dist/bundle-packages.json lists what the bundles ship, every package allowed by the policy", () => {
  const report = JSON.parse(read("bundle-packages.json")) as {
    policy: string;
    packages: Array<{ name: string; version: string; license: string; modules: number }>;
    problems: string[];
  };
  expect(report.policy).toBe("security/bundle-policy.json");
  expect(report.problems).toEqual([]);
  const names = report.packages.map((p) => p.name);
  // What the pane is made of is there; what only the sandbox, tests or preview use is not.
  for (const shipped of ["react", "react-dom", "zod", "uqr", "@fluentui/react-button"])
    expect(names).toContain(shipped);
  // The fake Excel and its formula engine (numfmt, formulajs, fx) stay out of production (issue 21).
  for (const absent of [
    "fastify",
    "better-sqlite3",
    "exceljs",
    "react-data-grid",
    "jest",
    "numfmt",
    "@formulajs/formulajs",
    "@borgar/fx",
  ])
    expect(names).not.toContain(absent);
  for (const p of report.packages) {
    expect(p.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(p.modules).toBeGreaterThan(0);
  }
});
