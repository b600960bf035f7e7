/**
 * The per-user storage and token store that src/excel provides (issue 11, item 4), declared
 * here structurally with exactly the shapes src/excel exports, so the pane compiles and tests
 * before that layer lands. Any object of these shapes fits, src/excel's included.
 */
export interface UserStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export type Persistence = "device" | "session";

/** One token per origin, only ever sent to that origin. */
export interface TokenStore {
  get(origin: string): Promise<string | undefined>;
  set(origin: string, token: string, persistence: Persistence): Promise<void>;
  remove(origin: string): Promise<void>;
}
