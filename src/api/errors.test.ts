import {
  APIConnectionError,
  APIConnectionTimeoutError,
  ApiError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  FinalizeOutcomeUnknownError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  UnprocessableEntityError,
} from "./errors";
import { scrubParsed, scrubSecret, snapshotHeaders } from "./redact";
import { readServerError } from "./server-error";
import { distribution, API_PATH, setup } from "./testing/fixtures";

describe("ApiError.fromResponse", () => {
  const cases: [number, new (...a: never[]) => ApiError, boolean][] = [
    [400, BadRequestError, false],
    [401, AuthenticationError, false],
    [403, PermissionDeniedError, false],
    [404, NotFoundError, false],
    [409, ConflictError, false],
    [422, UnprocessableEntityError, false],
    [429, RateLimitError, true],
    [500, InternalServerError, true],
    [502, InternalServerError, true],
    [503, InternalServerError, true],
    [504, InternalServerError, true],
    [507, InternalServerError, true],
    [408, ApiError, true],
    [418, ApiError, false],
  ];
  it.each(cases)("%i → %p (retryable %p)", (status, cls, retryable) => {
    const e = ApiError.fromResponse({ method: "GET", url: "https://x.example.com/a?b=1", status });
    expect(e).toBeInstanceOf(cls);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(status);
    expect(e.retryable).toBe(retryable);
    expect(e.name).toBe(cls.name);
  });

  it("names method, path, status and the server's message and request id", () => {
    const e = ApiError.fromResponse({
      method: "PUT",
      url: "https://api.example.com/api/v1/valepix/distributions/d1/items/value?x=1",
      status: 422,
      serverMessage: "distribution is not a draft",
      requestId: "req-9",
    });
    expect(e.message).toBe(
      "PUT /api/v1/valepix/distributions/d1/items/value?x=1 failed with HTTP 422 Unprocessable Entity: distribution is not a draft [request id req-9]",
    );
  });

  it("explains a status when the server said nothing", () => {
    expect(
      ApiError.fromResponse({ method: "GET", url: "https://x.example.com/", status: 401 }).message,
    ).toMatch(/invalid, expired or revoked/);
    expect(
      ApiError.fromResponse({ method: "GET", url: "https://x.example.com/", status: 404 }).message,
    ).toMatch(/other environment/);
  });
});

describe("readServerError (error body shape not shown: read tolerantly)", () => {
  it("reads our ErrorBody with details", () => {
    expect(
      readServerError({
        error: {
          code: "invalid",
          message: "Invalid body",
          details: [{ path: "amount", message: "must be > 0" }],
          request_id: "r1",
        },
      }),
    ).toEqual({ message: "Invalid body (amount: must be > 0)", code: "invalid", requestId: "r1" });
  });
  it.each([
    [{ message: "plain message", code: "c1" }, "plain message", "c1"],
    [{ error: "string error" }, "string error", undefined],
    [{ error: { message: "nested without code" } }, "nested without code", undefined],
    [{ detail: "problem+json detail" }, "problem+json detail", undefined],
    ["  Bad   Gateway\n", "Bad Gateway", undefined],
  ])("reads %p", (body, message, code) => {
    const r = readServerError(body);
    expect(r.message).toBe(message);
    expect(r.code).toBe(code);
  });
  it("clips long text and ignores what it cannot read", () => {
    expect(readServerError("x".repeat(5000)).message!.length).toBeLessThan(310);
    expect(readServerError(undefined).message).toBeUndefined();
    expect(readServerError({ foo: 1 }).message).toBeUndefined();
    expect(readServerError([1, 2]).message).toBeUndefined();
  });
});

describe("through the client", () => {
  it("requestId comes from x-request-id, else from the body; the server message is in the error", async () => {
    const { fake, client } = setup();
    fake.reply(
      {
        status: 409,
        headers: { "x-request-id": "hdr-1" },
        json: { error: { code: "paid", message: "charge already paid", request_id: "body-1" } },
      },
      { status: 404, json: { error: { code: "nf", message: "no deposit", request_id: "body-2" } } },
    );
    const a = (await client.deposits.cancel("t1").catch((e: unknown) => e)) as ConflictError;
    expect(a).toBeInstanceOf(ConflictError);
    expect(a.requestId).toBe("hdr-1");
    expect(a.code).toBe("paid");
    expect(a.message).toBe(
      `POST ${API_PATH}/deposits/t1/cancel failed with HTTP 409 Conflict: charge already paid [request id hdr-1]`,
    );
    expect(a.body).toEqual({ error: { code: "paid", message: "charge already paid", request_id: "body-1" } });
    const b = (await client.deposits.get("t1").catch((e: unknown) => e)) as NotFoundError;
    expect(b.requestId).toBe("body-2");
    expect(b.url).toBe(`https://api.example.com${API_PATH}/deposits/t1`);
    expect(b.method).toBe("GET");
  });

  it("connection errors say what failed", async () => {
    const { fake, client } = setup({ retry: { maxRetries: 0 } });
    fake.reply({ networkError: true });
    const e = (await client.balances.get().catch((x: unknown) => x)) as APIConnectionError;
    expect(e).toBeInstanceOf(APIConnectionError);
    expect(e.status).toBeUndefined();
    expect(e.retryable).toBe(true);
    expect(e.message).toBe(
      `GET ${API_PATH}/balances failed: could not reach the server (fetch failed: ECONNREFUSED)`,
    );
  });
});

