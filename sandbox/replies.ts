/**
 * Every failure leaves the sandbox as the documented ErrorBody with a request id, whoever
 * noticed it: a handler, Fastify's body parsers, its router (an unknown route, a malformed
 * path, an id longer than the router takes) or Node's HTTP parser (headers too large). The
 * framework's own error bodies never reach a caller ("Shape of the error response body": our
 * choice, docs/api-assumptions.md).
 */
import { randomBytes } from "node:crypto";
import type { Socket } from "node:net";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from "fastify";
import { z } from "zod";
import type { ErrorBody } from "../src/api/schemas";
import { type ErrorDetail, SandboxError, errorBody } from "./errors";
import { zodDetails } from "./route-kit";

/** The longest path parameter the router takes: the length of src/api's `Id`. */
export const MAX_PATH_PARAM_LENGTH = 200;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

const newRequestId = () => `req_${randomBytes(8).toString("hex")}`;

/** A safe incoming `x-request-id` is kept (the caller's trace), anything else replaced. */
export function requestIdOf(headers: Record<string, string | string[] | undefined>): string {
  const incoming = headers["x-request-id"];
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : newRequestId();
}

interface Failure {
  status: number;
  code: string;
  message: string;
  details?: ErrorDetail[] | undefined;
  headers?: Record<string, string> | undefined;
}

/** What a Fastify error code means for a caller. */
const FASTIFY_CODES: Record<string, Omit<Failure, "message"> & { message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: "invalid_json", message: "The body is not valid JSON" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "invalid_json", message: "The JSON body is empty" },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "payload_too_large", message: "The body is too large" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: "unsupported_media_type" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: "bad_request" },
  FST_ERR_BAD_URL: {
    status: 400,
    code: "bad_request",
    message: "The path is not a valid URL (bad percent-encoding)",
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 400,
    code: "bad_request",
    message: `A path identifier is longer than ${MAX_PATH_PARAM_LENGTH} characters`,
  },
};

/** Maps anything thrown to a status and an ErrorBody's fields. */
function toFailure(err: unknown): Failure {
  if (err instanceof SandboxError) {
    return {
      status: err.status,
      code: err.code,
      message: err.message,
      details: err.details,
      headers: err.headers,
    };
  }
  if (err instanceof z.ZodError)
    return { status: 400, code: "bad_request", message: "Invalid request", details: zodDetails(err) };
  const e = err as Partial<FastifyError>;
  const known = e.code !== undefined ? FASTIFY_CODES[e.code] : undefined;
  if (known) return { ...known, message: known.message ?? e.message ?? "Bad request" };
  const status =
    typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
  if (status >= 500) return { status: 500, code: "internal_error", message: "Internal error" };
  const code =
    status === 413 ? "payload_too_large" : status === 415 ? "unsupported_media_type" : "bad_request";
  return { status, code, message: e.message ?? "Bad request" };
}

function send(request: FastifyRequest, reply: FastifyReply, f: Failure): FastifyReply {
  if (f.headers) void reply.headers(f.headers);
  if (f.status === 401) void reply.header("www-authenticate", 'Bearer realm="valepix-sandbox"');
  const body: ErrorBody = errorBody(f.code, f.message, request.id, f.details);
  return reply.code(f.status).header("x-request-id", request.id).type("application/json").send(body);
}

/** The error handler, the not-found handler and the JSON parser of the whole server. */
export function installErrorReplies(app: FastifyInstance): void {
  // An empty JSON body is "no body" (a POST .../cancel may still carry the JSON content type);
  // anything else must be valid JSON, or a 400 with ErrorBody code invalid_json.
  const defaultJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    void defaultJson(req, text, (err, value) => {
      if (err) done(new SandboxError(400, "invalid_json", "The body is not valid JSON"), undefined);
      else done(null, value);
    });
  });

  app.setErrorHandler((err, request, reply) => {
    const f = toFailure(err);
    if (f.status >= 500) request.log.error({ err }, "sandbox internal error");
    return send(request, reply, f);
  });
  app.setNotFoundHandler((request, reply) =>
    send(request, reply, {
      status: 404,
      code: "route_not_found",
      message: `No route ${request.method} ${request.url.split("?")[0] ?? ""}`,
    }),
  );
}

/**
 * Fastify's `frameworkErrors`: a malformed path (FST_ERR_BAD_URL) or a path parameter longer
 * than the router takes (FST_ERR_MAX_PARAM_LENGTH) is answered before any route or hook runs.
 * `record` lets the request log see these answers too.
 */
export function frameworkErrors(
  record: (request: FastifyRequest, status: number) => void,
): NonNullable<FastifyServerOptions["frameworkErrors"]> {
  return (err, request, reply) => {
    const f = toFailure(err);
    record(request, f.status);
    void send(request, reply, f);
  };
}

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers over 16 KB, a malformed
 * request line, a timeout). Fastify's default answer has its own body; this one is an ErrorBody
 * with a fresh request id, in the same raw form (the socket is all there is).
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const [status, reason, code, message] =
    err.code === "HPE_HEADER_OVERFLOW"
      ? [
          431,
          "Request Header Fields Too Large",
          "headers_too_large",
          "The request headers (or the URL) are too large",
        ]
      : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", "request_timeout", "The request was not received in time"]
        : [400, "Bad Request", "bad_request", "The request is not valid HTTP"];
  const id = newRequestId();
  const body = JSON.stringify(errorBody(code, message, id));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${id}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
