/**
 * The monthly journey against a sandbox that fails on purpose: mutations get faults (503 before
 * applying, 500 after applying, 429 bursts, late answers) and the token is limited to a few
 * calls a second. The journey still ends right: the distribution is finalized once, every row
 * has its status, and the money moved once.
 */
import { type World, openPreview, startWorld } from "./harness";
import { monthlyDistribution } from "./monthly-steps";
import { PreviewPage } from "./preview-page";

jest.setTimeout(300_000);

let world: World;
beforeAll(async () => {
  world = await startWorld({
    rateLimit: 4,
    faults: {
      rate: 0.2,
      kinds: ["before", "after", "burst", "latency"],
      seed: 7,
      latencyMs: 300,
      burstRetryAfterS: 1,
    },
  });
});
afterAll(async () => {
  await world?.close();
});

it("ends the monthly journey right under faults and a low rate limit", async () => {
  const { page, errors } = await openPreview(world, { lang: "pt-BR" });
  const p = new PreviewPage(page, "pt-BR", "failure");
  let seen: string[] = [];
  try {
    seen = (await monthlyDistribution(p)).errors;
  } catch (e) {
    await p.shot("FAILED");
    throw e;
  }
  expect(
    world.sandbox.requests.count({ operation: "finalizeDistribution", status: 200 }),
  ).toBeLessThanOrEqual(1);
  const faults = world.sandbox.server.sandbox.faults?.met;
  // What the person met on the way, for the report (each was retried from the screen).
  console.error(`failure journey: faults ${JSON.stringify(faults)}; messages ${JSON.stringify(seen)}`);
  // The run met faults and still ended right.
  expect(Object.values(faults ?? {}).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
