/** The wizard's flow without rendering: each action moves the state, and `stepOf` says what is on screen. */
import type { FinalizeBody } from "../../../api";
import type { ReviewView, SendOutcome, ValidationView } from "../services";
import {
  type DistributeAction,
  distributeReducer,
  initialState,
  reviewShortfall,
  stepOf,
} from "./distribute-state";

const mapping = {
  header: ["CPF"],
  columns: [{ index: 0, header: "CPF", role: { role: "cpf" as const } }],
  products: [],
};
const summary = {
  rowsRead: 1,
  rowsSkipped: 0,
  rowsValid: 1,
  rowsWithErrors: 0,
  employees: 1,
  perProduct: new Map<string, number>(),
  grandTotalCents: 500,
  errors: 0,
  warnings: 0,
  availableBalanceCents: 200,
  shortfallCents: 300,
};
const passing: ValidationView = { ok: true, issues: [], summary };
const failing: ValidationView = { ...passing, ok: false };
const review: ReviewView = {
  matches: true,
  mismatches: [],
  sheetTotalCents: 500,
  draftTotalCents: 500,
  totalEmployees: 1,
  availableCents: 200,
};
const outcome: SendOutcome = {
  distributionId: "d-1",
  mode: "selected",
  created: true,
  calls: 3,
  totalEmployees: 1,
  totalCents: 500,
  review,
};
const body: FinalizeBody = {
  payment_method: "BALANCE",
  scheduled_for: null,
  payer_name: "Acme",
  payer_document: "11222333000181",
};

const run = (...actions: DistributeAction[]) => actions.reduce(distributeReducer, initialState);
const picked = run({ type: "picked", table: "T" }, { type: "mappingLoaded", table: "T", mapping });

describe("the Distribute wizard's flow", () => {
  it("picks a table, drops a mapping answered for another, and blocks sending until validated", () => {
    expect(picked.mapping).toBe(mapping);
    expect(distributeReducer(picked, { type: "mappingLoaded", table: "Other", mapping })).toBe(picked);
    expect(stepOf(picked, false)).toMatchObject({ preparing: true, blocked: true, reviewing: false });
    const failed = distributeReducer(picked, { type: "validated", validation: failing, focus: true });
    expect(stepOf(failed, false).blocked).toBe(true);
    const ok = distributeReducer(picked, { type: "validated", validation: passing, focus: true });
    expect(stepOf(ok, false)).toMatchObject({ blocked: false, shortfall: 300 });
  });

  it("moves focus to the outcome of an action asked for, never for live or background updates", () => {
    const validated = distributeReducer(picked, { type: "validated", validation: passing, focus: true });
    expect(validated.focus).toEqual({ target: "problems", seq: 1 });
    const again = distributeReducer(validated, { type: "validated", validation: passing, focus: true });
    expect(again.focus).toEqual({ target: "problems", seq: 2 });
    expect(distributeReducer(again, { type: "validated", validation: passing, focus: false }).focus).toBe(
      again.focus,
    );
    const live = distributeReducer(again, { type: "liveValidated", validation: failing, at: new Date(0) });
    expect(live.focus).toBe(again.focus);
    expect(live.validation).toBe(failing);
    expect(distributeReducer(live, { type: "sent", outcome, confirmed: undefined }).focus?.target).toBe(
      "review",
    );
  });

  it("batch mode: the server picks the employees, so only the table's overrides need a validation", () => {
    const batch = distributeReducer(picked, { type: "modeChosen", mode: "batch" });
    expect(stepOf(batch, false).blocked).toBe(false);
    expect(stepOf(distributeReducer(batch, { type: "overridesSet", overrides: true }), false).blocked).toBe(
      true,
    );
  });

  it("sends, reviews, fills the form, confirms, finalizes: each step replaces the one before", () => {
    const sent = run(
      { type: "picked", table: "T" },
      { type: "validated", validation: passing, focus: true },
      {
        type: "repeatAsked",
        repeat: { fingerprint: "fp", distributionId: "d-0", at: "2026-10-01", table: "T" },
      },
      { type: "sent", outcome, confirmed: "fp" },
    );
    expect(sent).toMatchObject({ repeat: undefined, confirmed: "fp", review });
    expect(stepOf(sent, false)).toMatchObject({
      preparing: false,
      reviewing: true,
      form: true,
      confirm: false,
    });
    expect(stepOf(sent, true)).toMatchObject({ reviewActions: false, form: false });
    const filled = distributeReducer(sent, { type: "formFilled", body });
    expect(stepOf(filled, false)).toMatchObject({ form: false, confirm: true });
    expect(filled.focus?.target).toBe("confirm");
    expect(stepOf(distributeReducer(filled, { type: "formReopened" }), false).form).toBe(true);
    const paying = distributeReducer(filled, { type: "finalizing", body });
    expect(paying).toMatchObject({ body: undefined, paidWith: body });
    const result = {
      distributionId: "d-1",
      status: "completed",
      totalEmployees: 1,
      totalCents: 500,
      finalizedNow: true,
    };
    const done = distributeReducer(paying, { type: "finalized", result });
    expect(done.focus?.target).toBe("result");
    expect(stepOf(done, false)).toMatchObject({ reviewing: false, form: false, confirm: false });
    expect(reviewShortfall(review)).toBe(300);
  });

  it("a finalize without answer asks for a check; a check that finds it applied shows the result", () => {
    const unknown = run(
      { type: "picked", table: "T" },
      { type: "sent", outcome, confirmed: undefined },
      { type: "finalizing", body },
      { type: "outcomeUnknown", unknown: { distributionId: "d-1" } },
    );
    expect(stepOf(unknown, false)).toMatchObject({ unknown: true, reviewing: false });
    expect(unknown.focus?.target).toBe("unknown");
    const result = {
      distributionId: "d-1",
      status: "completed",
      totalEmployees: 1,
      totalCents: 500,
      finalizedNow: false,
    };
    const found = distributeReducer(unknown, { type: "finalized", result });
    expect(found.unknown).toBeUndefined();
    expect(stepOf(found, false).unknown).toBe(false);
  });

  it("shows the charge while finalize waits, merges its cancel, and starts over on a new pick", () => {
    const charge = { transactionId: "tx", status: "PENDING" };
    const waiting = run(
      { type: "picked", table: "T" },
      { type: "sent", outcome, confirmed: undefined },
      { type: "chargeSeen", charge },
    );
    expect(stepOf(waiting, true).charge).toBe(true);
    expect(stepOf(waiting, false).charge).toBe(false);
    const cancelled = distributeReducer(waiting, { type: "chargeChanged", charge: { status: "CANCELLED" } });
    expect(cancelled.charge).toEqual({ transactionId: "tx", status: "CANCELLED" });
    const again = distributeReducer(cancelled, { type: "picked", table: "T" });
    expect(again).toMatchObject({
      table: "T",
      sent: undefined,
      review: undefined,
      charge: undefined,
      mapping: undefined,
    });
    // The mode and the typed values are the person's, kept across a new distribution.
    expect(again.mode).toBe(cancelled.mode);
  });
});
