/**
 * The finalize form (API document, "Finalize body"): description, scheduled date/time or none,
 * one of the five payment methods, payer name and document (check digits verified before
 * sending), and invoice descriptions as key/value pairs. It renders the form's model
 * (../finalize/finalize-form.ts), which checks the fields and builds the body; the
 * confirmation (./ConfirmPanel.tsx) comes before anything is sent.
 */
import {
  Button,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Subtitle2,
  tokens,
} from "@fluentui/react-components";
import { type FormEvent, useState } from "react";
import { type FinalizeBody, PAYMENT_METHODS, type PaymentMethod } from "../../../api";
import {
  EMPTY_FINALIZE_FORM,
  type FinalizeFormState,
  type FormErrors,
  type FormProblem,
  type Invoice,
  finalizeBodyOf,
} from "../finalize/finalize-form";
import { useMessages, useWords } from "../../../ui/i18n";
import { useLayoutStyles } from "../../../ui/layout";
import { DISTRIBUTE_WORDS } from "../words";

const useStyles = makeStyles({
  pair: { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: tokens.spacingHorizontalS },
  pairField: { flexGrow: 1, minWidth: "120px" },
});

/** The invoice descriptions as key/value lines, each with its problem and a remove button. */
function InvoiceFields({
  invoices,
  errors,
  onChange,
  problem,
}: {
  invoices: readonly Invoice[];
  errors: FormErrors["invoices"];
  onChange: (invoices: Invoice[]) => void;
  problem: (code: FormProblem | undefined) => string | undefined;
}) {
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const edit = (i: number, change: Partial<Invoice>) =>
    onChange(invoices.map((x, j) => (j === i ? { ...x, ...change } : x)));
  return (
    <>
      <Subtitle2 as="h4">{words.invoices}</Subtitle2>
      {invoices.map((inv, i) => (
        <div key={i} className={styles.pair} role="group" aria-label={`${words.invoices} ${i + 1}`}>
          <Field
            className={styles.pairField}
            label={words.invoiceKey}
            validationMessage={problem(errors?.[i])}
          >
            <Input value={inv.key} onChange={(_, v) => edit(i, { key: v.value })} />
          </Field>
          <Field className={styles.pairField} label={words.invoiceValue}>
            <Input value={inv.value} onChange={(_, v) => edit(i, { value: v.value })} />
          </Field>
          <Button
            appearance="subtle"
            aria-label={words.invoiceRemove({ n: String(i + 1) })}
            onClick={() => onChange(invoices.filter((_, j) => j !== i))}
          >
            ×
          </Button>
        </div>
      ))}
      <div>
        <Button onClick={() => onChange([...invoices, { key: "", value: "" }])}>{words.invoiceAdd}</Button>
      </div>
    </>
  );
}

/** When the distribution is paid: now, or at a date and time. */
function ScheduleFields({
  form,
  set,
  error,
}: {
  form: FinalizeFormState;
  set: (change: Partial<FinalizeFormState>) => void;
  error: string | undefined;
}) {
  const words = useWords(DISTRIBUTE_WORDS);
  return (
    <>
      <Field label={words.schedule}>
        <RadioGroup value={form.when} onChange={(_, v) => set({ when: v.value as "now" | "at" })}>
          <Radio value="now" label={words.scheduleNow} />
          <Radio value="at" label={words.scheduleAt} />
        </RadioGroup>
      </Field>
      {form.when === "at" && (
        <Field label={words.scheduledFor} required validationMessage={error}>
          <Input type="datetime-local" value={form.at} onChange={(_, v) => set({ at: v.value })} />
        </Field>
      )}
    </>
  );
}

export function FinalizeForm({
  onSubmit,
  now = Date.now,
}: {
  onSubmit: (body: FinalizeBody) => void;
  now?: () => number;
}) {
  const { t } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const layout = useLayoutStyles();
  const [form, setForm] = useState<FinalizeFormState>(EMPTY_FINALIZE_FORM);
  const [errors, setErrors] = useState<FormErrors>({});
  const set = (change: Partial<FinalizeFormState>) => setForm((f) => ({ ...f, ...change }));
  const problem = (code: FormProblem | undefined) =>
    code === undefined
      ? undefined
      : code.startsWith("payer")
        ? t.common[code as PayerProblem]
        : words[code as OwnProblem];

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const checked = finalizeBodyOf(form, now());
    setErrors(checked.errors);
    if (checked.body) onSubmit(checked.body);
  };

  return (
    <form className={layout.stack} onSubmit={submit} noValidate aria-label={words.finalizeTitle}>
      <Subtitle2 as="h3">{words.finalizeTitle}</Subtitle2>
      <Field label={words.description}>
        <Input value={form.description} maxLength={500} onChange={(_, v) => set({ description: v.value })} />
      </Field>
      <ScheduleFields form={form} set={set} error={problem(errors.schedule)} />
      <Field label={words.paymentMethod}>
        <RadioGroup value={form.method} onChange={(_, v) => set({ method: v.value as PaymentMethod })}>
          {PAYMENT_METHODS.map((m) => (
            <Radio key={m} value={m} label={words.methods[m]} />
          ))}
        </RadioGroup>
      </Field>
      <Field label={t.common.payerName} validationMessage={problem(errors.name)}>
        <Input value={form.name} onChange={(_, v) => set({ name: v.value })} />
      </Field>
      <Field label={t.common.payerDocument} validationMessage={problem(errors.document)}>
        <Input inputMode="numeric" value={form.document} onChange={(_, v) => set({ document: v.value })} />
      </Field>
      <InvoiceFields
        invoices={form.invoices}
        errors={errors.invoices}
        onChange={(invoices) => set({ invoices })}
        problem={problem}
      />
      <div>
        <Button type="submit" appearance="primary">
          {words.toConfirm}
        </Button>
      </div>
    </form>
  );
}

type PayerProblem = Extract<FormProblem, `payer${string}`>;
type OwnProblem = Exclude<FormProblem, PayerProblem>;
