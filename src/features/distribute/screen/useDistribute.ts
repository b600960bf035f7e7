/**
 * The Distribute screen's actions: each runs DistributeServices (through one task at a time:
 * progress, cancel, errors to the error centre) and dispatches what came back to the wizard's
 * reducer (./distribute-state.ts). Nothing here decides a business rule; nothing here draws.
 */
import { useCallback, useEffect, useReducer, useRef } from "react";
import type { FinalizeBody } from "../../../api";
import { FinalizeOutcomeUnknownError } from "../../../api";
import { DoublePaymentError, UnansweredDraftsError } from "../../../workbook/run-log";
import { readValues } from "../../../ui/amount-input";
import { useReport } from "../../../ui/errors/ErrorCenter";
import { useMessages, useWords } from "../../../ui/i18n";
import { useTables } from "../../../ui/useTables";
import { useTask } from "../../../ui/useTask";
import { UnknownOutcomeNeedsConfirmationError } from "../finalize/finalize-draft";
import type { DistributeServices, DistributionMode, InterruptedRun, ValidationView } from "../services";
import { paidBeforeOf } from "../paid-before";
import { DISTRIBUTE_WORDS } from "../words";
import { distributeReducer, initialState } from "./distribute-state";
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
  const words = useWords(DISTRIBUTE_WORDS);
  const report = useReport();
  const task = useTask();
  const [state, dispatch] = useReducer(distributeReducer, initialState);
  const { table, sent, review, paidWith, mode } = state;

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

  const chooseMode = (chosenMode: DistributionMode) => {
    dispatch({ type: "modeChosen", mode: chosenMode });
    if (chosenMode === "group" && state.benefits === undefined) {
      services.benefits(new AbortController().signal).then(
        (benefits) => dispatch({ type: "benefitsLoaded", benefits }),
        (e: unknown) => report.error(e),
      );
    }
  };

  const send = (confirmRepeatOf?: string, allowAnotherDraftAfter?: number) => {
    const typed = readValues(state.valueTexts, locale);
    dispatch({ type: "valuesChecked", invalid: mode === "selected" ? [] : typed.invalid });
    if (mode !== "selected" && typed.invalid.length > 0) return;
    void task.run(async (run) => {
      try {
        const outcome = await services.send(
          {
            table,
            mode,
            ...(mode === "group" ? { benefitIds: state.chosen } : {}),
            ...(mode !== "selected" ? { values: typed.values, overridesFromTable: state.overrides } : {}),
            ...(confirmRepeatOf ? { confirmRepeatOf } : {}),
            ...(allowAnotherDraftAfter !== undefined ? { allowAnotherDraftAfter } : {}),
          },
          run,
        );
        dispatch({ type: "sent", outcome, confirmed: confirmRepeatOf });
        onDraft?.(outcome.distributionId);
      } catch (e) {
        // Creating one more draft while earlier ones may exist is the person's call.
        if (e instanceof UnansweredDraftsError) {
          dispatch({ type: "draftsAsked", drafts: { count: e.attempts.length, confirmRepeatOf } });
          return;
        }
        // Paying the same content again is a question for the person, not a failure.
        if (!(e instanceof DoublePaymentError)) throw e;
        const last = e.matches.at(-1)!;
        dispatch({
          type: "repeatAsked",
          repeat: { fingerprint: e.fingerprint, ...paidBeforeOf(last) },
        });
      }
    });
  };

  const reviewAgain = (focus = true) =>
    void task.run(async (run) => {
      if (sent)
        dispatch({ type: "reviewed", review: await services.review(table, sent.distributionId, run), focus });
    });

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

  // Back from Fund: the balance changed, so read it again where it is shown (focus stays put).
  const wasActive = useRef(active);
  useEffect(() => {
    const back = active && !wasActive.current;
    wasActive.current = active;
    if (!back || task.running || state.result) return;
    if (review) reviewAgain(false);
    else if (state.validation && !sent) validate(false);
    // Only the switch back matters; the handlers read the state of this render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  return {
    state,
    tables,
    task,
    loadTables: () => void loadTables(),
    pick,
    createTemplate,
    saveMapping,
    validate: () => validate(),
    chooseMode,
    chooseBenefits: (chosen: string[]) => dispatch({ type: "benefitsChosen", chosen }),
    typeValues: (valueTexts: Record<string, string>) => dispatch({ type: "valuesTyped", valueTexts }),
    setOverrides: (overrides: boolean) => dispatch({ type: "overridesSet", overrides }),
    send,
    reviewAgain: () => reviewAgain(),
    fillForm: (body: FinalizeBody) => dispatch({ type: "formFilled", body }),
    reopenForm: () => dispatch({ type: "formReopened" }),
    finalize,
    finalizeAgain,
    checkStatus,
    cancelCharge,
  };
}