describe("headers and secrets", () => {
  it("snapshotHeaders redacts credentials", () => {
    const h = new Headers({ Authorization: "Bearer abc", "Set-Cookie": "s=1", "X-Request-Id": "r" });
    expect(snapshotHeaders(h)).toEqual({
      authorization: "[REDACTED]",
      "set-cookie": "[REDACTED]",
      "x-request-id": "r",
    });
    expect(snapshotHeaders({ "Proxy-Authorization": "x", A: "b" })).toEqual({
      "proxy-authorization": "[REDACTED]",
      a: "b",
    });
  });

  it("scrubSecret replaces the secret deep inside values, including keys", () => {
    const s = "tok_ABCDEFGH";
    expect(scrubSecret({ a: [`x ${s} y`, { [s]: s }], n: 1 }, s)).toEqual({
      a: ["x [REDACTED] y", { "[REDACTED]": "[REDACTED]" }],
      n: 1,
    });
    expect(scrubSecret("abc", "abc")).toBe("abc"); // too short to be a token: left alone
  });

  it("scrubParsed skips only the bodies that cannot hold the secret", () => {
    const s = "tok_ABCDEFGH";
    const clean = { a: ["x", { b: "y" }] };
    expect(scrubParsed(clean, JSON.stringify(clean), s)).toBe(clean); // no copy
    const plain = { a: `x ${s}` };
    expect(scrubParsed(plain, JSON.stringify(plain), s)).toEqual({ a: "x [REDACTED]" });
    // Written with an escape, the secret is not in the text but is in the parsed string.
    const escaped = `{"a":"x tok_\\u0041BCDEFGH"}`;
    const parsed = JSON.parse(escaped) as { a: string };
    expect(parsed.a).toBe(`x ${s}`);
    expect(scrubParsed(parsed, escaped, s)).toEqual({ a: "x [REDACTED]" });
  });

  it("a token the server echoes with JSON escapes is scrubbed from the error", async () => {
    const SECRET = "vp_live_SECRET_5f1c9e77d2a4b8";
    const { fake, client } = setup({ token: SECRET, retry: { maxRetries: 0 } });
    const escaped = SECRET.replace("S", "\\u0053");
    fake.reply({ status: 400, text: `{"error":{"code":"echo","message":"you sent Bearer ${escaped}"}}` });
    const err = (await client.balances.get().catch((e: unknown) => e)) as BadRequestError;
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err.serverMessage).toBe("you sent Bearer [REDACTED]");
    expect(JSON.stringify(err)).not.toContain(SECRET);
  });

  /**
   * Every kind of error, provoked through the client with a distinctive token and a server that
   * echoes the request (headers and token) back in its body, its headers and its text.
   */
  it("no error kind carries the token in JSON, message or stack", async () => {
    const SECRET = "vp_live_SECRET_5f1c9e77d2a4b8";
    const echo =
      (status: number, extra: Record<string, string> = {}) =>
      () => ({
        status,
        headers: { "x-echo-authorization": `Bearer ${SECRET}`, authorization: `Bearer ${SECRET}`, ...extra },
        json: { error: { code: "echo", message: `you sent Bearer ${SECRET}`, request_id: SECRET } },
      });
    const errors: unknown[] = [];
    const grab = async (p: Promise<unknown>) =>
      errors.push(
        await p.then(
          () => new Error("resolved"),
          (e: unknown) => e,
        ),
      );

    for (const status of [400, 401, 403, 404, 409, 422, 500, 502, 503, 504, 418]) {
      const { fake, client } = setup({ token: SECRET, retry: { maxRetries: 0 } });
      fake.reply(echo(status));
      await grab(client.balances.get());
    }
    {
      const { fake, client } = setup({ token: SECRET, retry: { maxRetryAfterMs: 0 } });
      fake.reply(echo(429, { "retry-after": "60" }));
      await grab(client.balances.get());
    }
    {
      const { fake, client } = setup({ getToken: () => Promise.resolve(SECRET), retry: { maxRetries: 0 } });
      fake.reply({ networkError: true, message: `connect failed for Bearer ${SECRET}` });
      await grab(client.balances.get());
    }
    {
      const { fake, client } = setup({ token: SECRET, timeoutMs: 5, retry: { maxRetries: 0 } });
      fake.reply({ hang: true });
      await grab(client.balances.get());
    }
    {
      const { fake, client } = setup({ token: SECRET });
      const ac = new AbortController();
      fake.reply({ hang: true });
      const p = client.balances.get({ signal: ac.signal });
      setTimeout(() => ac.abort(), 2);
      await grab(p);
    }
    {
      const { fake, client } = setup({ token: SECRET });
      fake.reply({ json: { available_amount: SECRET, note: SECRET } });
      await grab(client.balances.get());
    }
    {
      const { fake, client } = setup({ token: SECRET });
      fake.reply(echo(503), { json: { ...distribution("d1", "processing"), note: SECRET } });
      await grab(client.distributions.finalize("d1", { payment_method: "PIX" }));
    }
    {
      const { fake, client } = setup({ token: SECRET });
      fake.reply(echo(500), echo(500));
      await grab(client.distributions.finalize("d1", { payment_method: "PIX" }));
    }
    {
      const { client } = setup({ token: `${SECRET}\n` + "Injected: 1" });
      await grab(client.balances.get());
    }

    const kinds = errors.map((e) => (e as Error).constructor.name);
    for (const cls of [
      BadRequestError,
      AuthenticationError,
      PermissionDeniedError,
      NotFoundError,
      ConflictError,
      UnprocessableEntityError,
      RateLimitError,
      InternalServerError,
      ApiError,
      APIConnectionError,
      APIConnectionTimeoutError,
      APIUserAbortError,
      ResponseValidationError,
      FinalizeOutcomeUnknownError,
      TypeError,
    ]) {
      expect(kinds).toContain(cls.name);
    }
    for (const e of errors) {
      const err = e as Error;
      expect(JSON.stringify(err)).not.toContain(SECRET);
      expect(err.message).not.toContain(SECRET);
      expect(err.stack ?? "").not.toContain(SECRET);
      expect(String(err)).not.toContain(SECRET);
      const cause = (err as { cause?: unknown }).cause;
      if (cause instanceof Error) {
        expect(JSON.stringify(cause)).not.toContain(SECRET);
        expect(cause.message).not.toContain(SECRET);
        expect(cause.stack ?? "").not.toContain(SECRET);
      }
    }
    // the echoed header is kept (it is not a credential header) but scrubbed
    const bad = errors[0] as BadRequestError;
    expect(bad.headers["x-echo-authorization"]).toBe("Bearer [REDACTED]");
    expect(bad.headers.authorization).toBe("[REDACTED]");
    expect(bad.serverMessage).toBe("you sent Bearer [REDACTED]");
  });

  it("a token in a nested cause (cause.cause.message) is scrubbed from the message and the cause chain", async () => {
    const SECRET = "vp_live_NESTED_9a8b7c6d5e4f3a2b";
    const fetchThatEchoes: typeof fetch = () =>
      Promise.reject(
        new TypeError("fetch failed", {
          cause: new Error(`proxy refused Bearer ${SECRET}`, { cause: new Error(`deeper: ${SECRET}`) }),
        }),
      );
    const { client } = setup({ token: SECRET, fetch: fetchThatEchoes, retry: { maxRetries: 0 } });
    const err = (await client.balances.get().catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(APIConnectionError);
    expect(err.message).toMatch(/could not reach the server/);
    expect(err.message).toContain("proxy refused Bearer [REDACTED]"); // cause.cause.message, scrubbed
    expect(err.message).not.toContain(SECRET);
    expect(JSON.stringify(err)).not.toContain(SECRET);
    let c: unknown = err;
    for (let depth = 0; c instanceof Error && depth < 5; depth++) {
      expect(c.message).not.toContain(SECRET);
      expect(c.stack ?? "").not.toContain(SECRET);
      c = (c as { cause?: unknown }).cause;
    }
    // the one-level-down detail is still there, scrubbed
    const direct = (await setup({
      token: SECRET,
      fetch: () =>
        Promise.reject(new TypeError("fetch failed", { cause: new Error(`bad Bearer ${SECRET}`) })),
      retry: { maxRetries: 0 },
    })
      .client.balances.get()
      .catch((e: unknown) => e)) as Error;
    expect(direct.message).toContain("bad Bearer [REDACTED]");
  });
});
