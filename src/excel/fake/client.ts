/**
 * Microsoft's office.js as the client of the fake Excel: the library (`@microsoft/office-js`,
 * the pinned dev dependency, loaded unmodified from its dist file by the environment: jest and the
 * benchmarks through test/office-library.ts, the preview through src/preview/office-library.ts)
 * runs the add-in's `Excel.run` batches, and sends each request to the fake through the library's own seam for a
 * host: a session (`OfficeExtension.SessionBase`) whose request executor
 * (`_createRequestExecutorOrNull()`, `executeAsync(customData, flags, {Url, Headers, Body})`)
 * is the host (./host.ts). Events go the way a native host sends them, as messages on
 * `window._richApiNativeBridge` (`HostBridge.onMessageFromHost`, message type 3 with
 * `{entries: [{messageCategory: 65536, messageType, targetId, message}]}`), and so do
 * custom-function invocations (./function-bridge.ts), whose results the library sends back as
 * requests on the same bridge (`sendMessageToHost`).
 */
import { messageToHost } from "./function-bridge";
import type { ExecutorResponse } from "./host";

/** `OfficeExtension.SessionBase` as the library defines it (not in @types/office-js). */
interface SessionBaseClass {
  new (): object;
}

/** The native bridge object the library reads as `window._richApiNativeBridge` when it loads. */
export interface NativeBridge {
  sendMessageToHost(text: string): void;
  /** Set by the library (`HostBridge`): the host calls it with each message for the add-in. */
  onMessageFromHost?: (text: string) => void;
}

/**
 * The `CustomFunctions` of the library's window: `associate` is office.js's loader's
 * (`OfficeExt.Association`, which excel-web-16.00.js's `CustomFunctionProxy` reads as
 * `CustomFunctions._association`), `Error` and `ErrorCode` the runtime's.
 */
export interface LibraryCustomFunctions {
  associate(id: string, fn: (...args: never[]) => unknown): void;
  Error: new (code: string, message?: string) => Error;
}

