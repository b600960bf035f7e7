/**
 * The Distribute screen's actions: each runs DistributeServices (through one task at a time:
 * progress, cancel, errors to the error centre) and dispatches what came back to the wizard's
 * reducer (./distribute-state.ts). Nothing here decides a business rule; nothing here draws.
 */
import { type Dispatch, useCallback, useEffect, useReducer, useRef } from "react";
import type { FinalizeBody } from "../../../api";
import { FinalizeOutcomeUnknownError } from "../../../api";
import { DoublePaymentError, UnansweredDraftsError } from "../../../workbook/run-log";
import { readValues } from "../../../ui/amount-input";
import { useReport } from "../../../ui/errors/ErrorCenter";
import { useMessages, useWords } from "../../../ui/i18n";
import { useTables } from "../../../ui/useTables";
import { useTask } from "../../../ui/useTask";
import { UnknownOutcomeNeedsConfirmationError } from "../finalize/finalize-draft";
import type {
  DistributeServices,
  DistributionMode,
  InterruptedRun,
  SendRequest,
  ValidationView,
} from "../services";
import { paidBeforeOf } from "../paid-before";
import { DISTRIBUTE_WORDS } from "../words";
import {
  type DistributeAction,
  type DistributeState,
  distributeReducer,
  initialState,
} from "./distribute-state";
import { useLiveValidation } from "./useLiveValidation";

export interface DistributeOptions {
  /** Tells the pane which draft is being prepared (the Fund screen can fund its shortfall). */
  onDraft?: ((distributionId: string | undefined) => void) | undefined;
  /** False while the pane shows another screen (live validation pauses; coming back refreshes the balance). */
  active: boolean;
  /** A run that stopped before it ended: the screen opens on its table and mode. */
  interrupted?: InterruptedRun | undefined;
}

export function useDistribute(
  services: DistributeServices,
  { onDraft, active, interrupted }: DistributeOptions,
) {
  const { locale } = useMessages();
  const report = useReport();
  const task = useTask();
  const [state, dispatch] = useReducer(distributeReducer, initialState);
  const { table, sent, review, mode } = state;

  const tableActions = useTableActions(services, table, dispatch, { task, onDraft, interrupted });

  const validate = (focus = true) =>
    void task.run(async (run) => {
      dispatch({ type: "validating" });
      onDraft?.(undefined);
      dispatch({ type: "validated", validation: await services.validate(table, run), focus });
    });

  // Live validation while the summary is shown and nothing has been sent yet.
  const onLive = useCallback(
    (validation: ValidationView) => dispatch({ type: "liveValidated", validation, at: new Date() }),
    [],
  );
  const onLiveError = useCallback((e: unknown) => report.error(e), [report]);
  useLiveValidation(services, table, active && state.validation !== undefined && !sent, onLive, onLiveError);

  const modeActions = useModeActions(services, state.benefits === undefined, dispatch);

  const send = (confirmRepeatOf?: string, allowAnotherDraftAfter?: number) => {
    const typed = readValues(state.valueTexts, locale);
    dispatch({ type: "valuesChecked", invalid: mode === "selected" ? [] : typed.invalid });
    if (mode !== "selected" && typed.invalid.length > 0) return;
    void task.run(async (run) => {
      try {
        const request = sendRequestOf(state, typed.values, confirmRepeatOf, allowAnotherDraftAfter);
        const outcome = await services.send(request, run);
        dispatch({ type: "sent", outcome, confirmed: confirmRepeatOf });
        onDraft?.(outcome.distributionId);
      } catch (e) {
        dispatch(sendQuestionOf(e, confirmRepeatOf));
      }
    });
  };

  const reviewAgain = (focus = true) =>
    void task.run(async (run) => {
      if (sent)
        dispatch({ type: "reviewed", review: await services.review(table, sent.distributionId, run), focus });
    });

  const finalizeActions = useFinalizeActions(services, task, state, dispatch);

  // Back from Fund: the balance changed, so read it again where it is shown (focus stays put).
  useOnReturn(active, () => {
    if (task.running || state.result) return;
    if (review) reviewAgain(false);
    else if (state.validation && !sent) validate(false);
  });

  return {
    state,
    task,
    ...tableActions,
    validate: () => validate(),
    ...modeActions,
    send,
    reviewAgain: () => reviewAgain(),
    fillForm: (body: FinalizeBody) => dispatch({ type: "formFilled", body }),
    reopenForm: () => dispatch({ type: "formReopened" }),
    ...finalizeActions,
  };
}

