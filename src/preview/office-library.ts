/**
 * Microsoft's office.js for the preview page: the pinned `@microsoft/office-js` package's
 * `dist/excel-web-16.00.js`, copied unmodified from node_modules next to the page by the
 * development build only (webpack.config.js; never committed, never in the production bundle:
 * test/build.test.ts), loaded in a same-origin frame of its own so its globals (`Office`,
 * `Excel`, `OfficeExtension`) do not meet the page's. Before it runs, the frame gets what a host
 * provides: the native bridge (`_richApiNativeBridge`), through which the fake Excel sends
 * events, and the context `Office.context` reads (`OSF._OfficeAppFactory.getContext()`), whose
 * `requirements.isSetSupported` answers the manifest's sets as the page's host does, so the
 * library's own gating (the split of large writes, its query and update forms) runs as in
 * Excel. The library's `HostBridgeSession` is created so its event messages reach the library's
 * event registration. The requests themselves go through the fake's session
 * (../excel/fake/client.ts). Licence: the package's LICENSE allows installing and using the
 * library "to design, develop and test" the add-in.
 */
import type { ExcelRun } from "../excel";
import type { NativeBridge, OfficeLibrary } from "../excel/fake/client";

/** Where the development build puts the library file. */
const OFFICE_LIBRARY_URL = "office-js-preview/excel-web-16.00.js";

interface LibraryWindow {
  _richApiNativeBridge?: NativeBridge;
  OSF?: { _OfficeAppFactory?: { getContext(): unknown } };
  Excel: OfficeLibrary["Excel"];
  OfficeExtension: OfficeLibrary["OfficeExtension"] & {
    HostBridgeSession: { getInstanceIfHostBridgeInited(): unknown };
  };
}

/** What the page's host says of itself to the library. */
export interface LibraryHost {
  isSetSupported(name: string, version?: string | number): boolean;
}

export function loadOfficeLibraryInFrame(
  host: LibraryHost,
  url = OFFICE_LIBRARY_URL,
): Promise<OfficeLibrary> {
  const frame = document.createElement("iframe");
  frame.hidden = true;
  frame.title = "office.js";
  document.body.append(frame);
  const frameWindow = frame.contentWindow as unknown as LibraryWindow | null;
  const frameDocument = frame.contentDocument;
  if (!frameWindow || !frameDocument) return Promise.reject(new Error("office.js: no frame to load it in"));
  const bridge: NativeBridge = { sendMessageToHost: () => undefined };
  frameWindow._richApiNativeBridge = bridge;
  return new Promise((resolve, reject) => {
    const script = frameDocument.createElement("script");
    script.src = new URL(url, document.baseURI).href;
    script.onload = () => {
      const context = {
        requirements: {
          isSetSupported: (name: string, version?: string | number) => host.isSetSupported(name, version),
        },
      };
      const osf = frameWindow.OSF;
      if (osf) osf._OfficeAppFactory ??= { getContext: () => context };
      frameWindow.OfficeExtension.HostBridgeSession.getInstanceIfHostBridgeInited();
      resolve({ Excel: frameWindow.Excel, OfficeExtension: frameWindow.OfficeExtension, bridge });
    };
    script.onerror = () => reject(new Error(`office.js: ${url} did not load`));
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
