/**
 * In-memory `UserStorage` and `TokenStore`: what a "this session only" host keeps. Used by the
 * tests and by the edge while src/excel's per-user stores are not there (nothing is persisted
 * then: closing the pane forgets the connections and the token, which is the safe side).
 */
import type { Persistence, TokenStore, UserStorage } from "./host";

export class MemoryUserStorage implements UserStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): Promise<string | null> {
    return Promise.resolve(this.items.get(key) ?? null);
  }
  setItem(key: string, value: string): Promise<void> {
    this.items.set(key, value);
    return Promise.resolve();
  }
  removeItem(key: string): Promise<void> {
    this.items.delete(key);
    return Promise.resolve();
  }
}

export class MemoryTokenStore implements TokenStore {
  readonly tokens = new Map<string, { token: string; persistence: Persistence }>();
  get(origin: string): Promise<string | undefined> {
    return Promise.resolve(this.tokens.get(origin)?.token);
  }
  set(origin: string, token: string, persistence: Persistence): Promise<void> {
    this.tokens.set(origin, { token, persistence });
    return Promise.resolve();
  }
  remove(origin: string): Promise<void> {
    this.tokens.delete(origin);
    return Promise.resolve();
  }
}
