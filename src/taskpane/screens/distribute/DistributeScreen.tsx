/**
 * Distribute, step by step: pick (or create) the table, see and correct its mapping, validate
 * (summary and problems that select their cell), choose the mode, send to a draft (progress,
 * ETA, cancel), review, fill the finalize form, confirm, wait for the final state, result.
 * Every step calls DistributeServices; nothing here decides a business rule.
 */
import {
  Body1,
  Button,
  Checkbox,
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  Subtitle2,
  tokens,
} from "@fluentui/react-components";
import { useCallback, useEffect, useId, useState } from "react";
import type { Benefit, FinalizeBody } from "../../../api";
import type { TableInfo } from "../../../workbook";
import { ProgressPanel } from "../../components/ProgressPanel";
import { TablePicker } from "../../components/TablePicker";
import { useReport } from "../../errors/ErrorCenter";
import { useTask } from "../../hooks/useTask";
import { formatBRL, formatCount, useMessages } from "../../i18n";
import type {
  DistributeServices,
  DistributionMode,
  FinalizeOutcome,
  MappingView,
  ReviewView,
  SendOutcome,
  ValidationView,
} from "../../services";
import { ConfirmPanel } from "./ConfirmPanel";
import { FinalizeForm } from "./FinalizeForm";
import { MappingEditor } from "./MappingEditor";
import { ReviewPanel } from "./ReviewPanel";
import { ValidationPanel } from "./ValidationPanel";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});

export interface DistributeScreenProps {
  services: DistributeServices;
  /** Tells the pane which draft is being prepared (the Fund screen can fund its shortfall). */
  onDraft?: (distributionId: string | undefined) => void;
}

export function DistributeScreen({ services, onDraft }: DistributeScreenProps) {
  const { t, locale } = useMessages();
  const d = t.distribute;
  const styles = useStyles();
  const report = useReport();
  const task = useTask();
  const headingId = useId();
  const [tables, setTables] = useState<TableInfo[] | undefined>(undefined);
  const [table, setTable] = useState("");
  const [mapping, setMapping] = useState<MappingView | undefined>(undefined);
  const [validation, setValidation] = useState<ValidationView | undefined>(undefined);
  const [mode, setMode] = useState<DistributionMode>("selected");
  const [benefits, setBenefits] = useState<Benefit[] | undefined>(undefined);
  const [chosen, setChosen] = useState<string[]>([]);
  const [sent, setSent] = useState<SendOutcome | undefined>(undefined);
  const [review, setReview] = useState<ReviewView | undefined>(undefined);
  const [body, setBody] = useState<FinalizeBody | undefined>(undefined);
  const [result, setResult] = useState<FinalizeOutcome | undefined>(undefined);

  const loadTables = useCallback(
    () => services.listTables().then(setTables, (e: unknown) => report.error(e)),
    [services, report],
  );
  useEffect(() => {
    void loadTables();
  }, [loadTables]);

  const reset = () => {
    setValidation(undefined);
    setSent(undefined);
    setReview(undefined);
    setBody(undefined);
    setResult(undefined);
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

  const chooseMode = (m: DistributionMode) => {
    setMode(m);
    if (m === "group" && benefits === undefined) {
      services.benefits(new AbortController().signal).then(setBenefits, (e: unknown) => report.error(e));
    }
  };

  const send = () =>
    void task.run(async (run) => {
      const outcome = await services.send(
        { table, mode, ...(mode === "group" ? { benefitIds: chosen } : {}) },
        run,
      );
      setSent(outcome);
      onDraft?.(outcome.distributionId);
      setReview(await services.review(table, outcome.distributionId, run));
    });

  const finalize = (confirmRepeat: boolean) =>
    void task.run(async (run) => {
      if (!sent || !body) return;
      setResult(
        await services.finalize({ table, distributionId: sent.distributionId, body, confirmRepeat }, run),
      );
      setBody(undefined);
    });

  const canSend = validation?.ok === true && (mode !== "group" || chosen.length > 0) && !task.running;
  const productName = (id: string) => mapping?.products.find((p) => p.id === id)?.name ?? id;

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
        <ValidationPanel table={table} result={validation} mapping={mapping} services={services} />
      )}

      {validation?.ok && !sent && (
        <>
          <Field label={d.mode}>
            <RadioGroup value={mode} onChange={(_, v) => chooseMode(v.value as DistributionMode)}>
              <Radio value="selected" label={d.modeSelected} />
              <Radio value="batch" label={d.modeBatch} />
              <Radio value="group" label={d.modeGroup} />
            </RadioGroup>
          </Field>
          {mode === "group" && (
            <Field
              label={d.benefits}
              validationMessage={chosen.length === 0 ? d.benefitsRequired : undefined}
              validationState={chosen.length === 0 ? "warning" : "none"}
            >
              <div role="group" aria-label={d.benefits}>
                {benefits?.map((b) => (
                  <Checkbox
                    key={b.id}
                    label={b.name}
                    checked={chosen.includes(b.id)}
                    onChange={(_, v) =>
                      setChosen(v.checked ? [...chosen, b.id] : chosen.filter((x) => x !== b.id))
                    }
                  />
                ))}
              </div>
            </Field>
          )}
          <div className={styles.actions}>
            <Button appearance="primary" onClick={send} disabled={!canSend}>
              {d.send}
            </Button>
          </div>
        </>
      )}

      {sent && (
        <Body1 role="status">
          {d.sent({
            id: sent.distributionId,
            employees: formatCount(sent.totalEmployees, locale),
            total: formatBRL(sent.totalCents, locale),
          })}
        </Body1>
      )}
      {review && !result && <ReviewPanel review={review} productName={productName} />}
      {review && !review.matches && !result && (
        <div className={styles.actions}>
          <Button appearance="primary" onClick={send} disabled={task.running}>
            {d.send}
          </Button>
        </div>
      )}
      {review?.matches && !body && !result && !task.running && <FinalizeForm onSubmit={setBody} />}
      {review?.matches && body && !result && !task.running && (
        <ConfirmPanel review={review} body={body} onConfirm={finalize} onBack={() => setBody(undefined)} />
      )}

      <ProgressPanel task={task} />

      {result && (
        <>
          <Body1 role="status" data-testid="result">
            {d.result({ id: result.distributionId, status: result.status })}{" "}
            {d.resultRows({ rows: formatCount(result.rowsWritten, locale) })}
          </Body1>
          <div className={styles.actions}>
            <Button onClick={() => pick(table)}>{d.again}</Button>
          </div>
        </>
      )}
    </section>
  );
}
