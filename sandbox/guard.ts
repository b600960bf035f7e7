/**
 * What runs before an API handler: failed authentication limited per address (auth-limit.ts),
 * authentication ("Authentication" §1-3), the call-rate limit
 * (429, "Limits"), the injected faults of the reliability suite, and settling the company's
 * charges and lots as of now (store/settlement.ts).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuthFailureLimiter } from "./auth-limit";
import { SandboxError } from "./errors";
import type { FaultInjector } from "./faults";
import type { RateLimiter } from "./faults";
import type { Store } from "./store";

export interface Guards {
  store: Store;
  limiter: RateLimiter | undefined;
  authFailures: AuthFailureLimiter | undefined;
  faults: FaultInjector | undefined;
  sleep: (ms: number) => Promise<void>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

const rateLimited = (message: string, retryAfterS: number) =>
  new SandboxError(429, "rate_limited", message, undefined, { "retry-after": String(retryAfterS) });

export function installGuards(
  api: FastifyInstance,
  { store, limiter, authFailures, faults, sleep }: Guards,
): void {
  // Authentication and the call-rate limit run before the body is read, so a caller without
  // a valid token learns nothing from validation errors.
  const authorize = (request: FastifyRequest): void => {
    const header = request.headers.authorization;
    const m = typeof header === "string" ? BEARER.exec(header) : null;
    const address = request.ip;
    const locked = authFailures?.wait(address) ?? 0;
    if (locked > 0) {
      throw rateLimited(
        "Too many failed authentications from this address; wait before trying again",
        locked,
      );
    }
    let info: ReturnType<Store["tokens"]["authenticate"]>;
    try {
      info = store.tokens.authenticate(m?.[1]);
    } catch (err) {
      authFailures?.failed(address);
      throw err;
    }
    request.companyId = info.companyId;
    request.tokenKey = info.hash;
    const wait = limiter?.take(info.hash) ?? 0;
    if (wait > 0) throw rateLimited("Too many requests; reduce frequency and back off", wait);
    if (faults?.inBurst(info.hash)) {
      throw rateLimited("Too many requests (injected burst)", faults.burstRetryAfterS);
    }
  };
  api.addHook("onRequest", (request, _reply, done) => {
    try {
      authorize(request);
      done();
    } catch (err) {
      done(err as Error);
    }
  });

  api.addHook("preHandler", async (request) => {
    if (faults && (request.method === "POST" || request.method === "PUT")) {
      const kind = faults.draw(request.tokenKey);
      request.fault = kind;
      if (kind === "before") {
        throw new SandboxError(503, "service_unavailable", "Temporary failure (injected before applying)");
      }
      if (kind === "burst") throw rateLimited("Too many requests (injected burst)", faults.burstRetryAfterS);
      if (kind === "slow") await sleep(faults.slowMs);
      if (kind === "latency") await sleep(faults.latencyMs);
    }
    store.settlement.settle(request.companyId);
  });
}
