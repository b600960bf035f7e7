/**
 * Every path of the API, in one place: the `/api/v1/valepix` prefix, path-parameter encoding,
 * and the paths the document leaves "not shown" (marked; see docs/api-assumptions.md).
 * The client builds URLs with these functions; the sandbox registers its routes with the
 * `ROUTE_PATTERNS` below, so the two can never disagree.
 */

/** "The version is carried in the path prefix `/api/v1`." */
import { InvalidIdentifierError } from "./errors";

export const API_PREFIX = "/api/v1/valepix";

/** C0 controls and DEL: never part of an identifier, and some proxies cut the path at them. */
const hasControl = (id: string): boolean =>
  [...id].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });

/**
 * One path segment from an identifier. An id that would change the route is refused before
 * anything is sent: empty (`/items//value`), `.` or `..` (a URL collapses them: `/items/./value`
 * becomes `/items/value`, the "value for all" route), control characters, or text that cannot be
 * encoded (a lone surrogate). Everything else is percent-encoded, so `/` stays inside the segment.
 */
function seg(id: string, parameter: string): string {
  if (typeof id !== "string" || id === "")
    throw new InvalidIdentifierError(parameter, String(id), "it is empty");
  if (id === "." || id === "..")
    throw new InvalidIdentifierError(parameter, id, "a dot segment would change the route");
  if (hasControl(id)) throw new InvalidIdentifierError(parameter, id, "it contains control characters");
  try {
    return encodeURIComponent(id);
  } catch {
    throw new InvalidIdentifierError(parameter, id, "it is not valid Unicode text");
  }
}

export const paths = {
  products: () => `${API_PREFIX}/products`,
  benefits: () => `${API_PREFIX}/benefits`,
  /** Not shown: PUT replaces the benefit whole. */
  benefit: (benefitId: string) => `${API_PREFIX}/benefits/${seg(benefitId, "benefit_id")}`,
  employees: () => `${API_PREFIX}/employees`,
  employeeSituations: () => `${API_PREFIX}/employees/situations`,
  /** Not shown: CSV in the multipart field `file`. */
  employeeBatch: () => `${API_PREFIX}/employees/batch`,
  deposits: () => `${API_PREFIX}/deposits`,
  deposit: (transactionId: string) => `${API_PREFIX}/deposits/${seg(transactionId, "transaction_id")}`,
  /** Not shown: POST cancels a charge still PENDING; 409 once paid. */
  depositCancel: (transactionId: string) =>
    `${API_PREFIX}/deposits/${seg(transactionId, "transaction_id")}/cancel`,
  balances: () => `${API_PREFIX}/balances`,
  transactions: () => `${API_PREFIX}/transactions`,
  distributions: () => `${API_PREFIX}/distributions`,
  distribution: (id: string) => `${API_PREFIX}/distributions/${seg(id, "distribution_id")}`,
  items: (id: string) => `${API_PREFIX}/distributions/${seg(id, "distribution_id")}/items`,
  /** Not shown: POST with `{ employee_ids }`, the body of adding items. */
  itemsRemove: (id: string) => `${API_PREFIX}/distributions/${seg(id, "distribution_id")}/items/remove`,
  itemsValue: (id: string) => `${API_PREFIX}/distributions/${seg(id, "distribution_id")}/items/value`,
  employeeValue: (id: string, employeeId: string) =>
    `${API_PREFIX}/distributions/${seg(id, "distribution_id")}/items/${seg(employeeId, "employee_id")}/value`,
  finalize: (id: string) => `${API_PREFIX}/distributions/${seg(id, "distribution_id")}/finalize`,
} as const;

/** The same paths as route patterns (`:param`), for the sandbox's router. */
export const ROUTE_PATTERNS = {
  products: paths.products(),
  benefits: paths.benefits(),
  benefit: `${API_PREFIX}/benefits/:benefit_id`,
  employees: paths.employees(),
  employeeSituations: paths.employeeSituations(),
  employeeBatch: paths.employeeBatch(),
  deposits: paths.deposits(),
  deposit: `${API_PREFIX}/deposits/:transaction_id`,
  depositCancel: `${API_PREFIX}/deposits/:transaction_id/cancel`,
  balances: paths.balances(),
  transactions: paths.transactions(),
  distributions: paths.distributions(),
  distribution: `${API_PREFIX}/distributions/:distribution_id`,
  items: `${API_PREFIX}/distributions/:distribution_id/items`,
  itemsRemove: `${API_PREFIX}/distributions/:distribution_id/items/remove`,
  itemsValue: `${API_PREFIX}/distributions/:distribution_id/items/value`,
  employeeValue: `${API_PREFIX}/distributions/:distribution_id/items/:employee_id/value`,
  finalize: `${API_PREFIX}/distributions/:distribution_id/finalize`,
} as const satisfies Record<keyof typeof paths, string>;

/** Environments ("production at `{base_url}` and sandbox at `{sandbox_base_url}`"). */
export const ENVIRONMENTS = {
  /** The document does not give the production host; the user types it (custom). */
  sandbox: "http://127.0.0.1:4010",
} as const;

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Validates and normalizes a base URL: https anywhere, http only on loopback (the local
 * sandbox). Returns the origin plus any path prefix, without a trailing slash.
 */
export function normalizeBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    // The input is not quoted: people paste tokens into the wrong field, and messages reach screenshots.
    throw new TypeError("Invalid base URL: expected something like https://api.example.com");
  }
  if (url.protocol === "http:" && !LOOPBACK.test(url.hostname)) {
    throw new TypeError(
      `Refusing plain http for ${url.hostname}: the token would travel unencrypted. Use https (http is allowed only for localhost).`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`Unsupported protocol ${url.protocol} in base URL; use https.`);
  }
  if (url.username || url.password) {
    throw new TypeError(
      "The base URL must not carry credentials; the token goes in the connection settings.",
    );
  }
  url.search = "";
  url.hash = "";
  return url.toString().replace(/\/+$/, "");
}
