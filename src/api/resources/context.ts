/**
 * What every resource file gets from the client: typed reads and changes over one `Transport`,
 * and the waiting arithmetic the recovery functions need. Parameter types shared by resources
 * live here too.
 */
import type { z } from "zod";
import type { Sleep } from "../abort";
import type { RecoveryEdge } from "../recovery";
import type { Query, RetryPolicy, Transport } from "../transport";

export interface RequestOptions {
  signal?: AbortSignal | undefined;
}

export interface ListParams {
  limit?: number | undefined;
  page?: number | undefined;
}

export interface Context {
  /** A GET; retried on ambiguous failures (`idempotent`) unless `policy` says otherwise. */
  read<S extends z.ZodType>(
    path: string,
    schema: S,
    opts?: RequestOptions,
    query?: Query,
    policy?: RetryPolicy,
  ): Promise<z.output<S>>;
  /** A POST or PUT; repeated on 429 only (`rateLimitOnly`), or never. */
  change<S extends z.ZodType>(
    method: "POST" | "PUT",
    path: string,
    schema: S,
    opts?: RequestOptions,
    body?: { json?: unknown; form?: () => FormData },
    policy?: "rateLimitOnly" | "never",
  ): Promise<z.output<S>>;
  edge: RecoveryEdge;
  sleep: Sleep;
  now: () => number;
}

export function contextOver(transport: Transport): Context {
  return {
    read: (path, schema, opts, query, policy = "idempotent") =>
      transport.request({ method: "GET", path, schema, query, retry: policy, signal: opts?.signal }),
    change: (method, path, schema, opts, body = {}, policy = "rateLimitOnly") =>
      transport.request({ method, path, schema, ...body, retry: policy, signal: opts?.signal }),
    edge: {
      delayAfter: (err, i) => transport.delayAfter(err, i),
      backoff: (i) => transport.backoff(i),
      pause: (ms, signal) => transport.pause(ms, signal),
      maxRetries: transport.config.retry.maxRetries,
    },
    sleep: transport.config.sleep,
    now: transport.config.now,
  };
}

/** The `page` and `limit` of a single-page call (absent ones are left to the server). */
export const pageQuery = (q: ListParams): Query => ({ page: q.page, limit: q.limit });

/** Drops undefined values, so `{ maxWaitMs: undefined }` does not erase a default. */
export function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}
