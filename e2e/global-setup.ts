/**
 * Once for every journey of the run: one development build of the add-in (with the preview)
 * into a temporary folder the journeys serve (`VALEPIX_E2E_DIST`), and one Chromium they
 * connect to (`VALEPIX_E2E_BROWSER`); both inherited by jest's workers. A folder given in
 * `VALEPIX_E2E_DIST` beforehand is used as it is (handy while writing a test).
 */
import { buildPreview, launchBrowserServer } from "./harness";

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const [dist, browser] = await Promise.all([
    process.env.VALEPIX_E2E_DIST ? undefined : buildPreview(),
    launchBrowserServer(),
  ]);
  if (dist) {
    process.env.VALEPIX_E2E_DIST = dist;
    process.env.VALEPIX_E2E_OWN_DIST = "1";
  }
  // Read by ./global-teardown.ts (jest runs both in its parent process).
  (globalThis as { valepixBrowser?: typeof browser }).valepixBrowser = browser;
  process.env.VALEPIX_E2E_BROWSER = browser.wsEndpoint();
  console.error(`e2e: preview built and browser started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
