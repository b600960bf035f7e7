/**
 * The sandbox's error type. Every failure leaves the server as the ErrorBody of
 * src/api/schemas/common.ts (`{ error: { code, message, details?, request_id? } }`); the status codes
 * follow the "Errors" table of the API document.
 */
import type { ErrorBody } from "../src/api/schemas";

export type ErrorDetail = { path?: string; message: string };

export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "SandboxError";
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new SandboxError(400, "bad_request", message, details);
export const notFound = (what: string, id: string) =>
  new SandboxError(404, "not_found", `${what} ${JSON.stringify(id)} not found`);
export const forbidden = (what: string) =>
  new SandboxError(403, "forbidden", `This token has no access to this ${what}`);
export const conflict = (code: string, message: string) => new SandboxError(409, code, message);
export const unprocessable = (code: string, message: string, details?: ErrorDetail[]) =>
  new SandboxError(422, code, message, details);

export function errorBody(
  code: string,
  message: string,
  requestId: string,
  details?: ErrorDetail[],
): ErrorBody {
  return { error: { code, message, ...(details?.length ? { details } : {}), request_id: requestId } };
}
