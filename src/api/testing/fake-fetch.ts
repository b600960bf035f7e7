/**
 * Test doubles for the client's injectable edges (docs/architecture.md §3): a scripted `fetch` that records
 * every request, and a fake clock whose `sleep` advances time instantly.
 */

export interface RecordedRequest {
  method: string;
  url: URL;
  /** Path without the query. */
  path: string;
  query: Record<string, string>;
  /** Lower-cased names, as sent (unredacted: tests check the Authorization header). */
  headers: Record<string, string>;
  bodyText: string | undefined;
  /** The body parsed as JSON, when it was a JSON string. */
  json: unknown;
  form: FormData | undefined;
  signal: AbortSignal | undefined;
}

type Reply =
  | { status?: number; json?: unknown; text?: string; headers?: Record<string, string> }
  | { networkError: true; message?: string }
  | { hang: true };

export type Responder = Reply | ((req: RecordedRequest) => Reply | Promise<Reply>);

interface Route {
  method: string;
  path: string | RegExp;
  responder: Responder;
}

const abortError = (signal: AbortSignal): Error =>
  signal.reason instanceof Error
    ? signal.reason
    : new DOMException("This operation was aborted", "AbortError");

export class FakeFetch {
  readonly calls: RecordedRequest[] = [];
  private readonly queue: Responder[] = [];
  private readonly routes: Route[] = [];

  /** Scripts the next replies, in order (they win over routes). */
  reply(...responders: Responder[]): this {
    this.queue.push(...responders);
    return this;
  }

  /** A standing reply for every `method` request whose path matches. */
  route(method: string, path: string | RegExp, responder: Responder): this {
    this.routes.push({ method, path, responder });
    return this;
  }

  /** Scripted replies not consumed yet. */
  get pending(): number {
    return this.queue.length;
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const body = init?.body;
    let bodyText: string | undefined;
    let json: unknown;
    let form: FormData | undefined;
    if (typeof body === "string") {
      bodyText = body;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
    } else if (body instanceof FormData) {
      form = body;
    }
    const req: RecordedRequest = {
      method: init?.method ?? "GET",
      url,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      bodyText,
      json,
      form,
      signal: init?.signal ?? undefined,
    };
    this.calls.push(req);
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw abortError(signal);

    const responder =
      this.queue.shift() ??
      this.routes.find(
        (r) =>
          r.method === req.method &&
          (typeof r.path === "string" ? r.path === req.path : r.path.test(req.path)),
      )?.responder;
    if (!responder) throw new Error(`FakeFetch: no response scripted for ${req.method} ${req.path}`);
    const reply = typeof responder === "function" ? await responder(req) : responder;

    if ("hang" in reply) {
      return new Promise<Response>((_, reject) => {
        signal?.addEventListener("abort", () => reject(abortError(signal)), { once: true });
      });
    }
    if ("networkError" in reply) {
      throw new TypeError(reply.message ?? "fetch failed", {
        cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      });
    }
    const responseHeaders = new Headers(reply.headers);
    let text = reply.text ?? "";
    if (reply.json !== undefined) {
      text = JSON.stringify(reply.json);
      if (!responseHeaders.has("content-type")) responseHeaders.set("content-type", "application/json");
    }
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : text, { status, headers: responseHeaders });
  };
}

/** A clock whose `sleep` returns at once and moves time forward; it records every sleep. */
export function fakeClock(start = Date.UTC(2026, 0, 15, 12, 0, 0)) {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    sleep: (ms: number, signal?: AbortSignal): Promise<void> => {
      if (signal?.aborted) return Promise.reject(abortError(signal));
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}

/** Standard page envelope. */
export const page = <T>(data: T[], extra: { page?: number; limit?: number; total?: number } = {}) => ({
  data,
  ...extra,
});

/** A JSON response as `fetch` gives it (jsdom has no `Response`, so a minimal one). */
export function jsonResponse(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: "",
    headers: new Headers({ "content-type": "application/json" }),
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(JSON.parse(text) as unknown),
  } as unknown as Response;
}
