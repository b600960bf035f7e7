/**
 * The real `PaneServices`: the pane's services implemented with src/workflows, src/api and the
 * Workbook port, one file per screen (./fund.ts, ./data.ts, ./distribute.ts, ./activity.ts).
 * This is the only part of the pane that builds API clients (./client.ts: paced, token read
 * from the TokenStore at each request, so a token is never held in React state and is sent
 * only to its own origin).
 *
 * Without a workbook (a host that has none yet) only Connection and Fund are given; with one,
 * every screen.
 */
import type { Workbook } from "../../workbook";
import type { AvailableServices } from "../components/App";
import { ConnectionStore } from "../connections/store";
import type { TokenStore, UserStorage } from "../host";
import type { Locale } from "../i18n";
import { activityServices } from "./activity";
import { activeClient, clientFactory, type ClientTuning } from "./client";
import { dataServices } from "./data";
import { distributeServices } from "./distribute";
import { fundServices } from "./fund";

export type { ClientTuning } from "./client";

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
}

export function createServices(input: AdapterInput): AvailableServices {
  const locale = input.locale ?? "pt-BR";
  const clientFor = clientFactory({ ...input.client, ...(input.fetch ? { fetch: input.fetch } : {}) });
  const connections = new ConnectionStore(
    input.userStorage,
    input.tokenStore,
    async (baseUrl, getToken, signal) => {
      const balance = await clientFor(baseUrl, getToken).balances.get({ signal });
      return { availableCents: balance.available_amount };
    },
  );
  const api = activeClient(connections, input.tokenStore, clientFor);

  const services: AvailableServices = { connections, fund: fundServices(api) };
  const workbook = input.workbook;
  if (workbook) {
    services.distribute = distributeServices(api, workbook, locale);
    services.data = dataServices(api, workbook, locale);
    services.activity = activityServices(api, workbook);
  }
  return services;
}
