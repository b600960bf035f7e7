/** What client tests check of the requests the FakeFetch recorded, and the bodies they send. */
import { page, type FakeFetch, type RecordedRequest } from "./fake-fetch";
import { TOKEN } from "./fixtures";

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const DEPOSIT_BODY = {
  amount: 150_000,
  method: "PIX" as const,
  name: "ACME",
  document: "12345678000195",
};

/**
 * The headers of a JSON call of the document ("Endpoints": "JSON calls send `Authorization`,
 * `Accept: application/json` and `Content-Type: application/json`"), with or without a body.
 */
export function expectJsonHeaders(req: RecordedRequest, _withBody: boolean) {
  expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(req.headers.accept).toBe("application/json");
  expect(req.headers["content-type"]).toBe("application/json");
}

/** The one request the fake saw. */
export function only(fake: FakeFetch): RecordedRequest {
  expect(fake.calls).toHaveLength(1);
  return fake.calls[0]!;
}

export const sentIds = (c: RecordedRequest) => (c.json as { employee_ids: string[] }).employee_ids;
export const tidOf = (c: RecordedRequest) => (c.json as { transaction_id: string }).transaction_id;

/** The draft's items as the scripted replies of its pages (limit 100, with total). */
export const draftPages = (ids: string[]) =>
  Array.from({ length: Math.max(1, Math.ceil(ids.length / 100)) }, (_, n) => ({
    json: page(
      ids.slice(n * 100, (n + 1) * 100).map((id) => ({ employee_id: id, values: [] })),
      { page: n + 1, limit: 100, total: ids.length },
    ),
  }));

/**
 * A signal, and a client `sleep` that aborts it and rejects as an aborted sleep does: the caller
 * aborts during the client's next pause (a backoff, or the wait before a read).
 */
export function abortInTheNextPause(): {
  signal: AbortSignal;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
} {
  const ac = new AbortController();
  return {
    signal: ac.signal,
    sleep: (_ms, signal) => {
      ac.abort();
      return Promise.reject(signal?.reason as Error);
    },
  };
}
