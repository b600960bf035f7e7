/**
 * Defence in depth for workbook settings: they are saved inside the .xlsx and travel with it,
 * so a credential must never be written there (docs/architecture.md §2 "Token"; API document,
 * Authentication rule 5). Every Workbook implementation calls this before `setSetting`.
 */
import type { JsonValue } from "./port";

const SECRET_KEY = /token|secret|password|passwd|authori[sz]ation|bearer|api[_-]?key|credential/i;
const SECRET_VALUE = /\bbearer\s+\S/i;

export class SecretSettingError extends Error {
  constructor(key: string) {
    super(`refusing to keep "${key}" in workbook settings: credentials never go into the workbook file`);
    this.name = "SecretSettingError";
  }
}

/** Throws when the key names a credential or a string inside the value carries a bearer token. */
export function assertNonSecretSetting(key: string, value: JsonValue): void {
  if (SECRET_KEY.test(key)) throw new SecretSettingError(key);
  const stack: JsonValue[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") {
      if (SECRET_VALUE.test(item)) throw new SecretSettingError(key);
    } else if (Array.isArray(item)) {
      stack.push(...item);
    } else if (item !== null && typeof item === "object") {
      // Nested keys are data (e.g. column headers in a mapping), so only values are checked.
      stack.push(...Object.values(item));
    }
  }
}

/** Throws when `value` is not plain JSON (NaN, Infinity, undefined, functions, class instances). */
export function assertJson(value: unknown, path = "value"): asserts value is JsonValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`${path} is not a finite number`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => assertJson(v, `${path}[${i}]`));
    return;
  }
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value)) assertJson(v, `${path}.${k}`);
    return;
  }
  throw new TypeError(`${path} is not JSON`);
}
