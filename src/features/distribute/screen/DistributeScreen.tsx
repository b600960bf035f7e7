/**
 * Distribute, step by step: pick (or create) the table, see and correct its mapping, validate
 * (summary and problems that select their cell; live while people type), choose the mode, send
 * to a draft (progress, ETA, cancel; a table already paid asks again), review, fill the finalize
 * form, confirm, wait for the final state, result. A shortfall leads to Fund and back (the pane
 * keeps this screen as it was). Every step calls DistributeServices; nothing here decides a
 * business rule.
 */
import { Body1, Button, Caption1, makeStyles, Subtitle2, tokens } from "@fluentui/react-components";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { Benefit, FinalizeBody } from "../../../api";
import type { TableInfo } from "../../../workbook";
import { FinalizeOutcomeUnknownError } from "../../../api";
import { type Charge } from "../../fund";
import { DoublePaymentError, UnansweredDraftsError } from "../../../workbook/run-log";
import { UnknownOutcomeNeedsConfirmationError } from "../finalize/finalize-draft";
import { ChargePanel } from "../../fund";
import { ProgressPanel } from "../../../taskpane/ui/ProgressPanel";
import { TablePicker } from "../../../taskpane/ui/TablePicker";
import { useReport } from "../../../taskpane/ui/errors/ErrorCenter";
import { useLiveValidation } from "./useLiveValidation";
import { readValues } from "../../../taskpane/ui/amount-input";
import { useTask } from "../../../taskpane/ui/useTask";
import { formatBRL, formatCount, useMessages, useWords } from "../../../taskpane/ui/i18n";
import type {
  DistributeServices,
  DistributionMode,
  FinalizeOutcome,
  MappingView,
  SendOutcome,
  ValidationView,
} from "../services";
import { ConfirmPanel } from "./ConfirmPanel";
import { FinalizeForm } from "./FinalizeForm";
import { MappingEditor } from "./MappingEditor";
import { ResultPanel } from "./ResultPanel";
import { ReviewPanel } from "./ReviewPanel";
import { type DraftsQuestion, type RepeatQuestion, SendPanel } from "./SendPanel";
import { type UnknownOutcome, UnknownOutcomePanel } from "./UnknownOutcomePanel";
import { ValidationPanel } from "./ValidationPanel";
import { DISTRIBUTE_WORDS } from "../words";

/** What the balance lacks for the draft's total (0 when covered or unknown). */
const confirmShortfall = (r: SendOutcome["review"]) =>
  r.availableCents === undefined ? 0 : Math.max(0, r.draftTotalCents - r.availableCents);

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
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
}

