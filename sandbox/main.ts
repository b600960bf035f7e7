/**
 * `npm run sandbox`: reads the SANDBOX_* environment knobs, prints the URL, the knobs and the
 * demo token, and listens until SIGINT/SIGTERM (graceful: in-flight requests finish, the
 * database is closed).
 */
import { configFromEnv, showToken } from "./config";
import { DEMO_TOKEN, buildServer } from "./server";

async function main(): Promise<void> {
  const config = configFromEnv();
  const { options } = config;
  const server = buildServer(options);
  await server.listen({ port: config.port, host: config.host });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;

  const faults = options.faults;
  console.log(`ValePix sandbox listening on ${url}`);
  console.log(`  API base:       ${url}/api/v1/valepix   OpenAPI: ${url}/openapi.json`);
  console.log(`  SANDBOX_HOST=${config.host} SANDBOX_PORT=${config.port}`);
  console.log(`  SANDBOX_DB=${options.db}`);
  console.log(`  SANDBOX_SEED_EMPLOYEES=${options.seedEmployees} (per new company)`);
  console.log(`  SANDBOX_PIX_DELAY_MS=${options.pixDelayMs} SANDBOX_LOT_DELAY_MS=${options.lotDelayMs}`);
  console.log(
    `  SANDBOX_RATE_LIMIT=${options.rateLimit} req/s per token${options.rateLimit ? "" : " (off)"}`,
  );
  console.log("  Failed authentication: 20 per client address, then 1 a second (429 with Retry-After)");
  console.log(
    `  SANDBOX_FAULT_RATE=${faults?.rate ?? 0} kinds=${(faults?.kinds ?? ["before", "after", "slow"]).join(",")} ` +
      `slowMs=${faults?.slowMs} SANDBOX_LATENCY_MS=${options.latencyMs}`,
  );
  if (options.corsOrigins?.length) console.log(`  SANDBOX_CORS_ORIGINS=${options.corsOrigins.join(",")}`);
  console.log("  Tokens:");
  for (const t of server.sandbox.tokens) {
    console.log(
      `    ${showToken(t.token, DEMO_TOKEN)}  company=${t.company}${t.revoked ? "  (revoked)" : ""}`,
    );
  }
  if (server.sandbox.tokens.some((t) => t.token === DEMO_TOKEN)) {
    console.log(`\n  Try: curl -H "Authorization: Bearer ${DEMO_TOKEN}" ${url}/api/v1/valepix/balances`);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: closing the sandbox…`);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
