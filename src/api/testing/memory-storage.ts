/**
 * The token ports of ../credentials.ts in memory, for tests: per-user storage and the token store
 * as maps (what a "this session only" host keeps), so a test can read back what was written.
 */
import type { Persistence, TokenStore, UserStorage } from "../credentials";

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
