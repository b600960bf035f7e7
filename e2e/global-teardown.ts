/** Removes the build of ./global-setup.ts (never a folder the caller gave). */
import { rm } from "node:fs/promises";

export default async function globalTeardown(): Promise<void> {
  const dist = process.env.VALEPIX_E2E_DIST;
  if (dist && process.env.VALEPIX_E2E_OWN_DIST === "1") await rm(dist, { recursive: true, force: true });
}
