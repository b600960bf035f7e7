/**
 * The composition of the real host pieces, in one place for every edge: the task pane
 * (./index.tsx), the ribbon commands (src/commands) and the browser preview (src/preview).
 *
 * - per-user storage and the token store of src/excel: `OfficeRuntime.storage` in the shared
 *   runtime, else `localStorage` prefixed with `Office.context.partitionKey`, else memory
 *   (../excel/token-store.ts; never the workbook, whose settings travel inside the file);
 * - the Workbook port over `Excel.run` (../excel/office-workbook.ts), when the host has Excel, its
 *   run log mirrored in the per-user journal (../workbook/run-journal.ts);
 * - the pane's services (./pane-services.ts) over those;
 * - `api()`: the active connection's client, paced (src/api/pacer.ts): one client per API address
 *   for the page, shared by the pane's screens, the commands and the custom functions, so that
 *   they learn the server's rate together;
 * - `functions`: the VALEPIX custom functions' runtime (src/features/functions) over that client;
 * - `activeTable()`: the table the selection is in (../excel/active-table.ts), for the commands;
 * - the notice channel that carries a command's outcome to the pane (./notices.ts).
 *
 * In the shared runtime (manifest.xml: SharedRuntime 1.1, one page for the pane and the commands)
 * there is one host per page: `sharedHost()`. A "this session only" token lives in the token
 * store's memory, so the pane and the commands must hold the same store, not two.
 */
import { ENVIRONMENTS, type ValePixClient } from "../api";
import {
  OfficeFormulaSheet,
  OfficeWorkbook,
  type RequestContextApi,
  activeTableName,
  lazyPivotSheet,
  type UserStorageHost,
  createTokenStore,
  createUserStorage,
} from "../excel";
import type { Workbook } from "../workbook";
import { RunJournal, journaled } from "../workbook/run-journal";
import { type AvailableServices, createServices } from "./pane-services";
import { activeClient, clientFactory } from "../features/connection";
import { FunctionsRuntime, functionsServices } from "../features/functions";
import { refreshingLedgerPivot } from "../features/books";
import { ConnectionStore } from "../features/connection";
import type { TokenStore, UserStorage } from "./host";
import { type Locale, uiLanguage } from "../ui/i18n";
import { NoticeChannel } from "./notices";

/** The globals an edge finds on its page (`globalThis` in Excel; the preview stands them up). */
export interface HostGlobals {
  Office?: { context?: { displayLanguage?: string; partitionKey?: string } } | undefined;
  OfficeRuntime?: { storage?: UserStorageHost["officeRuntimeStorage"] } | undefined;
  /** `Excel` of office.js, or the fake Excel of src/excel (both have `run`). */
  Excel?: { run: unknown } | undefined;
  localStorage?: Storage | undefined;
  navigator?: { language?: string } | undefined;
  /** The custom functions runtime's namespace (office.js in Excel; the preview stands it up). */
  CustomFunctions?: { Error: typeof CustomFunctions.Error } | undefined;
}

export interface HostOptions {
  /** The fetch of the host (injected for tests; default the page's `fetch`). */
  fetch?: typeof fetch | undefined;
}

export interface Host {
  /** pt-BR when Office's display language (else the browser's) is any Portuguese. */
  locale: Locale;
  userStorage: UserStorage & { readonly backend: "OfficeRuntime.storage" | "localStorage" | "memory" };
  tokenStore: TokenStore;
  /** Absent where there is no Excel (a plain browser): the screens that need it stay hidden. */
  workbook: Workbook | undefined;
  services: AvailableServices;
  /** The active connection's client, paced; throws `ConnectionInputError("token")` when none. */
  api(): Promise<ValePixClient>;
  /** What the VALEPIX custom functions do (src/commands/functions.ts hands Excel's calls to it). */
  functions: FunctionsRuntime<CustomFunctions.Error>;
  /** The table that holds the selected cell (undefined when none, or without Excel). */
  activeTable(): Promise<string | undefined>;
  notices: NoticeChannel;
  /** The sandbox's address, for the connection screen's environment choice. */
  sandboxUrl: string;
}