/**
 * The mode and what it sends with it: the benefits (read the first time group is chosen), the
 * values typed, and whether the table's own values override them.
 */
function useModeActions(
  services: DistributeServices,
  benefitsUnread: boolean,
  dispatch: Dispatch<DistributeAction>,
) {
  const report = useReport();
  const chooseMode = (chosenMode: DistributionMode) => {
    dispatch({ type: "modeChosen", mode: chosenMode });
    if (chosenMode === "group" && benefitsUnread) {
      services.benefits(new AbortController().signal).then(
        (benefits) => dispatch({ type: "benefitsLoaded", benefits }),
        (e: unknown) => report.error(e),
      );
    }
  };
  return {
    chooseMode,
    chooseBenefits: (chosen: string[]) => dispatch({ type: "benefitsChosen", chosen }),
    typeValues: (valueTexts: Record<string, string>) => dispatch({ type: "valuesTyped", valueTexts }),
    setOverrides: (overrides: boolean) => dispatch({ type: "overridesSet", overrides }),
  };
}

/** What the pane asks the services to send: the table, the mode and, for batch and group, the values. */
function sendRequestOf(
  state: DistributeState,
  values: SendRequest["values"],
  confirmRepeatOf: string | undefined,
  allowAnotherDraftAfter: number | undefined,
): SendRequest {
  const { table, mode } = state;
  return {
    table,
    mode,
    ...(mode === "group" ? { benefitIds: state.chosen } : {}),
    ...(mode !== "selected" ? { values, overridesFromTable: state.overrides } : {}),
    ...(confirmRepeatOf ? { confirmRepeatOf } : {}),
    ...(allowAnotherDraftAfter !== undefined ? { allowAnotherDraftAfter } : {}),
  };
}

/**
 * A send refused with a question for the person (one more draft while earlier ones may exist,
 * the same content paid before), as the wizard's action; any other error is thrown on.
 */
function sendQuestionOf(error: unknown, confirmRepeatOf: string | undefined): DistributeAction {
  // Creating one more draft while earlier ones may exist is the person's call.
  if (error instanceof UnansweredDraftsError)
    return { type: "draftsAsked", drafts: { count: error.attempts.length, confirmRepeatOf } };
  // Paying the same content again is a question for the person, not a failure.
  if (!(error instanceof DoublePaymentError)) throw error;
  return {
    type: "repeatAsked",
    repeat: { fingerprint: error.fingerprint, ...paidBeforeOf(error.matches.at(-1)!) },
  };
}

