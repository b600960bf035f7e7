/**
 * The Distribute wizard's flow as data: its state, the actions that move it, and a pure reducer
 * (tested without rendering in ./distribute-state.test.ts). ./useDistribute.ts runs the services
 * and dispatches; ./DistributeScreen.tsx draws what `stepOf` says is on screen.
 *
 * The steps, in order: a table and its mapping; its validation (live while people type);
 * the mode and the send (a table already paid asks again); the review; the finalize form; the
 * confirmation; the wait (with the charge for what the balance did not cover); the result, or,
 * after a finalize without answer, the check before any second finalize.
 */
import type { Benefit, FinalizeBody } from "../../../api";
import type { Charge } from "../../fund";
import type {
  InterruptedRun,
  DistributionMode,
  FinalizeOutcome,
  MappingView,
  ReviewView,
  SendOutcome,
  ValidationView,
} from "../services";
import type { DraftsQuestion, RepeatQuestion } from "./SendPanel";
import type { UnknownOutcome } from "./UnknownOutcomePanel";

/** Where focus goes once an action has an outcome (WCAG 2.4.3): that outcome's heading. */
export type FocusTarget = "problems" | "review" | "confirm" | "result" | "unknown";

export interface DistributeState {
  table: string;
  mapping: MappingView | undefined;
  validation: ValidationView | undefined;
  /** When live validation last updated the summary (undefined after a Validate click). */
  liveAt: Date | undefined;
  mode: DistributionMode;
  benefits: Benefit[] | undefined;
  /** Mode group: the benefits chosen. */
  chosen: string[];
  /** Modes batch and group: the value typed per product_id, and those that are not amounts. */
  valueTexts: Record<string, string>;
  invalidValues: string[];
  overrides: boolean;
  /** An earlier run paid this same content: the question asked again. */
  repeat: RepeatQuestion | undefined;
  /** Earlier draft creates got no answer: one more only when the person asks (./SendPanel). */
  drafts: DraftsQuestion | undefined;
  /** The fingerprint the person confirmed paying again (re-sends of this draft keep it). */
  confirmed: string | undefined;
  sent: SendOutcome | undefined;
  review: ReviewView | undefined;
  /** The finalize form, filled in and awaiting confirmation. */
  body: FinalizeBody | undefined;
  /** The form finalize was last sent with (a check or a second finalize reuses it). */
  paidWith: FinalizeBody | undefined;
  result: FinalizeOutcome | undefined;
  /** The charge finalize opened for what the balance did not cover (PIX or boleto), to be paid. */
  charge: Charge | undefined;
  /** A finalize ended without an answer: the person checks, then decides. */
  unknown: UnknownOutcome | undefined;
  /** The outcome focus moves to, and a counter so the same outcome twice moves it again. */
  focus: { target: FocusTarget; seq: number } | undefined;
  /** A run of this table that stopped before it ended, as the pane found it when it opened. */
  interrupted: InterruptedRun | undefined;
}

export const initialState: DistributeState = {
  table: "",
  mapping: undefined,
  validation: undefined,
  liveAt: undefined,
  mode: "selected",
  benefits: undefined,
  chosen: [],
  valueTexts: {},
  invalidValues: [],
  overrides: false,
  repeat: undefined,
  drafts: undefined,
  confirmed: undefined,
  sent: undefined,
  review: undefined,
  body: undefined,
  paidWith: undefined,
  result: undefined,
  charge: undefined,
  unknown: undefined,
  focus: undefined,
  interrupted: undefined,
};

export type DistributeAction =
  /** A table picked (or picked again for a new distribution): everything after it starts over. */
  | { type: "picked"; table: string }
  /** The pane opened on a run that stopped before it ended (its table is picked first). */
  | { type: "interrupted"; run: InterruptedRun }
  | { type: "mappingLoaded"; table: string; mapping: MappingView }
  /** A corrected mapping saved: the earlier validation no longer holds. */
  | { type: "mappingSaved"; table: string; mapping: MappingView }
  | { type: "validating" }
  /** `focus`: a validation the person asked for takes focus; one made on their behalf does not. */
  | { type: "validated"; validation: ValidationView; focus: boolean }
  | { type: "liveValidated"; validation: ValidationView; at: Date }
  | { type: "modeChosen"; mode: DistributionMode }
  | { type: "benefitsLoaded"; benefits: Benefit[] }
  | { type: "benefitsChosen"; chosen: string[] }
  | { type: "valuesTyped"; valueTexts: Record<string, string> }
  | { type: "overridesSet"; overrides: boolean }
  /** The values read before a send: those that are not amounts are shown, nothing is sent. */
  | { type: "valuesChecked"; invalid: string[] }
  | { type: "sent"; outcome: SendOutcome; confirmed: string | undefined }
  | { type: "repeatAsked"; repeat: RepeatQuestion }
  | { type: "draftsAsked"; drafts: DraftsQuestion }
  | { type: "reviewed"; review: ReviewView; focus: boolean }
  | { type: "formFilled"; body: FinalizeBody }
  | { type: "formReopened" }
  | { type: "finalizing"; body: FinalizeBody }
  | { type: "finalized"; result: FinalizeOutcome }
  | { type: "outcomeUnknown"; unknown: UnknownOutcome }
  | { type: "chargeSeen"; charge: Charge }
  /** The charge after a cancel: what the server says of it, over what was known. */
  | { type: "chargeChanged"; charge: Partial<Charge> };