/** Reads the globals defensively: `localStorage` throws where the browser blocks storage. */
function storageHost(globals: HostGlobals): UserStorageHost {
  const host: UserStorageHost = {};
  const runtime = globals.OfficeRuntime?.storage;
  if (runtime) host.officeRuntimeStorage = runtime;
  try {
    if (globals.localStorage) host.localStorage = globals.localStorage;
  } catch {
    // SecurityError: storage blocked; memory it is.
  }
  const partitionKey = globals.Office?.context?.partitionKey;
  if (typeof partitionKey === "string" && partitionKey !== "") host.partitionKey = partitionKey;
  return host;
}

type RunOf = <T>(batch: (context: RequestContextApi) => Promise<T>) => Promise<T>;

export function composeHost(globals: HostGlobals = globalThis, options: HostOptions = {}): Host {
  const locale = uiLanguage(globals.Office?.context?.displayLanguage ?? globals.navigator?.language);
  const userStorage = createUserStorage(storageHost(globals));
  const tokenStore = createTokenStore(userStorage);
  // `Excel.run(batch)`: the real one is overloaded, the fake's is generic; both take this form.
  const excel = globals.Excel as { run: RunOf } | undefined;
  const run: RunOf | undefined =
    excel && typeof excel.run === "function" ? (batch) => excel.run(batch) : undefined;
  // The run log mirrored in a journal in per-user storage (src/workbook/run-journal.ts): a file
  // closed unsaved, or saved before a run, still finds that run's drafts and finalize.
  const pivots = run ? lazyPivotSheet((batch) => run(batch)) : undefined;
  // The ledger's PivotTable refreshed as the ledger grows, whoever records the payment.
  const workbook =
    run && pivots
      ? refreshingLedgerPivot(
          journaled(new OfficeWorkbook((batch) => run(batch)), new RunJournal(userStorage)),
          pivots,
        )
      : undefined;
  // The active connection's client for the pane, the commands and the functions alike
  // (../features/connection: paced, one client per API address for the page's life, the token
  // read from this origin's slot at each request). Only `load()` of this store is used: it reads
  // the same saved list as the pane's Connection screen.
  const noCheck = () => Promise.reject(new Error("the shared client never tests a connection"));
  const api = activeClient(
    new ConnectionStore(userStorage, tokenStore, noCheck),
    tokenStore,
    clientFactory(options.fetch ? { fetch: options.fetch } : {}),
  );
  const services = createServices({
    userStorage,
    tokenStore,
    locale,
    api,
    ...(workbook ? { workbook } : {}),
    ...(pivots ? { pivots } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const ErrorValue = globals.CustomFunctions?.Error;
  const functions = new FunctionsRuntime<CustomFunctions.Error>({
    api,
    locale,
    storage: userStorage,
    // Outside Excel (tests, a plain browser) there is no CustomFunctions: nothing calls them there.
    makeError: (f) =>
      ErrorValue
        ? new ErrorValue(f.code as CustomFunctions.ErrorCode, f.message)
        : ({ code: f.code, message: f.message } as CustomFunctions.Error),
  });

  services.functions = functionsServices(
    functions,
    locale,
    workbook && run ? { workbook, sheets: new OfficeFormulaSheet((batch) => run(batch)) } : undefined,
  );

  return {
    locale,
    userStorage,
    tokenStore,
    workbook,
    services,
    api,
    functions,
    activeTable: () => (run ? activeTableName(run) : Promise.resolve(undefined)),
    notices: new NoticeChannel(),
    sandboxUrl: ENVIRONMENTS.sandbox,
  };
}

let shared: Host | undefined;

/**
 * The page's one host, composed on first use from the page's globals (call it after
 * `Office.onReady`: the display language and partition key are known then).
 */
export function sharedHost(): Host {
  shared ??= composeHost();
  return shared;
}
