/**
 * Distribute, step by step: pick (or create) the table, see and correct its mapping, validate
 * (summary and problems that select their cell; live while people type), choose the mode, send
 * to a draft (progress, ETA, cancel; a table already paid asks again), review, fill the finalize
 * form, confirm, wait for the final state, result. A shortfall leads to Fund and back (the pane
 * keeps this screen as it was). The flow is ./distribute-state.ts, run by ./useDistribute.ts;
 * this file only draws it. After each action focus moves to its outcome's heading (WCAG 2.4.3).
 */
import { Body1, Button, Caption1, makeStyles, Subtitle2, tokens } from "@fluentui/react-components";
import { lazy, type Ref, Suspense, useEffect, useId, useRef } from "react";
import type { Product } from "../../../api";
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
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const headingId = useId();
  const flow = useDistribute(services, { onDraft, active, interrupted });
  const { state, task } = flow;
  const { table, mapping, validation, sent, review, result, charge, unknown } = state;
  const step = stepOf(state, task.running);
  const headings = useOutcomeFocus(state.focus, { active, running: task.running });
  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        {words.title}
      </Subtitle2>
      <TableStep flow={flow} />
      {step.preparing && <PrepareStep flow={flow} />}
      {step.preparing && validation && (
        <ValidationStep
          flow={flow}
          services={services}
          validation={validation}
          problemsHeadingRef={headings.problems}
          {...(step.shortfall > 0 && onFund ? { onFund: () => onFund(step.shortfall) } : {})}
        />
      )}

      {step.preparing && mapping && (
        <SendStep flow={flow} modes={services.modes} products={mapping.products} blocked={step.blocked} />
      )}

      {sent && <SentSummary sent={sent} />}
      {step.reviewing && review && (
        <ReviewStep flow={flow} review={review} headingRef={headings.review} actions={step.reviewActions} />
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

      {step.charge && charge && <ChargeStep charge={charge} flow={flow} />}

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

type Flow = ReturnType<typeof useDistribute>;

/** Before sending: the mode, its values and benefits, and the questions a send may ask. */
function SendStep({
  flow,
  modes,
  products,
  blocked,
}: {
  flow: Flow;
  modes: DistributeServices["modes"];
  products: Product[];
  blocked: boolean;
}) {
  const words = useWords(DISTRIBUTE_WORDS);
  const { state, task } = flow;
  return (
    <SendPanel
      modes={modes}
      mode={state.mode}
      onMode={flow.chooseMode}
      benefits={state.benefits}
      chosen={state.chosen}
      onChosen={flow.chooseBenefits}
      products={products}
      values={state.valueTexts}
      onValues={flow.typeValues}
      invalidValues={state.invalidValues}
      overrides={state.overrides}
      onOverrides={flow.setOverrides}
      disabled={task.running || blocked}
      {...(blocked && !task.running ? { blockedReason: words.validateFirst } : {})}
      onSend={() => flow.send()}
      repeat={state.repeat}
      onSendRepeat={(fp) => flow.send(fp)}
      drafts={state.drafts}
      onSendAnotherDraft={(q) => flow.send(q.confirmRepeatOf, q.count)}
    />
  );
}

/** The charge opened for the part the balance did not cover, to pay while finalize waits. */
function ChargeStep({ charge, flow }: { charge: NonNullable<Flow["state"]["charge"]>; flow: Flow }) {
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const { task } = flow;
  return (
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
  );
}

/** The table's validation: its summary and problems, and when live validation last updated them. */
function ValidationStep({
  flow,
  services,
  validation,
  problemsHeadingRef,
  onFund,
}: {
  flow: Flow;
  services: DistributeServices;
  validation: NonNullable<Flow["state"]["validation"]>;
  problemsHeadingRef: Ref<HTMLHeadingElement>;
  onFund?: () => void;
}) {
  const { locale } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const { state } = flow;
  return (
    <>
      <ValidationPanel
        table={state.table}
        result={validation}
        mapping={state.mapping}
        services={services}
        problemsHeadingRef={problemsHeadingRef}
        {...(onFund ? { onFund } : {})}
      />
      {state.liveAt && (
        <Caption1 aria-live="polite">
          {words.liveUpdated({ time: state.liveAt.toLocaleTimeString(locale) })}
        </Caption1>
      )}
    </>
  );
}

/** The draft against the sheet, and what to do when they differ or to read the draft again. */
function ReviewStep({
  flow,
  review,
  headingRef,
  actions,
}: {
  flow: Flow;
  review: NonNullable<Flow["state"]["review"]>;
  headingRef: Ref<HTMLHeadingElement>;
  actions: boolean;
}) {
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const { state } = flow;
  const productName = (id: string) => state.mapping?.products.find((p) => p.id === id)?.name ?? id;
  return (
    <>
      <ReviewPanel
        review={review}
        productName={productName}
        unansweredDrafts={state.sent?.unansweredDrafts ?? 0}
        headingRef={headingRef}
      />
      {actions && (
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
    </>
  );
}

/** The table to send, a run that stopped to continue, and a new template. */
function TableStep({ flow }: { flow: Flow }) {
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const { state, task } = flow;
  return (
    <>
      <TablePicker
        tables={flow.tables}
        value={state.table}
        onChange={flow.pick}
        onRefresh={flow.loadTables}
      />
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
    </>
  );
}

/** Before a send: the column mapping and the Validate button. */
function PrepareStep({ flow }: { flow: Flow }) {
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const { state, task } = flow;
  return (
    <>
      {state.mapping && <MappingEditor key={state.table} mapping={state.mapping} onSave={flow.saveMapping} />}
      <div className={styles.actions}>
        <Button appearance="primary" onClick={flow.validate} disabledFocusable={task.running}>
          {words.validate}
        </Button>
      </div>
    </>
  );
}
