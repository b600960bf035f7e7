/** Per-user storage for tests (`UserStorage` of ../credentials.ts): a map. */
import type { UserStorage } from "../credentials";

export class MemoryStorage implements UserStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => Promise.resolve(this.items.get(key) ?? null);
  setItem = (key: string, value: string) => {
    this.items.set(key, value);
    return Promise.resolve();
  };
  removeItem = (key: string) => {
    this.items.delete(key);
    return Promise.resolve();
  };
}