/** Finalize, finalize again, check after an unknown outcome, and cancel the charge. */
function useFinalizeActions(
  services: DistributeServices,
  task: ReturnType<typeof useTask>,
  state: DistributeState,
  dispatch: Dispatch<DistributeAction>,
) {
  const words = useWords(DISTRIBUTE_WORDS);
  const report = useReport();
  const { table, sent, review, paidWith } = state;

  const finalize = (
    confirmRepeat: boolean,
    body: FinalizeBody | undefined = state.body,
    afterUnknown = false,
  ) =>
    void task.run(async (run) => {
      if (!sent || !body) return;
      dispatch({ type: "finalizing", body });
      const request = { table, distributionId: sent.distributionId, body, confirmRepeat };
      try {
        const result = await services.finalize(
          afterUnknown ? { ...request, confirmAfterUnknownOutcome: true } : request,
          { ...run, onCharge: (charge) => dispatch({ type: "chargeSeen", charge }) },
        );
        dispatch({ type: "finalized", result });
      } catch (e) {
        // No answer (or an earlier one without answer): money may have moved. Not an error to
        // dismiss but a decision, made after checking (docs/architecture.md §2 "Finalize moves money").
        if (!(e instanceof FinalizeOutcomeUnknownError || e instanceof UnknownOutcomeNeedsConfirmationError))
          throw e;
        dispatch({ type: "outcomeUnknown", unknown: { distributionId: sent.distributionId } });
      }
    });

  /** Finalize sent again with the form it was sent with (after "check again" or a check). */
  const finalizeAgain = (afterUnknown = false) =>
    finalize(review?.repeats !== undefined, paidWith, afterUnknown);

  const checkStatus = () =>
    void task.run(async (run) => {
      if (!sent || !paidWith) return;
      const request = {
        table,
        distributionId: sent.distributionId,
        body: paidWith,
        confirmRepeat: review?.repeats !== undefined,
      };
      const found = await services.checkFinalize(request, run);
      if (found.applied) dispatch({ type: "finalized", result: found.outcome });
      else
        dispatch({
          type: "outcomeUnknown",
          unknown: { distributionId: sent.distributionId, notAppliedAt: found.checkedAt },
        });
    });

  const cancelCharge = (id: string) =>
    void services.cancelCharge(id).then(
      (cancellation) => {
        // The distribution's wait goes on: it ends `failed` once the charge is cancelled.
        if (cancellation.outcome === "already_paid") report.notice(words.chargeAlreadyPaid, "warning");
        else {
          dispatch({ type: "chargeChanged", charge: cancellation.charge });
          report.notice(words.chargeCancelled, "info");
        }
      },
      (e: unknown) => report.error(e),
    );

  return { finalize, finalizeAgain, checkStatus, cancelCharge };
}

/** The tables, the one picked and its column mapping, and a new template. */
function useTableActions(
  services: DistributeServices,
  table: string,
  dispatch: Dispatch<DistributeAction>,
  {
    task,
    onDraft,
    interrupted,
  }: Pick<DistributeOptions, "onDraft" | "interrupted"> & { task: ReturnType<typeof useTask> },
) {
  const words = useWords(DISTRIBUTE_WORDS);
  const report = useReport();
  const { tables, reload: loadTables } = useTables(services);

  const pick = (name: string) => {
    dispatch({ type: "picked", table: name });
    onDraft?.(undefined);
    if (name)
      services.mapping(name).then(
        (mapping) => dispatch({ type: "mappingLoaded", table: name, mapping }),
        (e: unknown) => report.error(e),
      );
  };

  const createTemplate = () =>
    void task.run(async (run) => {
      const created = await services.createTemplate(run.signal);
      await loadTables();
      pick(created.name);
      report.notice(words.templateCreated({ table: created.name }));
    });

  const saveMapping = (o: Parameters<DistributeServices["saveMapping"]>[1]) =>
    void services.saveMapping(table, o).then(
      async () => {
        dispatch({ type: "mappingSaved", table, mapping: await services.mapping(table) });
        report.notice(words.mappingSaved);
      },
      (e: unknown) => report.error(e),
    );

  useEffect(() => {
    if (!interrupted) return;
    pick(interrupted.table);
    dispatch({ type: "interrupted", run: interrupted });
    onDraft?.(interrupted.distributionId);
    // Once per run found; `pick` is this render's and stable in what it does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [interrupted?.distributionId]);

  return { tables, loadTables: () => void loadTables(), pick, createTemplate, saveMapping };
}

/** Runs `onReturn` when the pane shows this screen again after another (`active` back to true). */
function useOnReturn(active: boolean, onReturn: () => void) {
  const wasActive = useRef(active);
  useEffect(() => {
    const back = active && !wasActive.current;
    wasActive.current = active;
    if (back) onReturn();
    // Only the switch back matters; the handler reads the state of this render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);
}
