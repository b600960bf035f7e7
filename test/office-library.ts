/**
 * Loads Microsoft's office.js for the tests and the benchmarks: the pinned
 * `@microsoft/office-js` package's `dist/excel-web-16.00.js` (Excel on the web's runtime: the
 * shared Office runtime, `OfficeExtension` and `Excel`), read from node_modules and evaluated as
 * it ships, unmodified, in a jsdom window of its own (the library expects a browser's `window`).
 * Before it runs, the window gets the native bridge a host provides (`_richApiNativeBridge`),
 * through which the fake Excel sends events; the library's `HostBridgeSession` is created so its
 * event messages reach the library's event registration. Licence: the package's LICENSE allows
 * installing and using the library "to design, develop and test" the add-in; it is not copied
 * into the repository.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { JSDOM } from "jsdom";
import { type NativeBridge, type OfficeLibrary, setVersionWithin } from "../src/excel/fake/client";

/** The library file the tests and benchmarks run. */
export const OFFICE_LIBRARY_FILE = createRequire(path.join(process.cwd(), "package.json")).resolve(
  "@microsoft/office-js/dist/excel-web-16.00.js",
);

/**
 * The requirement sets the add-in's manifest declares (`<Set Name MinVersion>`), as the host
 * answers `Office.context.requirements.isSetSupported`: the library checks each API's set
 * where it depends on one (it splits a large `values` write only with ExcelApi 1.3,
 * `setRangePropertiesInBulk`). Its per-API check (`throwIfApiNotSupported`) is off in this build
 * (it reads `CommonUtility._doApiNotSupportedCheck`, false): test/api-sets.test.ts is that gate.
 */
const supportedSets: Map<string, string> = manifestSets();

function manifestSets(): Map<string, string> {
  const manifest = readFileSync(path.join(process.cwd(), "manifest.xml"), "utf8");
  const sets = new Map<string, string>();
  for (const match of manifest.matchAll(/<Set Name="([^"]+)" MinVersion="([^"]+)"\s*\/>/g))
    sets.set(match[1]!, match[2]!);
  return sets;
}

function isSetSupported(name: string, version?: string | number): boolean {
  const highest = supportedSets.get(name);
  return highest !== undefined && setVersionWithin(version, highest);
}

interface LibraryWindow {
  eval(source: string): unknown;
  OSF: { _OfficeAppFactory?: { getContext(): unknown } };
  _richApiNativeBridge?: NativeBridge;
  Excel: OfficeLibrary["Excel"];
  OfficeExtension: OfficeLibrary["OfficeExtension"] & {
    HostBridgeSession: { getInstanceIfHostBridgeInited(): unknown };
  };
}

export function loadOfficeLibrary(): Promise<OfficeLibrary> {
  const dom = new JSDOM("<!doctype html><html><head></head><body></body></html>", {
    runScripts: "outside-only",
    url: "https://localhost/",
  });
  const window = dom.window as unknown as LibraryWindow;
  // The add-in sends nothing through the bridge: requests go through the host's session.
  const bridge: NativeBridge = { sendMessageToHost: () => undefined };
  window._richApiNativeBridge = bridge;
  window.eval(readFileSync(OFFICE_LIBRARY_FILE, "utf8"));
  window.OfficeExtension.HostBridgeSession.getInstanceIfHostBridgeInited();
  // What the host tells the add-in of itself: `Office.context` reads it from the app factory
  // that office.js's loader sets up when Office starts (`OSF._OfficeAppFactory.getContext()`);
  // the loader is not loaded here, so its context is the manifest's requirement sets only.
  const context = { requirements: { isSetSupported } };
  window.OSF._OfficeAppFactory ??= { getContext: () => context };
  return Promise.resolve({ Excel: window.Excel, OfficeExtension: window.OfficeExtension, bridge });
}
