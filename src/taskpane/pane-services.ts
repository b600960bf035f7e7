/**
 * The real `PaneServices`: the pane's services: each feature's adapter (src/features/*), over src/api and the
 * Workbook port, one per screen.
 * This is the only part of the pane that builds API clients (src/features/connection: paced, token read
 * from the TokenStore at each request, so a token is never held in React state and is sent
 * only to its own origin).
 *
 * Without a workbook (a host that has none yet) only Connection and Fund are given; with one,
 * every screen.
 */
import type { FunctionsServices } from "../features/functions";
import type { ValePixClient } from "../api";
import type { Workbook } from "../workbook";
import type { ActivityServices } from "../features/activity";
import type { BooksServices } from "../features/books";
import type { PivotSheetPort } from "../workbook/pivot-sheet";
import type { ConnectionServices } from "../features/connection";
import type { DataServices } from "../features/directory";
import type { DistributeServices } from "../features/distribute";
import type { FundServices } from "../features/fund";
import type { TokenStore, UserStorage } from "./host";
import type { Locale } from "../ui/i18n";
import { activityServices } from "../features/activity";
import { booksServices } from "../features/books";
import { activeClient, clientFactory, type ClientTuning, connectionStore } from "../features/connection";
import { dataServices } from "../features/directory";
import { WorkflowReads, distributeServices } from "../features/distribute";
import { fundServices } from "../features/fund";

/** Every screen's port, one per feature (each feature's services.ts). */
export interface PaneServices {
  connections: ConnectionServices;
  distribute: DistributeServices;
  fund: FundServices;
  data: DataServices;
  activity: ActivityServices;
  /** Contabilização, a section of the Data screen. */
  books: BooksServices;
  /** The VALEPIX functions' panel (the composition root adds it: the functions runtime is the page's). */
  functions: FunctionsServices;
}

/**
 * The connection services always; each other screen appears when its services are wired
 * (`createServices` wires a screen once the workflows it needs exist).
 */
export type AvailableServices = Pick<PaneServices, "connections"> &
  Partial<Omit<PaneServices, "connections">>;

export interface AdapterInput {
  userStorage: UserStorage;
  tokenStore: TokenStore;
  /** The host's workbook (src/excel's Office.js adapter, or the preview's); screens that need it appear with it. */
  workbook?: Workbook;
  /** Language of the headers and statuses the workflows write into the workbook. */
  locale?: Locale;
  /** The fetch of the host (injected for tests). */
  fetch?: typeof fetch;
  /** Clock, sleep and pacing of every client (tests run them on the sandbox's manual clock). */
  client?: ClientTuning;
  /**
   * The active connection's client, when the host shares one (./composition-root.ts: the pane,
   * the commands and the custom functions behind one pacer); by default one of its own.
   */
  api?: () => Promise<ValePixClient>;
  /** The host's PivotTables (the ledger's summary); without it the books are written without one. */
  pivots?: PivotSheetPort;
}

export function createServices(input: AdapterInput): AvailableServices {
  const locale = input.locale ?? "pt-BR";
  const clientFor = clientFactory({ ...input.client, ...(input.fetch ? { fetch: input.fetch } : {}) });
  const connections = connectionStore(input.userStorage, input.tokenStore, clientFor);
  const api = input.api ?? activeClient(connections, input.tokenStore, clientFor);

  const services: AvailableServices = { connections, fund: fundServices(api, input.userStorage) };
  const workbook = input.workbook;
  if (workbook) {
    // The directory read for a validation is reused by the send and finalize that follow, and
    // dropped when the Data screen registers employees.
    const reads = new WorkflowReads();
    services.distribute = distributeServices(api, workbook, locale, reads);
    services.data = dataServices(api, workbook, locale, () => reads.directory.employeesChanged());
    services.activity = activityServices(api, workbook, locale);
    services.books = booksServices(api, workbook, locale, input.pivots);
  }
  return services;
}
