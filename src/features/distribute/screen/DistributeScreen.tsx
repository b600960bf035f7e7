/**
 * Distribute, step by step: pick (or create) the table, see and correct its mapping, validate
 * (summary and problems that select their cell; live while people type), choose the mode, send
 * to a draft (progress, ETA, cancel; a table already paid asks again), review, fill the finalize
 * form, confirm, wait for the final state, result. A shortfall leads to Fund and back (the pane
 * keeps this screen as it was). The flow is ./distribute-state.ts, run by ./useDistribute.ts;
 * this file only draws it. After each action focus moves to its outcome's heading (WCAG 2.4.3).
 */
import { Body1, Button, Caption1, makeStyles, Subtitle2, tokens } from "@fluentui/react-components";
import { lazy, Suspense, useEffect, useId, useRef } from "react";
import { ChargePanel } from "../../fund";
import { focusLost } from "../../../ui/focus";
import { ProgressPanel } from "../../../ui/ProgressPanel";
import { TablePicker } from "../../../ui/TablePicker";
import { useMessages, useWords } from "../../../ui/i18n";
import type { DistributeServices, InterruptedRun } from "../services";
import { DISTRIBUTE_WORDS } from "../words";
import { ConfirmPanel } from "./ConfirmPanel";
import { type FocusTarget, reviewShortfall, stepOf } from "./distribute-state";
import { FinalizeForm } from "./FinalizeForm";
import { MappingEditor } from "./MappingEditor";
import { ResultPanel } from "./ResultPanel";
import { ReviewPanel } from "./ReviewPanel";
import { SendPanel } from "./SendPanel";
import { SentSummary } from "./SentSummary";
import { UnknownOutcomePanel } from "./UnknownOutcomePanel";
import { useDistribute } from "./useDistribute";
import { ValidationPanel } from "./ValidationPanel";

// Shown only when a run stopped before it ended: loaded then, not with the pane.
const InterruptedRunNotice = lazy(() =>
  import("./InterruptedRunNotice").then((m) => ({ default: m.InterruptedRunNotice })),
);

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    minWidth: 0,
    // Reflow at 200% zoom in a 320 px pane, 160 CSS px (WCAG 1.4.10): Fluent's inputs and selects
    // have a minimum width of their own; here they shrink to the pane, and labels wrap.
    "& .fui-Input, & .fui-Select, & input, & select": { minWidth: 0, maxWidth: "100%" },
    "& label": { overflowWrap: "break-word" },
  },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  charge: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
});

export interface DistributeScreenProps {
  services: DistributeServices;
  /** Tells the pane which draft is being prepared (the Fund screen can fund its shortfall). */
  onDraft?: (distributionId: string | undefined) => void;
  /** Opens Fund (for a shortfall); the pane brings the person back to this screen as it was. */
  onFund?: (shortfallCents: number) => void;
  /** False while the pane shows another screen (live validation pauses; coming back refreshes the balance). */
  active?: boolean;
  /** A run that stopped before it ended, found when the pane opened: shown, with one action to continue it. */
  interrupted?: InterruptedRun | undefined;
}

/**
 * The heading of each action's outcome, focused once it is on screen, and again when the focus
 * was lost and the screen is shown and idle: back from Fund (whose button went with it), or a
 * task ended whose progress region held it.
 */