/** Everything from the validation on, as when the table is picked again. */
function startOver(state: DistributeState): DistributeState {
  return {
    ...state,
    validation: undefined,
    liveAt: undefined,
    repeat: undefined,
    drafts: undefined,
    confirmed: undefined,
    sent: undefined,
    review: undefined,
    body: undefined,
    result: undefined,
    unknown: undefined,
    charge: undefined,
  };
}

const focusOn = (state: DistributeState, target: FocusTarget): DistributeState["focus"] => ({
  target,
  seq: (state.focus?.seq ?? 0) + 1,
});

export function distributeReducer(state: DistributeState, action: DistributeAction): DistributeState {
  switch (action.type) {
    case "picked":
      return { ...startOver(state), table: action.table, mapping: undefined, interrupted: undefined };
    case "interrupted":
      return { ...state, table: action.run.table, mode: action.run.mode, interrupted: action.run };
    case "mappingLoaded":
      // A late answer for a table no longer picked is dropped.
      return action.table === state.table ? { ...state, mapping: action.mapping } : state;
    case "mappingSaved":
      return action.table === state.table
        ? { ...state, mapping: action.mapping, validation: undefined }
        : state;
    case "validating":
      return startOver(state);
    case "validated":
      return {
        ...state,
        validation: action.validation,
        ...(action.focus ? { focus: focusOn(state, "problems") } : {}),
      };
    case "liveValidated":
      return { ...state, validation: action.validation, liveAt: action.at };
    case "modeChosen":
      return { ...state, mode: action.mode };
    case "benefitsLoaded":
      return { ...state, benefits: action.benefits };
    case "benefitsChosen":
      return { ...state, chosen: action.chosen };
    case "valuesTyped":
      return { ...state, valueTexts: action.valueTexts };
    case "overridesSet":
      return { ...state, overrides: action.overrides };
    case "valuesChecked":
      return { ...state, invalidValues: action.invalid };
    case "sent":
      return {
        ...state,
        interrupted: undefined,
        repeat: undefined,
        drafts: undefined,
        confirmed: action.confirmed,
        sent: action.outcome,
        review: action.outcome.review,
        focus: focusOn(state, "review"),
      };
    case "repeatAsked":
      return { ...state, repeat: action.repeat };
    case "draftsAsked":
      return { ...state, drafts: action.drafts };
    case "reviewed":
      return {
        ...state,
        review: action.review,
        ...(action.focus ? { focus: focusOn(state, "review") } : {}),
      };
    case "formFilled":
      return { ...state, body: action.body, focus: focusOn(state, "confirm") };
    case "formReopened":
      return { ...state, body: undefined };
    case "finalizing":
      return { ...state, paidWith: action.body, body: undefined };
    case "finalized":
      return { ...state, result: action.result, unknown: undefined, focus: focusOn(state, "result") };
    case "outcomeUnknown":
      return { ...state, unknown: action.unknown, focus: focusOn(state, "unknown") };
    case "chargeSeen":
      return { ...state, charge: action.charge };
    case "chargeChanged":
      return state.charge ? { ...state, charge: { ...state.charge, ...action.charge } } : state;
  }
}

/** What the balance lacks for the draft's total (0 when covered or unknown). */
export const reviewShortfall = (review: ReviewView): number =>
  review.availableCents === undefined ? 0 : Math.max(0, review.draftTotalCents - review.availableCents);

/** The parts of the wizard on screen, from the state and whether a task is running. */
export interface Step {
  /** The mapping, the Validate button, the validation and the send form (before a send). */
  preparing: boolean;
  /** Sending needs a validation without errors first (mode selected, or the table's overrides). */
  blocked: boolean;
  shortfall: number;
  /** The review and its actions (after a send, before an outcome). */
  reviewing: boolean;
  /** The review's actions: send again (when it does not match), check again. */
  reviewActions: boolean;
  form: boolean;
  confirm: boolean;
  /** The charge to pay, while finalize waits for it (or the distribution is still processing). */
  charge: boolean;
  unknown: boolean;
}

export function stepOf(state: DistributeState, running: boolean): Step {
  const { table, validation, sent, review, body, result, unknown, charge } = state;
  const reviewing = review !== undefined && !result && !unknown;
  return {
    preparing: table !== "" && !sent,
    blocked: (state.mode === "selected" || state.overrides) && validation?.ok !== true,
    shortfall: validation?.summary.shortfallCents ?? 0,
    reviewing,
    reviewActions: reviewing && !running,
    form: reviewing && review.matches && !body && !running,
    confirm: reviewing && review.matches && body !== undefined && !running,
    charge: charge !== undefined && (running || result?.status === "processing"),
    unknown: unknown !== undefined && !result,
  };
}
