/**
 * Reading what came back, before anything checks it: the body as JSON or as text, the object
 * fields a server sent as `null` dropped, a redirect's `Location` made absolute. The transport
 * redacts and validates what these give (transport.ts).
 */

/** The `Location` header resolved against the request's URL (it may be relative). */
export function absoluteLocation(location: string | undefined, base: string): string | undefined {
  if (location === undefined || location === "") return undefined;
  try {
    return new URL(location, base).toString();
  } catch {
    return location;
  }
}

export function parseBody(text: string): { json: boolean; value: unknown } {
  if (text === "") return { json: false, value: undefined };
  try {
    return { json: true, value: JSON.parse(text) as unknown };
  } catch {
    return { json: false, value: text };
  }
}

/**
 * A copy of a JSON value without the object fields that are `null`: where the document is silent
 * a server may send `null` for a field it has no value for, and the schemas read that as absent
 * (an optional field may be null; a required one still fails). Array elements are kept.
 */
export function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== null) out[k] = dropNulls(v);
  return out;
}
