/**
 * Redaction, in one place (as octokit's request-error does it): the token is a secret (document,
 * "Authentication" 5: "not be logged in full"). The transport runs these once, at its edge, on
 * everything it hands to an error: response headers, the parsed body, and the cause of a network
 * failure. Error classes then carry only what has already been cleaned.
 */

/** Headers whose values are never kept, whatever the direction. */
const REDACTED_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);
const REDACTED = "[REDACTED]";

/** A plain-object copy of headers with credentials redacted (safe to log or serialize). */
export function snapshotHeaders(
  headers: Headers | Record<string, string> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  const entries: Iterable<[string, string]> =
    typeof (headers as Headers).forEach === "function" && typeof (headers as Headers).get === "function"
      ? collectHeaders(headers as Headers)
      : Object.entries(headers as Record<string, string>);
  for (const [k, v] of entries) {
    const key = k.toLowerCase();
    out[key] = REDACTED_HEADERS.has(key) ? REDACTED : v;
  }
  return out;
}

function collectHeaders(headers: Headers): [string, string][] {
  const out: [string, string][] = [];
  headers.forEach((value, key) => out.push([key, value]));
  return out;
}

/**
 * Replaces every occurrence of `secret` inside strings of `value` (deep, on copies). Tokens
 * shorter than 6 characters are not scrubbed: they would mangle ordinary words, and no real API
 * token is that short.
 */
export function scrubSecret<T>(value: T, secret: string | undefined): T {
  if (!secret || secret.length < 6) return value;
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === "string") return value.split(secret).join(REDACTED);
    if (depth > 20 || value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map((x) => walk(x, depth + 1));
    return Object.fromEntries(
      Object.entries(value).map(([k, x]) => [walk(k, depth + 1) as string, walk(x, depth + 1)]),
    );
  };
  return walk(value, 0) as T;
}

/**
 * `scrubSecret` of what was parsed from `text` (JSON, or the text itself), skipped when no
 * string of it can hold the secret: a text without a backslash has no JSON escapes, so each of
 * its strings is a verbatim piece of it, and none holds the secret unless the text does. Saves
 * a deep copy of every answer (a 100-item page) on the way in.
 */
export function scrubParsed<T>(parsed: T, text: string, secret: string | undefined): T {
  if (!secret || (!text.includes(secret) && !text.includes("\\"))) return parsed;
  return scrubSecret(parsed, secret);
}

/** How deep a chain of `cause`s is looked into (undici nests two levels; cycles end here). */
const MAX_CAUSE_DEPTH = 5;

/**
 * A network error's message never quotes the token, but be certain: when the token appears
 * anywhere in the chain of causes (message or stack), the chain is rebuilt with scrubbed
 * messages (names and `code`s kept, the original stacks dropped).
 */
export function scrubCause(cause: unknown, token: string | undefined): unknown {
  if (!token || !chainMentions(cause, token, 0)) return cause;
  return scrubChain(cause, token, 0);
}

function chainMentions(error: unknown, token: string, depth: number): boolean {
  if (depth > MAX_CAUSE_DEPTH) return false;
  if (!(error instanceof Error)) return typeof error === "string" && error.includes(token);
  if (`${error.message}${error.stack ?? ""}`.includes(token)) return true;
  return chainMentions((error as { cause?: unknown }).cause, token, depth + 1);
}

function scrubChain(error: unknown, token: string, depth: number): unknown {
  if (!(error instanceof Error)) return scrubSecret(error, token);
  const inner = (error as { cause?: unknown }).cause;
  const keepInner = inner !== undefined && depth < MAX_CAUSE_DEPTH;
  const copy = new Error(
    scrubSecret(error.message, token),
    keepInner ? { cause: scrubChain(inner, token, depth + 1) } : undefined,
  );
  copy.name = error.name;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") Object.assign(copy, { code: scrubSecret(code, token) });
  return copy;
}
