/**
 * Where the API token lives: per user, on this device, outside the workbook (docs/architecture.md §2 "Token").
 *
 * - Excel has no roaming settings store (`Office.context.roamingSettings` is Outlook-only), and
 *   the workbook's own settings (`Workbook.settings`, document settings, custom XML, properties)
 *   are saved inside the .xlsx and travel with it: none of them ever holds the token.
 * - In the shared runtime, `OfficeRuntime.storage` keeps it ("Persist add-in state and settings",
 *   https://learn.microsoft.com/office/dev/add-ins/develop/persisting-add-in-state-and-settings:
 *   storage shared by the add-in's runtimes, per user and per device).
 * - Otherwise `localStorage`, under a key prefixed with `Office.context.partitionKey` when it is
 *   defined (Office on the web partitions storage per host; the key is undefined on Windows
 *   WebView2, where storage is already per add-in), after checking that it can be written
 *   (storage may be blocked by the browser's privacy settings).
 * - With neither, or when the person chooses "keep for this session only", the token stays in
 *   memory and is gone when the add-in closes.
 *
 * One token per API origin (scheme://host[:port]: production, sandbox, each custom URL), so a
 * token is only ever handed out for the host it was saved for. Nothing here logs anything.
 */

import type { TokenStore, UserStorage } from "../api";

export type { TokenStore, UserStorage };

export type UserStorageBackend = "OfficeRuntime.storage" | "localStorage" | "memory";

/** What `createUserStorage` may use; by default, the host's globals. */
export interface UserStorageHost {
  /** `OfficeRuntime.storage`, present in the shared runtime. */
  officeRuntimeStorage?: {
    getItem(key: string): Promise<string | null>;
    setItem(key: string, value: string): Promise<void>;
    removeItem(key: string): Promise<void>;
  };
  /** `window.localStorage` (reading it may throw where storage is blocked). */
  localStorage?: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  /** `Office.context.partitionKey` (undefined on Windows WebView2). */
  partitionKey?: string;
}

/** The host's globals, read defensively (each may be missing or throw). */
function globalHost(): UserStorageHost {
  const hostGlobals = globalThis as {
    OfficeRuntime?: { storage?: UserStorageHost["officeRuntimeStorage"] };
    Office?: { context?: { partitionKey?: string } };
    localStorage?: Storage;
  };
  const host: UserStorageHost = {};
  const runtimeStorage = hostGlobals.OfficeRuntime?.storage;
  if (runtimeStorage) host.officeRuntimeStorage = runtimeStorage;
  try {
    if (hostGlobals.localStorage) host.localStorage = hostGlobals.localStorage;
  } catch {
    // Reading window.localStorage throws a SecurityError where the browser blocks storage.
  }
  const partitionKey = hostGlobals.Office?.context?.partitionKey;
  if (typeof partitionKey === "string" && partitionKey !== "") host.partitionKey = partitionKey;
  return host;
}

/** Whether `storage` can really be written (quota, private mode, blocked third-party storage). */
function writable(storage: NonNullable<UserStorageHost["localStorage"]>): boolean {
  const probe = "valepix.storage-probe";
  try {
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/** Picks the backend: OfficeRuntime.storage, else partitioned localStorage, else memory. */
export function createUserStorage(
  host: UserStorageHost = globalHost(),
): UserStorage & { readonly backend: UserStorageBackend } {
  const runtime = host.officeRuntimeStorage;
  if (runtime) {
    return {
      backend: "OfficeRuntime.storage",
      getItem: async (key) => (await runtime.getItem(key)) ?? null,
      setItem: (key, value) => runtime.setItem(key, value),
      removeItem: (key) => runtime.removeItem(key),
    };
  }
  const local = host.localStorage;
  if (local && writable(local)) {
    const prefix = host.partitionKey ? `${host.partitionKey}` : "";
    return {
      backend: "localStorage",
      getItem: (key) => Promise.resolve(local.getItem(prefix + key)),
      setItem: (key, value) => Promise.resolve(local.setItem(prefix + key, value)),
      removeItem: (key) => Promise.resolve(local.removeItem(prefix + key)),
    };
  }
  const memory = new Map<string, string>();
  return {
    backend: "memory",
    getItem: (key) => Promise.resolve(memory.get(key) ?? null),
    setItem: (key, value) => Promise.resolve(void memory.set(key, value)),
    removeItem: (key) => Promise.resolve(void memory.delete(key)),
  };
}

/**
 * The origin a token belongs to: "scheme://host[:port]", lower-case, default port dropped
 * (WHATWG URL `origin`). Only https, and http for a loopback sandbox, are accepted. The input is
 * never quoted in the error: a pasted URL may carry credentials.
 */
export function tokenOrigin(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RangeError("The API address is not a valid URL.");
  }
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(parsed.hostname);
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && loopback)) {
    throw new RangeError("The API address must use https (http only for a local sandbox).");
  }
  return parsed.origin;
}

const KEY_PREFIX = "valepix.token:";

export function createTokenStore(storage: UserStorage): TokenStore {
  const session = new Map<string, string>();
  return {
    async get(origin) {
      const key = tokenOrigin(origin);
      const inMemory = session.get(key);
      if (inMemory !== undefined) return inMemory;
      return (await storage.getItem(KEY_PREFIX + key)) ?? undefined;
    },
    async set(origin, token, persistence) {
      const key = tokenOrigin(origin);
      if (token.trim() === "") throw new RangeError("The token is empty.");
      if (persistence === "session") {
        // "This session only": no copy may outlive it, so an older device copy goes too.
        await storage.removeItem(KEY_PREFIX + key);
        session.set(key, token);
        return;
      }
      await storage.setItem(KEY_PREFIX + key, token);
      session.delete(key);
    },
    async remove(origin) {
      const key = tokenOrigin(origin);
      session.delete(key);
      await storage.removeItem(KEY_PREFIX + key);
    },
  };
}
