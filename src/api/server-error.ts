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
const clip = (text: string): string => {
  const clipped = text.replace(/\s+/g, " ").trim();
  return clipped.length > MAX_SERVER_MESSAGE ? `${clipped.slice(0, MAX_SERVER_MESSAGE)}…` : clipped;
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
    const error = parsed.data.error;
    const details = (error.details ?? [])
      .slice(0, 3)
      .map((d) => (d.path ? `${d.path}: ${d.message}` : d.message))
      .join("; ");
    return {
      message: clip(details ? `${error.message} (${details})` : error.message),
      code: error.code,
      requestId: error.request_id,
    };
  }
  if (typeof body === "string")
    return { message: str(body) && clip(body), code: undefined, requestId: undefined };
  if (body !== null && typeof body === "object" && !Array.isArray(body)) {
    const fields = body as Record<string, unknown>;
    const inner =
      fields.error !== null && typeof fields.error === "object"
        ? (fields.error as Record<string, unknown>)
        : undefined;
    const message =
      str(fields.message) ??
      str(fields.error) ??
      str(inner?.message) ??
      str(fields.detail) ??
      str(fields.title);
    return {
      message: message && clip(message),
      code: str(fields.code) ?? str(inner?.code),
      requestId: str(fields.request_id) ?? str(fields.requestId) ?? str(inner?.request_id),
    };
  }
  return { message: undefined, code: undefined, requestId: undefined };
}
