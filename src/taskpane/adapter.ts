/**
 * The real `PaneServices`: the pane's services implemented with src/workflows, src/api and the
 * Workbook port. This is the only module of the pane that builds an API client; it builds one
 * per call from the active connection, reading the token from the TokenStore at request time
 * (`getToken`), so a token is never held in React state and is sent only to its own origin.
 *
 * Wired today: connections, fund (src/workflows/funding.ts) and, when a workbook is given,
 * data (src/workflows/directory.ts, register-employees.ts, benefits.ts, reconciliation.ts).
 * Distribute and activity wait for the distribution and run-log workflows; `App` shows only
 * wired screens. Reconciliation runs without the run log until that lands, so it does not claim
 * which debits are unlinked.
 */
import { createClient, normalizeBaseUrl, type ValePixClient } from "../api";
import type { Workbook } from "../workbook";
import {
  cancelCharge,
  followCharge,
  listSituations,
  pullBenefits,
  pullEmployees,
  pullProducts,
  pullTransactions,
  readShortfall,
  reconcile,
  registerEmployees,
  saveBenefits,
  startDeposit,
} from "../workflows";
import type { AvailableServices } from "./components/App";
import { ConnectionInputError, ConnectionStore, originOf } from "./connections/store";
import type { TokenStore, UserStorage } from "./host";
import type { Locale } from "./i18n";
import type { DataServices, FundServices } from "./services";

export interface AdapterInput {
  userStorage: UserStorage;
  tokenStore: TokenStore;
  /** The host's workbook (src/excel's Office.js adapter, or the preview's); screens that need it appear with it. */
  workbook?: Workbook;
  /** Language of the headers and statuses the workflows write into the workbook. */
  locale?: Locale;
  /** The fetch of the host (injected for tests). */
  fetch?: typeof fetch;
}

export function createServices(input: AdapterInput): AvailableServices {
  const fetchFn = input.fetch;
  const locale = input.locale ?? "pt-BR";
  const clientFor = (baseUrl: string, getToken: () => Promise<string>): ValePixClient =>
    createClient({ baseUrl: normalizeBaseUrl(baseUrl), getToken, ...(fetchFn ? { fetch: fetchFn } : {}) });

  const connections = new ConnectionStore(
    input.userStorage,
    input.tokenStore,
    async (baseUrl, getToken, signal) => {
      const balance = await clientFor(baseUrl, getToken).balances.get({ signal });
      return { availableCents: balance.available_amount };
    },
  );

  /** The active connection's client; the token is read from the store at each request. */
  const api = async (): Promise<ValePixClient> => {
    const s = await connections.load();
    const c = s.connections.find((x) => x.id === s.activeId);
    if (!c) throw new ConnectionInputError("token", "required");
    const origin = originOf(c.baseUrl);
    return clientFor(c.baseUrl, async () => {
      const token = await input.tokenStore.get(origin);
      if (token === undefined) throw new ConnectionInputError("token", "required");
      return token;
    });
  };

  const fund: FundServices = {
    balance: async (signal) => (await (await api()).balances.get({ signal })).available_amount,
    shortfall: async (distributionId, signal) =>
      (await readShortfall(await api(), distributionId, { signal })).shortfallCents,
    createCharge: async (req, signal) =>
      startDeposit((await api()).deposits, { amountCents: req.amountCents, payer: req.payer }, { signal }),
    followCharge: async (transactionId, run) =>
      followCharge(await api(), transactionId, {
        signal: run.signal,
        onProgress: run.onProgress,
        onCharge: run.onCharge,
      }),
    cancelCharge: async (transactionId) => cancelCharge((await api()).deposits, transactionId),
  };

  const services: AvailableServices = { connections, fund };
  const workbook = input.workbook;
  if (workbook) services.data = dataServices(api, workbook, locale);
  return services;
}

function dataServices(api: () => Promise<ValePixClient>, workbook: Workbook, locale: Locale): DataServices {
  const outcome = (r: { table: { name: string }; added: number; updated: number }) => ({
    table: r.table.name,
    added: r.added,
    updated: r.updated,
  });
  return {
    listTables: () => workbook.listTables(),
    situations: async (signal) => listSituations((await api()).employees, { signal }),
    pull: async (kind, filter, run) => {
      const client = await api();
      const options = { signal: run.signal, onProgress: run.onProgress, locale };
      if (kind === "employees")
        return outcome(
          await pullEmployees(client.employees, workbook, {
            ...options,
            ...(filter.situation ? { situation: filter.situation } : {}),
          }),
        );
      if (kind === "products") return outcome(await pullProducts(client.products, workbook, options));
      return outcome(await pullBenefits(client, workbook, options));
    },
    registerEmployees: async (table, run) => {
      const r = await registerEmployees((await api()).employees, workbook, {
        table,
        locale,
        signal: run.signal,
        onProgress: run.onProgress,
      });
      return {
        created: r.created,
        alreadyRegistered: r.alreadyRegistered,
        errors: r.errors,
        notSent: r.notSent,
      };
    },
    pullTransactions: async (filter, run) => {
      const type = filter.type === "DEPOSIT" || filter.type === "DISTRIBUTION" ? filter.type : undefined;
      return outcome(
        await pullTransactions((await api()).transactions, workbook, {
          ...(type ? { type } : {}),
          locale,
          signal: run.signal,
          onProgress: run.onProgress,
        }),
      );
    },
    reconcile: async (run) => {
      const { summary } = await reconcile(await api(), workbook, {
        locale,
        signal: run.signal,
        onProgress: run.onProgress,
      });
      return {
        depositsCents: summary.completedDepositsCents,
        distributionsCents: summary.distributedCents,
        expectedCents: summary.expectedBalanceCents,
        balanceCents: summary.availableCents,
        differenceCents: summary.differenceCents,
      };
    },
    saveBenefits: async (table, run) => {
      const r = await saveBenefits(await api(), workbook, {
        table,
        locale,
        signal: run.signal,
        onProgress: run.onProgress,
      });
      return { created: r.created, updated: r.updated, unchanged: r.unchanged, errors: r.errors };
    },
  };
}
