/**
 * Drafts and finalize against a server that differs where the document is silent (issue 8
 * items 1, 2, 3): finalize is sent once, and a 2xx it cannot read is an unknown outcome read
 * once, never a failure.
 */
import {
  DraftCreateOutcomeUnknownError,
  FinalizeOutcomeUnknownError,
  InternalServerError,
} from "../../src/api";
import { caught, divergent, draftWith } from "./env";

const PRODUCT = "prd-1";

async function readyDraft() {
  const env = await divergent();
  const d = await draftWith(env, 3);
  await env.api.distributions.setValueForAll(d.id, { product_id: PRODUCT, value: 1_000 });
  env.take();
  return { env, d };
}

describe("distributions on a divergent server", () => {
  it("create reads `state` and nulls (type, lot); get fills in nothing it was not given", async () => {
    const env = await divergent();
    const d = await env.api.distributions.create({ type: "batch" });
    expect(d).toMatchObject({ status: "draft", total_employees: 0, total_amount: 0 });
    expect(d.lot).toBeUndefined();
    expect(d.type).toBeUndefined();
    expect((await env.api.distributions.get(d.distribution_id)).status).toBe("draft");
  });

  it("create after a 500 is not repeated (no identity to read back)", async () => {
    const env = await divergent();
    env.server.fault({ method: "POST", path: /^\/distributions$/, kind: "after", status: 500 });
    const err = await caught(env.api.distributions.create({ type: "batch" }));
    expect(err).toBeInstanceOf(DraftCreateOutcomeUnknownError);
    expect((err as Error).cause).toBeInstanceOf(InternalServerError);
    expect(env.take()).toEqual(["POST /distributions 500"]);
  });

  it("finalize reads a minimal answer: `state`, a lot without id, transaction_id null", async () => {
    const { env, d } = await readyDraft();
    const fin = await env.api.distributions.finalize(d.id, { payment_method: "BALANCE" });
    expect(fin).toEqual({ status: "processing", lot: { status: "PENDING" } });
    expect(env.take()).toEqual([`POST /distributions/${d.id}/finalize 200`]);
  });

  it("finalize answered 2xx with a body that does not fit: FinalizeOutcomeUnknownError after one read", async () => {
    const { env, d } = await readyDraft();
    env.server.fault({ method: "POST", path: /\/finalize$/, kind: "body", body: '{"lot":"PENDING"}' });
    const err = await caught(env.api.distributions.finalize(d.id, { payment_method: "BALANCE" }));
    expect(err).toBeInstanceOf(FinalizeOutcomeUnknownError);
    expect((err as FinalizeOutcomeUnknownError).distribution?.status).toBe("processing");
    expect((err as Error).message).toContain("(finalize was applied)");
    expect(env.take()).toEqual([
      `POST /distributions/${d.id}/finalize 200`,
      `GET /distributions/${d.id} 200`,
    ]);
  });

  it.each([
    ["a 500 after applying", { kind: "after" as const, status: 500 }, "500", "processing"],
    ["a 503 before applying", { kind: "before" as const, status: 503 }, "503", "draft"],
    ["a lost connection after applying", { kind: "drop" as const }, "dropped", "processing"],
  ])(
    "finalize after %s: one POST, one read, FinalizeOutcomeUnknownError with what it saw",
    async (_n, f, seen, status) => {
      const { env, d } = await readyDraft();
      env.server.fault({ method: "POST", path: /\/finalize$/, ...f });
      const err = await caught(env.api.distributions.finalize(d.id, { payment_method: "PIX" }));
      expect((err as FinalizeOutcomeUnknownError).distribution?.status).toBe(status);
      expect(env.take()).toEqual([
        `POST /distributions/${d.id}/finalize ${seen}`,
        `GET /distributions/${d.id} 200`,
      ]);
    },
  );

  it("reads of the distribution and its items keep working after finalize", async () => {
    const { env, d } = await readyDraft();
    await env.api.distributions.finalize(d.id, { payment_method: "BALANCE" });
    expect((await env.api.distributions.get(d.id)).status).toBe("processing");
    const page = await env.api.distributions.listItemsPage(d.id);
    expect(page).toMatchObject({ status: "processing", total_employees: 3, total_amount: 3_000 });
  });
});