/** The library's globals the fake needs, from the realm it was loaded in. */
export interface OfficeLibrary {
  Excel: {
    run<T>(session: object, batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
    RequestContext: new (...args: never[]) => Excel.RequestContext;
  };
  OfficeExtension: {
    SessionBase: SessionBaseClass;
    ClientRequestContext: new (...args: never[]) => object;
    GenericEventRegistration: { getGenericEventRegistration(controlId: string): unknown };
  };
  bridge: NativeBridge;
  /** The loader's (office.js, loaded first everywhere), which the runtime completed. */
  CustomFunctions: LibraryCustomFunctions;
}

/** Where the library's messages to its host go: a host answering in this thread, or a thread's. */
type HostEnd = (text: string) => string | undefined | Promise<string | undefined>;
let hostEnd: HostEnd = messageToHost;

/** Sends the library's bridge messages to a host on another thread (bench/excel-thread.ts). */
export function bridgeToHost(end: HostEnd): void {
  hostEnd = end;
}

/**
 * The native bridge an environment gives the library before loading it
 * (`window._richApiNativeBridge`, which `HostBridge.init` takes): the library's messages go to
 * the host, and an answer comes back a timer turn later through `onMessageFromHost`, as a host's.
 */
export function nativeBridge(): NativeBridge {
  const bridge: NativeBridge = {
    sendMessageToHost(text) {
      void Promise.resolve(hostEnd(text)).then((answer) => {
        if (answer !== undefined) setTimeout(() => bridge.onMessageFromHost?.(answer), 0);
      });
    },
  };
  return bridge;
}

/** The window office.js runs in (a jsdom window in jest and the benchmarks, the preview's frame). */
export interface LibraryWindow {
  eval(source: string): unknown;
  _richApiNativeBridge?: NativeBridge;
  OSF?: { _OfficeAppFactory?: { getContext(): unknown; setContext?(context: unknown): void } };
  CustomFunctions?: LibraryCustomFunctions;
  Excel: OfficeLibrary["Excel"];
  OfficeExtension: OfficeLibrary["OfficeExtension"] & {
    HostBridgeSession: { getInstanceIfHostBridgeInited(): unknown };
  };
}

/**
 * Evaluates office.js's loader (`dist/office.js`) in `window`, which first gets the native bridge
 * a host provides. The loader defines `CustomFunctions.associate` (`OfficeExt.Association`),
 * which the runtime reads as `CustomFunctions._association` when it loads; then its start-up
 * looks for its own `<script>` element to load the host's files and connect to the host's page.
 * There is none where the fake is the host, so it stops there
 * (`OSF._OfficeAppFactory.initialize` throws "Office Web Extension script library file name
 * should be office.js..."), what it defined before kept; any other failure is the loader's.
 */
export function evaluateOfficeLoader(window: LibraryWindow, bridge: NativeBridge, source: string): void {
  window._richApiNativeBridge = bridge;
  try {
    window.eval(source);
  } catch (e) {
    if (!String(e).includes("script library file name should be")) throw e;
  }
}

/**
 * The library in `window` once Excel's runtime has loaded after the loader: `Office.context`
 * (which reads the app factory the loader set up, `OSF._OfficeAppFactory.getContext()`) answers
 * the host's requirement sets only, as no host starts the loader; the library's
 * `HostBridgeSession` is created so the bridge's messages reach its event registration and its
 * custom functions' runtime.
 */
export function libraryIn(
  window: LibraryWindow,
  bridge: NativeBridge,
  isSetSupported: (name: string, version?: string | number) => boolean,
): OfficeLibrary {
  const context = { requirements: { isSetSupported } };
  const osf = window.OSF;
  osf?._OfficeAppFactory?.setContext?.(context);
  if (osf) osf._OfficeAppFactory ??= { getContext: () => context };
  window.OfficeExtension.HostBridgeSession.getInstanceIfHostBridgeInited();
  const functions = window.CustomFunctions;
  if (!functions) throw new Error("office.js: its loader gave no CustomFunctions");
  // The loader's object, which the runtime completed (`Error`, `ErrorCode`) as it loaded.
  return { Excel: window.Excel, OfficeExtension: window.OfficeExtension, bridge, CustomFunctions: functions };
}

let provider: (() => Promise<OfficeLibrary>) | undefined;
let loaded: Promise<OfficeLibrary> | undefined;

/** Says how this environment loads the library (jest's setup, the benchmarks, the preview). */
export function provideOfficeLibrary(load: () => Promise<OfficeLibrary>): void {
  provider = load;
  loaded = undefined;
}

/** The library, loaded once per environment on first use. */
export function officeLibrary(): Promise<OfficeLibrary> {
  if (!provider)
    throw new Error("office.js is not provided: call provideOfficeLibrary (test/office-library.ts)");
  loaded ??= provider();
  return loaded;
}

/**
 * Whether a requirement set's version `asked` is within the `highest` a host supports, as
 * `Office.context.requirements.isSetSupported` answers: a version is a major and a whole minor
 * ("1.10" is above "1.9"), never a decimal; no version asks for 1.1 ("Specify Office
 * applications and API requirements", requirement sets).
 */
export function setVersionWithin(asked: string | number | undefined, highest: string | number): boolean {
  const parts = (version: string | number) => String(version).split(".").map(Number);
  const [askedMajor = 1, askedMinor = 0] = parts(asked ?? "1.1");
  const [highestMajor = 1, highestMinor = 0] = parts(highest);
  return askedMajor !== highestMajor ? askedMajor < highestMajor : askedMinor <= highestMinor;
}

/** The event message category of the library's host messages (`Constants.eventMessageCategory`). */
const EVENT_MESSAGE_CATEGORY = 65536;
/** The bridge message type for events (`HostBridge`: `message.type == 3`). */
const EVENT_MESSAGE_TYPE = 3;

/** Sends an event to the library as the native host does. */
export function sendEvent(library: OfficeLibrary, eventType: number, targetId: string, args: unknown): void {
  const message = {
    type: EVENT_MESSAGE_TYPE,
    message: {
      entries: [
        {
          messageCategory: EVENT_MESSAGE_CATEGORY,
          messageType: eventType,
          targetId,
          message: JSON.stringify(args),
        },
      ],
    },
  };
  library.bridge.onMessageFromHost?.(JSON.stringify(message));
}

/**
 * A session of the library whose requests the given host answers: each request body is sent as
 * its JSON text (the size Excel measures), and the answer comes back asynchronously, as a host's
 * (from this thread, or from another one: the benchmarks' host runs on a worker thread).
 */
export function hostSession(
  library: OfficeLibrary,
  host: { sent(): void; answer(requestText: string): ExecutorResponse | Promise<ExecutorResponse> },
): object {
  const { SessionBase, GenericEventRegistration } = library.OfficeExtension;
  const executor = {
    executeAsync(_customData: string, _flags: number, message: { Body: unknown }) {
      const text = JSON.stringify(message.Body);
      host.sent();
      return new Promise<ExecutorResponse>((resolve, reject) => {
        setTimeout(() => {
          Promise.resolve()
            .then(() => host.answer(text))
            .then(resolve, (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))));
        }, 0);
      });
    },
  };
  class HostSession extends SessionBase {
    _resolveRequestUrlAndHeaderInfo(): Promise<null> {
      return Promise.resolve(null);
    }
    _createRequestExecutorOrNull(): typeof executor {
      return executor;
    }
    getEventRegistration(controlId: string): unknown {
      return GenericEventRegistration.getGenericEventRegistration(controlId);
    }
  }
  return new HostSession();
}