export function DistributeScreen({ services, onDraft, onFund, active = true }: DistributeScreenProps) {
  const { locale } = useMessages();
  const d = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const report = useReport();
  const task = useTask();
  const headingId = useId();
  const [tables, setTables] = useState<TableInfo[] | undefined>(undefined);
  const [table, setTable] = useState("");
  const [mapping, setMapping] = useState<MappingView | undefined>(undefined);
  const [validation, setValidation] = useState<ValidationView | undefined>(undefined);
  const [liveAt, setLiveAt] = useState<Date | undefined>(undefined);
  const [mode, setMode] = useState<DistributionMode>("selected");
  const [benefits, setBenefits] = useState<Benefit[] | undefined>(undefined);
  const [chosen, setChosen] = useState<string[]>([]);
  const [valueTexts, setValueTexts] = useState<Record<string, string>>({});
  const [invalidValues, setInvalidValues] = useState<string[]>([]);
  const [overrides, setOverrides] = useState(false);
  const [repeat, setRepeat] = useState<RepeatQuestion | undefined>(undefined);
  /** Earlier draft creates got no answer: one more only when the person asks (./SendPanel). */
  const [drafts, setDrafts] = useState<DraftsQuestion | undefined>(undefined);
  /** The fingerprint the person confirmed paying again (re-sends of this draft keep it). */
  const [confirmed, setConfirmed] = useState<string | undefined>(undefined);
  const [sent, setSent] = useState<SendOutcome | undefined>(undefined);
  const [review, setReview] = useState<SendOutcome["review"] | undefined>(undefined);
  const [body, setBody] = useState<FinalizeBody | undefined>(undefined);
  const [paidWith, setPaidWith] = useState<FinalizeBody | undefined>(undefined);
  const [result, setResult] = useState<FinalizeOutcome | undefined>(undefined);
  /** The charge finalize opened for what the balance did not cover (PIX or boleto), to be paid. */
  const [charge, setCharge] = useState<Charge | undefined>(undefined);
  /** A finalize ended without an answer: the person checks, then decides (./UnknownOutcomePanel). */
  const [unknown, setUnknown] = useState<UnknownOutcome | undefined>(undefined);

  const loadTables = useCallback(
    () => services.listTables().then(setTables, (e: unknown) => report.error(e)),
    [services, report],
  );
  useEffect(() => {
    void loadTables();
  }, [loadTables]);

  const reset = () => {
    setValidation(undefined);
    setLiveAt(undefined);
    setRepeat(undefined);
    setDrafts(undefined);
    setConfirmed(undefined);
    setSent(undefined);
    setReview(undefined);
    setBody(undefined);
    setResult(undefined);
    setUnknown(undefined);
    setCharge(undefined);
    onDraft?.(undefined);
  };

  const pick = (name: string) => {
    setTable(name);
    setMapping(undefined);
    reset();
    if (name) services.mapping(name).then(setMapping, (e: unknown) => report.error(e));
  };

  const createTemplate = () =>
    void task.run(async (run) => {
      const created = await services.createTemplate(run.signal);
      await loadTables();
      pick(created.name);
      report.notice(d.templateCreated({ table: created.name }));
    });

  const saveMapping = (o: Parameters<DistributeServices["saveMapping"]>[1]) =>
    services.saveMapping(table, o).then(
      async () => {
        setMapping(await services.mapping(table));
        setValidation(undefined);
        report.notice(d.mappingSaved);
      },
      (e: unknown) => report.error(e),
    );

  const validate = () =>
    void task.run(async (run) => {
      reset();
      setValidation(await services.validate(table, run));
    });

  // Live validation while the summary is shown and nothing has been sent yet.
  const onLive = useCallback((v: ValidationView) => {
    setValidation(v);
    setLiveAt(new Date());
  }, []);
  const onLiveError = useCallback((e: unknown) => report.error(e), [report]);
  useLiveValidation(services, table, active && validation !== undefined && !sent, onLive, onLiveError);

  const chooseMode = (m: DistributionMode) => {
    setMode(m);
    if (m === "group" && benefits === undefined) {
      services.benefits(new AbortController().signal).then(setBenefits, (e: unknown) => report.error(e));
    }
  };

  const send = (confirmRepeatOf?: string, allowAnotherDraftAfter?: number) => {
    const typed = readValues(valueTexts, locale);
    setInvalidValues(mode === "selected" ? [] : typed.invalid);
    if (mode !== "selected" && typed.invalid.length > 0) return;
    void task.run(async (run) => {
      try {
        const outcome = await services.send(
          {
            table,
            mode,
            ...(mode === "group" ? { benefitIds: chosen } : {}),
            ...(mode !== "selected" ? { values: typed.values, overridesFromTable: overrides } : {}),
            ...(confirmRepeatOf ? { confirmRepeatOf } : {}),
            ...(allowAnotherDraftAfter !== undefined ? { allowAnotherDraftAfter } : {}),
          },
          run,
        );
        setRepeat(undefined);
        setDrafts(undefined);
        setConfirmed(confirmRepeatOf);
        setSent(outcome);
        setReview(outcome.review);
        onDraft?.(outcome.distributionId);
      } catch (e) {
        // Creating one more draft while earlier ones may exist is the person's call (issue 22, item 7).
        if (e instanceof UnansweredDraftsError) {
          setDrafts({ count: e.attempts.length, confirmRepeatOf });
          return;
        }
        // Paying the same content again is a question for the person, not a failure.
        if (!(e instanceof DoublePaymentError)) throw e;
        const last = e.matches.at(-1)!;
        setRepeat({ fingerprint: e.fingerprint, distributionId: last.distributionId, at: last.at });
      }
    });
  };

  const reviewAgain = () =>
    void task.run(async (run) => {
      if (sent) setReview(await services.review(table, sent.distributionId, run));
    });

  const finalize = (confirmRepeat: boolean, with_: FinalizeBody | undefined = body, afterUnknown = false) =>
    void task.run(async (run) => {
      if (!sent || !with_) return;
      setPaidWith(with_);
      setBody(undefined);
      const request = { table, distributionId: sent.distributionId, body: with_, confirmRepeat };
      try {
        setResult(
          await services.finalize(afterUnknown ? { ...request, confirmAfterUnknownOutcome: true } : request, {
            ...run,
            onCharge: setCharge,
          }),
        );
        setUnknown(undefined);
      } catch (e) {
        // No answer (or an earlier one without answer): money may have moved. Not an error to
        // dismiss but a decision, made after checking (docs/architecture.md §2 "Finalize moves money").
        if (!(e instanceof FinalizeOutcomeUnknownError || e instanceof UnknownOutcomeNeedsConfirmationError))
          throw e;
        setUnknown({ distributionId: sent.distributionId });
      }
    });

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
      if (found.applied) {
        setUnknown(undefined);
        setResult(found.outcome);
      } else setUnknown({ distributionId: sent.distributionId, notAppliedAt: found.checkedAt });
    });

  const cancelCharge = (id: string) =>
    services.cancelCharge(id).then(
      (r) => {
        // The distribution's wait goes on: it ends `failed` once the charge is cancelled.
        if (r.outcome === "already_paid") report.notice(d.chargeAlreadyPaid, "warning");
        else {
          setCharge((c) => (c ? { ...c, ...r.charge } : c));
          report.notice(d.chargeCancelled, "info");
        }
      },
      (e: unknown) => report.error(e),
    );

  // Back from Fund: the balance changed, so read it again where it is shown.
  const wasActive = useRef(active);
  useEffect(() => {
    const back = active && !wasActive.current;
    wasActive.current = active;
    if (!back || task.running || result) return;
    if (review) reviewAgain();
    else if (validation && !sent) validate();
    // Only the switch back matters; the handlers read the state of this render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  // The table is what is sent in mode selected, and the overrides in batch and group when asked
  // for: then it must have been validated without errors. Otherwise the server picks the employees.
  const blocked = (mode === "selected" || overrides) && validation?.ok !== true;
  const productName = (id: string) => mapping?.products.find((p) => p.id === id)?.name ?? id;
  const shortfall = validation?.summary.shortfallCents ?? 0;

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        {d.title}
      </Subtitle2>
      <TablePicker tables={tables} value={table} onChange={pick} onRefresh={() => void loadTables()} />
      <div className={styles.actions}>
        <Button onClick={createTemplate} disabled={task.running}>
          {d.createTemplate}
        </Button>
      </div>

      {table && mapping && !sent && (
        <MappingEditor key={table} mapping={mapping} onSave={(o) => void saveMapping(o)} />
      )}
      {table && !sent && (
        <div className={styles.actions}>
          <Button appearance="primary" onClick={validate} disabled={task.running}>
            {d.validate}
          </Button>
        </div>
      )}
      {validation && !sent && (
        <>
          <ValidationPanel
            table={table}
            result={validation}
            mapping={mapping}
            services={services}
            {...(shortfall > 0 && onFund ? { onFund: () => onFund(shortfall) } : {})}
          />
          {liveAt && (
            <Caption1 aria-live="polite">
              {d.liveUpdated({ time: liveAt.toLocaleTimeString(locale) })}
            </Caption1>
          )}
        </>
      )}

      {table && mapping && !sent && (
        <SendPanel
          modes={services.modes}
          mode={mode}
          onMode={chooseMode}
          benefits={benefits}
          chosen={chosen}
          onChosen={setChosen}
          products={mapping?.products ?? []}
          values={valueTexts}
          onValues={setValueTexts}
          invalidValues={invalidValues}
          overrides={overrides}
          onOverrides={setOverrides}
          disabled={task.running || blocked}
          {...(blocked && !task.running ? { blockedReason: d.validateFirst } : {})}
          onSend={() => send()}
          repeat={repeat}
          onSendRepeat={(fp) => send(fp)}
          drafts={drafts}
          onSendAnotherDraft={(q) => send(q.confirmRepeatOf, q.count)}
        />
      )}

      {sent && (
        <Body1 role="status">
          {d.sent({
            id: sent.distributionId,
            employees: formatCount(sent.totalEmployees, locale),
            total: formatBRL(sent.totalCents, locale),
          })}{" "}
          {d.sentCalls({ calls: formatCount(sent.calls, locale) })}
          {!sent.created && ` ${d.sentContinued}`}
          {sent.reviewTable && ` ${d.reviewTableWritten({ table: sent.reviewTable })}`}
        </Body1>
      )}
      {review && !result && !unknown && (
        <ReviewPanel
          review={review}
          productName={productName}
          unansweredDrafts={sent?.unansweredDrafts ?? 0}
        />
      )}
      {review && !result && !unknown && !task.running && (
        <div className={styles.actions}>
          {!review.matches && (
            <Button appearance="primary" onClick={() => send(confirmed)}>
              {d.send}
            </Button>
          )}
          {/* Read the draft again: against the sheet (selected) or the same values and overrides (batch, group). */}
          <Button onClick={reviewAgain}>{d.reviewAgain}</Button>
        </div>
      )}
      {review?.matches && !body && !result && !unknown && !task.running && (
        <FinalizeForm onSubmit={setBody} />
      )}
      {review?.matches && body && !result && !unknown && !task.running && (
        <ConfirmPanel
          review={review}
          body={body}
          onConfirm={(confirmRepeat) => finalize(confirmRepeat)}
          onBack={() => setBody(undefined)}
          {...(onFund ? { onFund: () => onFund(confirmShortfall(review)) } : {})}
        />
      )}

      {charge && (task.running || result?.status === "processing") && (
        <section className={styles.charge} aria-label={d.chargeTitle}>
          <Subtitle2 as="h3">{d.chargeTitle}</Subtitle2>
          <Body1>{d.chargeExplain}</Body1>
          <ChargePanel
            charge={charge}
            states={d.chargeStates}
            finalStatus={charge.status === "PENDING" ? undefined : charge.status}
            {...(task.running && charge.status === "PENDING"
              ? { onCancel: () => void cancelCharge(charge.transactionId) }
              : {})}
          />
        </section>
      )}

      {unknown && !result && (
        <UnknownOutcomePanel
          unknown={unknown}
          busy={task.running}
          onCheck={checkStatus}
          onFinalizeAnyway={() => finalize(review?.repeats !== undefined, paidWith, true)}
        />
      )}

      <ProgressPanel task={task} />

      {result && (
        <ResultPanel
          result={result}
          busy={task.running}
          onCheckAgain={() => finalize(review?.repeats !== undefined, paidWith)}
          onAgain={() => pick(table)}
        />
      )}
    </section>
  );
}
