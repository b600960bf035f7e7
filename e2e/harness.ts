/**
 * End-to-end harness (docs/architecture.md §4 "Browser"): builds the add-in with the preview once, serves it
 * on a loopback port, starts a sandbox of its own, and drives Debian's Chromium with
 * playwright-core (browser downloads do not work here: `scripts/setup.sh` installs `chromium`
 * with apt-get). Tests select by role and label. Screenshots of every step go to
 * `e2e-artifacts/` (not committed).
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type Browser, type BrowserServer, type Page, chromium } from "playwright-core";
import { type RunningSandbox, type SandboxOptions, startSandbox } from "../sandbox/server";

const ROOT = path.resolve(__dirname, "..");
export const ARTIFACTS = path.join(ROOT, "e2e-artifacts");
const CHROMIUM = process.env.VALEPIX_CHROMIUM ?? "/usr/bin/chromium";

/** docs/architecture.md §4: no sandbox (containers), no network the test did not ask for. */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Builds the development bundle (which holds the preview) into a temporary folder, with React's
 * production build (what the add-in ships; development React checks every element and costs
 * the journeys about half their browser time) and no source maps (nobody reads them here).
 */
export async function buildPreview(): Promise<string> {
  const out = await mkdtemp(path.join(tmpdir(), "valepix-e2e-"));
  const webpack = path.join(ROOT, "node_modules", "webpack-cli", "bin", "cli.js");
  await promisify(execFile)(
    process.execPath,
    [
      webpack,
      "--mode",
      "development",
      "--optimization-node-env",
      "production",
      "--no-devtool",
      "--output-path",
      out,
    ],
    { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
  );
  return out;
}

function assertChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: run \`npm run setup\` (it installs Debian's chromium).`);
  }
}

/**
 * One Chromium for the whole run (./global-setup.ts): the journeys connect to it by its
 * WebSocket address (`VALEPIX_E2E_BROWSER`, inherited by jest's workers), each in contexts of
 * its own.
 */
export async function launchBrowserServer(): Promise<BrowserServer> {
  assertChromium();
  return chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".png": "image/png",
  ".map": "application/json",
  ".xml": "application/xml",
};

/** A static server of `dir` on 127.0.0.1, port 0. */
async function serve(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = path.join(dir, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ""));
    readFile(file).then(
      (body) => {
        res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
        res.end(body);
      },
      () => {
        res.writeHead(404);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface World {
  browser: Browser;
  preview: { url: string; close(): Promise<void> };
  sandbox: RunningSandbox;
  dist: string;
  close(): Promise<void>;
}

/** Everything a journey needs; `close()` stops it all. */
export async function startWorld(sandboxOptions: SandboxOptions = {}): Promise<World> {
  const shared = process.env.VALEPIX_E2E_BROWSER;
  if (!shared) assertChromium();
  const ownDist = !process.env.VALEPIX_E2E_DIST;
  const dist = process.env.VALEPIX_E2E_DIST ?? (await buildPreview());
  const preview = await serve(dist);
  const sandbox = await startSandbox({
    corsOrigins: [preview.url],
    // Paid before the pane's first read of the charge (1 s after it starts: src/api/polling.ts).
    pixDelayMs: 500,
    lotDelayMs: 500,
    ...sandboxOptions,
  });
  // Closing a connected browser closes this journey's contexts and leaves the shared one running.
  const browser = shared
    ? await chromium.connect(shared)
    : await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  await mkdir(ARTIFACTS, { recursive: true });
  return {
    browser,
    preview,
    sandbox,
    dist,
    async close() {
      await browser.close();
      await Promise.all([preview.close(), sandbox.close()]);
      if (ownDist) await rm(dist, { recursive: true, force: true });
    },
  };
}

export interface OpenOptions {
  lang?: "pt-BR" | "en-US";
  /** Task pane width, 320 to 400 px. */
  pane?: number;
  width?: number;
  /** The page's clock starts at this moment and runs on (Playwright's `clock.install`). */
  clock?: Date;
}

/** Opens the preview and fails the test on any uncaught page error. */
export async function openPreview(
  world: World,
  options: OpenOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const page = await world.browser.newPage({
    viewport: { width: options.width ?? 1400, height: 800 },
    acceptDownloads: true,
  });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  if (options.clock) await page.clock.install({ time: options.clock });
  const query = new URLSearchParams({
    lang: options.lang ?? "pt-BR",
    pane: String(options.pane ?? 360),
    sandbox: world.sandbox.url,
  });
  await page.goto(`${world.preview.url}/preview.html?${query.toString()}`);
  return { page, errors };
}

/** Funds the demo company's balance by PIX through the API, paid by the sandbox after its delay. */
export async function fundBalance(world: World, cents: number): Promise<void> {
  const res = await fetch(`${world.sandbox.url}/api/v1/valepix/deposits`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${world.sandbox.token}`,
      "content-type": "application/json",
      accept: "application/json",
    },
    body: JSON.stringify({
      amount: cents,
      method: "PIX",
      name: "Financeiro Acme",
      document: "11222333000181",
    }),
  });
  if (!res.ok) throw new Error(`deposit: HTTP ${res.status}`);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
}

/** What the sandbox holds, read through its API with its token (for a journey's final checks). */
export async function apiGet<T = unknown>(world: World, pathname: string): Promise<T> {
  const res = await fetch(`${world.sandbox.url}/api/v1/valepix${pathname}`, {
    headers: { authorization: `Bearer ${world.sandbox.token}`, accept: "application/json" },
  });
  if (!res.ok) throw new Error(`GET ${pathname}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}
