/**
 * The client's core: its options, the token on every attempt, the hooks, and 2xx bodies checked
 * against the schemas (document, "Endpoints" and "Errors"). Each resource's calls are tested
 * in ./resources/*.test.ts; retries and timeouts in ./client.retry.test.ts.
 */
import { createClient } from "./client";
import { AuthenticationError, ResponseValidationError } from "./errors";
import { API_PATH, setup, TOKEN } from "./testing/fixtures";
import { only } from "./testing/requests";

describe("createClient", () => {
  it("normalizes the base URL and refuses plain http outside loopback", () => {
    expect(createClient({ baseUrl: "https://api.example.com/base/", token: "x" }).baseUrl).toBe(
      "https://api.example.com/base",
    );
    expect(() => createClient({ baseUrl: "http://api.example.com", token: "x" })).toThrow(
      /Refusing plain http/,
    );
    expect(() => createClient({ baseUrl: "https://x.com", timeoutMs: 0 })).toThrow(RangeError);
    expect(() => createClient({ baseUrl: "https://x.com", retry: { maxRetries: -1 } })).toThrow(RangeError);
  });

  it("keeps a base path prefix in front of the API paths", async () => {
    const { fake, client } = setup({ baseUrl: "https://gw.example.com/valepix-prod/" });
    fake.reply({ json: { available_amount: 1 } });
    await client.balances.get();
    expect(only(fake).url.href).toBe(`https://gw.example.com/valepix-prod${API_PATH}/balances`);
  });
});

describe("validation of 2xx bodies", () => {
  it("a body that misses a required field is a ResponseValidationError naming the field, not retried", async () => {
    const { fake, client } = setup();
    fake.reply({ json: { transaction_id: "t1" } });
    const err = await client.deposits.get("t1").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseValidationError);
    const v = err as ResponseValidationError;
    expect(v.issues.map((i) => i.path)).toContain("status");
    expect(v.message).toMatch(/GET \/api\/v1\/valepix\/deposits\/t1 answered HTTP 200.*status/);
    expect(fake.calls).toHaveLength(1);
  });

  it("money that is not integer cents is refused", async () => {
    const { fake, client } = setup();
    fake.reply({ json: { available_amount: 12.5 } });
    await expect(client.balances.get()).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it("a 2xx that is not JSON, or empty, is a ResponseValidationError", async () => {
    const { fake, client } = setup();
    fake.reply({ text: "<html>proxy login</html>" }, { text: "" });
    await expect(client.balances.get()).rejects.toThrow(/not JSON/);
    await expect(client.balances.get()).rejects.toThrow(/empty body/);
  });

  it("unknown fields are tolerated", async () => {
    const { fake, client } = setup();
    fake.reply({ json: { available_amount: 5, blocked_amount: 3, extra: { a: 1 } } });
    expect(await client.balances.get()).toEqual({ available_amount: 5 });
  });
});

describe("token", () => {
  it("getToken is awaited before every attempt (a refreshed token is used on the retry)", async () => {
    const tokens = ["tok_first_aaaaaaaa", "tok_second_bbbbbbb"];
    const getToken = jest.fn(async () => {
      await Promise.resolve();
      return tokens.shift() ?? "tok_none";
    });
    const { fake, client } = setup({ token: undefined, getToken });
    fake.reply({ status: 503 }, { json: { available_amount: 1 } });
    await client.balances.get();
    expect(fake.calls.map((c) => c.headers.authorization)).toEqual([
      "Bearer tok_first_aaaaaaaa",
      "Bearer tok_second_bbbbbbb",
    ]);
    expect(getToken).toHaveBeenCalledTimes(2);
  });

  it("getToken wins over token, and a pasted token is trimmed", async () => {
    const { fake, client } = setup({ token: "ignored_token", getToken: () => "  pasted_token_123\n" });
    fake.reply({ json: { available_amount: 1 } });
    await client.balances.get();
    expect(only(fake).headers.authorization).toBe("Bearer pasted_token_123");
  });

  it("without a token no Authorization header is sent, and the 401 is an AuthenticationError", async () => {
    const { fake, client } = setup({ token: undefined });
    fake.reply({ status: 401, json: { error: { code: "unauthorized", message: "missing token" } } });
    const err = await client.balances.get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(only(fake).headers.authorization).toBeUndefined();
  });

  it("a token with a line break is refused before sending, without quoting it", async () => {
    const { fake, client } = setup({ token: "abc_secret\nX-Evil: 1" });
    const err = await client.balances.get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as Error).message).not.toContain("abc_secret");
    expect(fake.calls).toHaveLength(0);
  });
});

describe("hooks", () => {
  it("onRequest and onResponse see method, url, attempt, status and duration, never headers", async () => {
    const seen: unknown[] = [];
    const { fake, client, clock } = setup({
      onRequest: (i) => seen.push(["req", i]),
      onResponse: (i) => seen.push(["res", i]),
    });
    fake.reply(
      () => {
        clock.advance(42);
        return { status: 500 };
      },
      { json: { available_amount: 1 } },
    );
    await client.balances.get();
    const url = `https://api.example.com${API_PATH}/balances`;
    expect(seen).toEqual([
      ["req", { method: "GET", url, attempt: 1 }],
      ["res", { method: "GET", url, status: 500, attempt: 1, durationMs: 42 }],
      ["req", { method: "GET", url, attempt: 2 }],
      ["res", { method: "GET", url, status: 200, attempt: 2, durationMs: 0 }],
    ]);
    expect(JSON.stringify(seen)).not.toContain(TOKEN);
  });

  it("a throwing hook does not fail the call", async () => {
    const { fake, client } = setup({
      onRequest: () => {
        throw new Error("logger down");
      },
    });
    fake.reply({ json: { available_amount: 1 } });
    await expect(client.balances.get()).resolves.toEqual({ available_amount: 1 });
  });
});
