/**
 * Loads Microsoft's office.js for the tests and the benchmarks: the pinned
 * `@microsoft/office-js` package's loader `dist/office.js` then `dist/excel-web-16.00.js` (Excel
 * on the web's runtime: the shared Office runtime, `OfficeExtension`, `Excel` and the custom
 * functions' runtime), in the order a page loads them, read from node_modules and evaluated as
 * they ship, unmodified, in a jsdom window of its own (the library expects a browser's `window`).
 * The loader gives `CustomFunctions.associate` (`OfficeExt.Association`), which the runtime reads
 * as `CustomFunctions._association` when it loads; its start-up then looks for its own
 * `<script>` element to load the host's files and connect to the host's page, and there is none
 * here: it stops there (`OSF._OfficeAppFactory.initialize` throws "Office Web Extension script
 * library file name should be office.js..."), what it defined before kept. Before they run, the window gets the native bridge a host provides
 * (`_richApiNativeBridge`), through which the fake Excel sends events and custom-function
 * invocations and receives their results; the library's `HostBridgeSession` is created so its
 * event messages reach the library's event registration. Licence: the package's LICENSE allows
 * installing and using the library "to design, develop and test" the add-in; it is not copied
 * into the repository.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { JSDOM } from "jsdom";
import {
  type LibraryWindow,
  type NativeBridge,
  type OfficeLibrary,
  evaluateOfficeLoader,
  libraryIn,
  nativeBridge,
  setVersionWithin,
} from "../src/excel/fake/client";

const resolve = createRequire(path.join(process.cwd(), "package.json")).resolve;
/** The library file the tests and benchmarks run. */
export const OFFICE_LIBRARY_FILE = resolve("@microsoft/office-js/dist/excel-web-16.00.js");
/** Office's loader, which a page loads first (`CustomFunctions.associate` is its). */
const OFFICE_LOADER_FILE = resolve("@microsoft/office-js/dist/office.js");

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

export function loadOfficeLibrary(): Promise<OfficeLibrary> {
  const dom = new JSDOM("<!doctype html><html><head></head><body></body></html>", {
    runScripts: "outside-only",
    url: "https://localhost/",
  });
  const window = dom.window as unknown as LibraryWindow;
  // The add-in's requests go through the host's session; the bridge carries the host's messages
  // and the custom functions' results.
  const bridge: NativeBridge = nativeBridge();
  evaluateOfficeLoader(window, bridge, readFileSync(OFFICE_LOADER_FILE, "utf8"));
  window.eval(readFileSync(OFFICE_LIBRARY_FILE, "utf8"));
  return Promise.resolve(libraryIn(window, bridge, isSetSupported));
}
