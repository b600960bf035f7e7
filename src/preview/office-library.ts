/**
 * Microsoft's office.js for the preview page: the pinned `@microsoft/office-js` package's loader
 * `dist/office.js` then `dist/excel-web-16.00.js`, in the order a page loads them, copied
 * unmodified from node_modules next to the page by the development build only (webpack.config.js;
 * never committed, never in the production bundle: test/build.test.ts), loaded in a same-origin
 * frame of its own so its globals (`Office`, `Excel`, `OfficeExtension`, `CustomFunctions`) do not
 * meet the page's. The loader gives `CustomFunctions.associate` (`OfficeExt.Association`), which
 * the runtime reads as `CustomFunctions._association` when it loads; it is evaluated in the frame
 * as the tests evaluate it (test/office-library.ts), without a `<script>` element of its own, so
 * its start-up stops where it looks for one to load the host's files and connect to the host's
 * page ("Office Web Extension script library file name should be office.js..."), what it defined
 * before kept. Before the library runs, the frame gets what a host provides: the native bridge
 * (`_richApiNativeBridge`), through which the fake Excel sends events and custom-function
 * invocations and takes their results (../excel/fake/function-bridge.ts), and the context
 * `Office.context` reads (`OSF._OfficeAppFactory.getContext()`), whose
 * `requirements.isSetSupported` answers the manifest's sets as the page's host does, so the
 * library's own gating (the split of large writes, its query and update forms) runs as in
 * Excel. The library's `HostBridgeSession` is created so the bridge's messages reach the
 * library's event registration and its custom functions' runtime. The requests themselves go
 * through the fake's session (../excel/fake/client.ts). Licence: the package's LICENSE allows
 * installing and using the library "to design, develop and test" the add-in.
 */
import type { ExcelRun } from "../excel";
import {
  type LibraryWindow,
  type NativeBridge,
  type OfficeLibrary,
  evaluateOfficeLoader,
  libraryIn,
  nativeBridge,
} from "../excel/fake/client";

/** Where the development build puts the library's files: the loader, then Excel's runtime. */
const OFFICE_LOADER_URL = "office-js-preview/office.js";
const OFFICE_LIBRARY_URL = "office-js-preview/excel-web-16.00.js";

/** What the page's host says of itself to the library. */
export interface LibraryHost {
  isSetSupported(name: string, version?: string | number): boolean;
}

/** A file of the library, as the development build serves it. */
async function sourceOf(url: string): Promise<string> {
  const answer = await fetch(new URL(url, document.baseURI).href);
  if (!answer.ok) throw new Error(`office.js: ${url} did not load (${answer.status})`);
  return answer.text();
}

export async function loadOfficeLibraryInFrame(
  host: LibraryHost,
  urls: { loader: string; library: string } = { loader: OFFICE_LOADER_URL, library: OFFICE_LIBRARY_URL },
): Promise<OfficeLibrary> {
  const frame = document.createElement("iframe");
  frame.hidden = true;
  frame.title = "office.js";
  document.body.append(frame);
  const frameWindow = frame.contentWindow as unknown as LibraryWindow | null;
  const frameDocument = frame.contentDocument;
  if (!frameWindow || !frameDocument) throw new Error("office.js: no frame to load it in");
  // The library's messages to its host (custom functions' results) go to the fake's bridge.
  const bridge: NativeBridge = nativeBridge();
  evaluateOfficeLoader(frameWindow, bridge, await sourceOf(urls.loader));
  return new Promise((resolve, reject) => {
    const script = frameDocument.createElement("script");
    script.src = new URL(urls.library, document.baseURI).href;
    script.onload = () => {
      try {
        resolve(libraryIn(frameWindow, bridge, (name, version) => host.isSetSupported(name, version)));
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    };
    script.onerror = () => reject(new Error(`office.js: ${urls.library} did not load`));
    frameDocument.head.append(script);
  });
}

/**
 * The page's `Excel` global, as an add-in finds it in Excel: the library's namespace (its
 * `RequestContext`, `ErrorCodes` and enums, reached through the prototype, the library's object
 * left as it is), with `run` sending the add-in's batches to the page's fake Excel.
 */
export function excelNamespace(library: OfficeLibrary, run: ExcelRun): object {
  return Object.create(library.Excel, { run: { value: run, enumerable: true } }) as object;
}
