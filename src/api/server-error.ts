/**
 * Reading what a server said in an error body. Its shape is not shown in the API document
 * ("Shape of the error response body and error codes inside it: not shown"), so it is read
 * tolerantly: our `ErrorBody`, and the shapes other servers commonly use.
 */
import { ErrorBody } from "./schemas";

export interface ServerErrorInfo {
  message: string | undefined;
  code: string | undefined;
  requestId: string | undefined;
}

const MAX_SERVER_MESSAGE = 300;
const clip = (s: string): string => {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > MAX_SERVER_MESSAGE ? `${t.slice(0, MAX_SERVER_MESSAGE)}…` : t;
};
const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v : undefined);

/**
 * The server's message, code and request id from an error body: our `ErrorBody`
 * (`{ error: { code, message, details?, request_id? } }`), and also `{ message }`,
 * `{ error: "text" }`, `{ detail }`, `{ title }`, or plain text (clipped).
 */
export function readServerError(body: unknown): ServerErrorInfo {
  const parsed = ErrorBody.safeParse(body);
  if (parsed.success) {
    const e = parsed.data.error;
    const details = (e.details ?? [])
      .slice(0, 3)
      .map((d) => (d.path ? `${d.path}: ${d.message}` : d.message))
      .join("; ");
    return {
      message: clip(details ? `${e.message} (${details})` : e.message),
      code: e.code,
      requestId: e.request_id,
    };
  }
  if (typeof body === "string")
    return { message: str(body) && clip(body), code: undefined, requestId: undefined };
  if (body !== null && typeof body === "object" && !Array.isArray(body)) {
    const o = body as Record<string, unknown>;
    const inner =
      o.error !== null && typeof o.error === "object" ? (o.error as Record<string, unknown>) : undefined;
    const message = str(o.message) ?? str(o.error) ?? str(inner?.message) ?? str(o.detail) ?? str(o.title);
    return {
      message: message && clip(message),
      code: str(o.code) ?? str(inner?.code),
      requestId: str(o.request_id) ?? str(o.requestId) ?? str(inner?.request_id),
    };
  }
  return { message: undefined, code: undefined, requestId: undefined };
}