function useOutcomeFocus(
  focus: { target: FocusTarget; seq: number } | undefined,
  shown: { active: boolean; running: boolean },
) {
  const problems = useRef<HTMLHeadingElement>(null);
  const review = useRef<HTMLHeadingElement>(null);
  const confirm = useRef<HTMLHeadingElement>(null);
  const result = useRef<HTMLHeadingElement>(null);
  const unknown = useRef<HTMLHeadingElement>(null);
  const refs = { problems, review, confirm, result, unknown };
  useEffect(() => {
    if (focus) refs[focus.target].current?.focus();
    // The refs are stable; only a new outcome moves focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus?.seq]);
  useEffect(() => {
    if (shown.active && !shown.running && focus && focusLost()) refs[focus.target].current?.focus();
    // Only when the screen comes back or its task ends; a new outcome is the effect above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown.active, shown.running]);
  return refs;
}

export function DistributeScreen({
  services,
  onDraft,
  onFund,
  active = true,
  interrupted,
}: DistributeScreenProps) {
  const { locale } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const headingId = useId();
  const flow = useDistribute(services, { onDraft, active, interrupted });
  const { state, task } = flow;
  const { table, mapping, validation, sent, review, result, charge, unknown } = state;
  const step = stepOf(state, task.running);
  const headings = useOutcomeFocus(state.focus, { active, running: task.running });
  const productName = (id: string) => mapping?.products.find((p) => p.id === id)?.name ?? id;

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        {words.title}
      </Subtitle2>
      <TablePicker tables={flow.tables} value={table} onChange={flow.pick} onRefresh={flow.loadTables} />
      {state.interrupted && (
        <Suspense fallback={null}>
          <InterruptedRunNotice run={state.interrupted} busy={task.running} onContinue={() => flow.send()} />
        </Suspense>
      )}
      <div className={styles.actions}>
        <Button onClick={flow.createTemplate} disabledFocusable={task.running}>
          {words.createTemplate}
        </Button>
      </div>

      {step.preparing && mapping && <MappingEditor key={table} mapping={mapping} onSave={flow.saveMapping} />}
      {step.preparing && (
        <div className={styles.actions}>
          <Button appearance="primary" onClick={flow.validate} disabledFocusable={task.running}>
            {words.validate}
          </Button>
        </div>
      )}
      {step.preparing && validation && (
        <>
          <ValidationPanel
            table={table}
            result={validation}
            mapping={mapping}
            services={services}
            problemsHeadingRef={headings.problems}
            {...(step.shortfall > 0 && onFund ? { onFund: () => onFund(step.shortfall) } : {})}
          />
          {state.liveAt && (
            <Caption1 aria-live="polite">
              {words.liveUpdated({ time: state.liveAt.toLocaleTimeString(locale) })}
            </Caption1>
          )}
        </>
      )}

      {step.preparing && mapping && (
        <SendPanel
          modes={services.modes}
          mode={state.mode}
          onMode={flow.chooseMode}
          benefits={state.benefits}
          chosen={state.chosen}
          onChosen={flow.chooseBenefits}
          products={mapping.products}
          values={state.valueTexts}
          onValues={flow.typeValues}
          invalidValues={state.invalidValues}
          overrides={state.overrides}
          onOverrides={flow.setOverrides}
          disabled={task.running || step.blocked}
          {...(step.blocked && !task.running ? { blockedReason: words.validateFirst } : {})}
          onSend={() => flow.send()}
          repeat={state.repeat}
          onSendRepeat={(fp) => flow.send(fp)}
          drafts={state.drafts}
          onSendAnotherDraft={(q) => flow.send(q.confirmRepeatOf, q.count)}
        />
      )}

      {sent && <SentSummary sent={sent} />}
      {step.reviewing && review && (
        <ReviewPanel
          review={review}
          productName={productName}
          unansweredDrafts={sent?.unansweredDrafts ?? 0}
          headingRef={headings.review}
        />
      )}
      {step.reviewActions && review && (
        <div className={styles.actions}>
          {!review.matches && (
            <Button appearance="primary" onClick={() => flow.send(state.confirmed)}>
              {words.send}
            </Button>
          )}
          {/* Read the draft again: against the sheet (selected) or the same values and overrides (batch, group). */}
          <Button onClick={flow.reviewAgain}>{words.reviewAgain}</Button>
        </div>
      )}
      {step.form && <FinalizeForm onSubmit={flow.fillForm} />}
      {step.confirm && review && state.body && (
        <ConfirmPanel
          review={review}
          body={state.body}
          headingRef={headings.confirm}
          onConfirm={(repeatOk) => flow.finalize(repeatOk)}
          onBack={flow.reopenForm}
          {...(onFund ? { onFund: () => onFund(reviewShortfall(review)) } : {})}
        />
      )}

      {step.charge && charge && (
        <section className={styles.charge} aria-label={words.chargeTitle}>
          <Subtitle2 as="h3">{words.chargeTitle}</Subtitle2>
          <Body1>{words.chargeExplain}</Body1>
          <ChargePanel
            charge={charge}
            states={words.chargeStates}
            finalStatus={charge.status === "PENDING" ? undefined : charge.status}
            {...(task.running && charge.status === "PENDING"
              ? { onCancel: () => flow.cancelCharge(charge.transactionId) }
              : {})}
          />
        </section>
      )}

      {step.unknown && unknown && (
        <UnknownOutcomePanel
          unknown={unknown}
          busy={task.running}
          headingRef={headings.unknown}
          onCheck={flow.checkStatus}
          onFinalizeAnyway={() => flow.finalizeAgain(true)}
        />
      )}

      <ProgressPanel task={task} />

      {result && (
        <ResultPanel
          result={result}
          busy={task.running}
          headingRef={headings.result}
          onCheckAgain={() => flow.finalizeAgain()}
          onAgain={() => flow.pick(table)}
        />
      )}
    </section>
  );
}
