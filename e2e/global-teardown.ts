/** Stops the browser of ./global-setup.ts and removes its build (never a folder the caller gave). */
import { rm } from "node:fs/promises";
import type { BrowserServer } from "playwright-core";

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { valepixBrowser?: BrowserServer }).valepixBrowser?.close();
  const dist = process.env.VALEPIX_E2E_DIST;
  if (dist && process.env.VALEPIX_E2E_OWN_DIST === "1") await rm(dist, { recursive: true, force: true });
}
