/**
 * One development build of the add-in (with the preview) for every journey of the run, into a
 * temporary folder the journeys serve (`VALEPIX_E2E_DIST`, inherited by jest's workers). A
 * folder given in `VALEPIX_E2E_DIST` beforehand is used as it is (handy while writing a test).
 */
import { buildPreview } from "./harness";

export default async function globalSetup(): Promise<void> {
  if (process.env.VALEPIX_E2E_DIST) return;
  const started = Date.now();
  process.env.VALEPIX_E2E_DIST = await buildPreview();
  process.env.VALEPIX_E2E_OWN_DIST = "1";
  console.error(`e2e: preview built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
