/**
 * Microsoft's office.js for the preview page: the pinned `@microsoft/office-js` package's
 * `dist/excel-web-16.00.js`, copied unmodified next to the page by the development build
 * (webpack.config.js), loaded in a same-origin frame of its own so its globals (`Office`,
 * `Excel`, `OfficeExtension`) do not meet the page's. The frame gets the native bridge a host
 * provides (`_richApiNativeBridge`) before the library runs, through which the fake Excel sends
 * events; the library's `HostBridgeSession` is created so its event messages reach the library's
 * event registration. The requests themselves go through the fake's session (../excel/fake/client.ts).
 */
import type { NativeBridge, OfficeLibrary } from "../excel/fake/client";

/** Where the development build puts the library file. */
const OFFICE_LIBRARY_URL = "office-js-preview/excel-web-16.00.js";

interface LibraryWindow {
  _richApiNativeBridge?: NativeBridge;
  Excel: OfficeLibrary["Excel"];
  OfficeExtension: OfficeLibrary["OfficeExtension"] & {
    HostBridgeSession: { getInstanceIfHostBridgeInited(): unknown };
  };
}

export function loadOfficeLibraryInFrame(url: string = OFFICE_LIBRARY_URL): Promise<OfficeLibrary> {
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
      frameWindow.OfficeExtension.HostBridgeSession.getInstanceIfHostBridgeInited();
      resolve({ Excel: frameWindow.Excel, OfficeExtension: frameWindow.OfficeExtension, bridge });
    };
    script.onerror = () => reject(new Error(`office.js: ${url} did not load`));
    frameDocument.head.append(script);
  });
}
