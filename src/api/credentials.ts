/**
 * The ports through which the API token is kept and found, per user and outside the workbook
 * (docs/architecture.md "Token"): src/excel implements them over OfficeRuntime.storage or
 * partitioned localStorage, the tests and the preview over memory. They live beside the client
 * that reads the token at each request, so every layer names one definition.
 */
/** Per-user key/value storage outside the workbook: OfficeRuntime.storage in the shared runtime, else localStorage (key prefixed with Office.context.partitionKey when defined), checked for availability. */
export interface UserStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export type Persistence = "device" | "session";

/** One token per API origin (scheme://host[:port]); "session" keeps it in memory only. */
export interface TokenStore {
  get(origin: string): Promise<string | undefined>;
  set(origin: string, token: string, persistence: Persistence): Promise<void>;
  remove(origin: string): Promise<void>;
}
