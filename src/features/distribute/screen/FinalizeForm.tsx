/**
 * The finalize form (API document, "Finalize body"): description, scheduled date/time or none,
 * one of the five payment methods, payer name and document (check digits verified before
 * sending), and invoice descriptions as key/value pairs. It only builds the body; the
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
import { validPayerDocument } from "../../fund";
import { useMessages, useWords } from "../../../ui/i18n";
import { useLayoutStyles } from "../../../ui/layout";
import { DISTRIBUTE_WORDS } from "../words";

const useStyles = makeStyles({
  pair: { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: tokens.spacingHorizontalS },
  pairField: { flexGrow: 1, minWidth: "120px" },
});

interface Invoice {
  key: string;
  value: string;
}

type Errors = Partial<Record<"schedule" | "name" | "document", string>> & {
  invoices?: Record<number, string>;
};

export function FinalizeForm({
  onSubmit,
  now = Date.now,
}: {
  onSubmit: (body: FinalizeBody) => void;
  now?: () => number;
}) {
  const { t } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const layout = useLayoutStyles();
  const [description, setDescription] = useState("");
  const [when, setWhen] = useState<"now" | "at">("now");
  const [at, setAt] = useState("");
  const [method, setMethod] = useState<PaymentMethod>("BALANCE");
  const [name, setName] = useState("");
  const [document, setDocument] = useState("");
  const [invoices, setInvoices] = useState<Invoice[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const errs: Errors = {};
    const scheduled = when === "at" ? new Date(at) : undefined;
    if (scheduled && (Number.isNaN(scheduled.getTime()) || scheduled.getTime() <= now()))
      errs.schedule = words.scheduleRequired;
    if (document.trim() !== "" && !validPayerDocument(document))
      errs.document = t.common.payerDocumentInvalid;
    if (document.trim() !== "" && name.trim() === "") errs.name = t.common.payerNameRequired;
    const seen = new Set<string>();
    invoices.forEach((inv, i) => {
      const key = inv.key.trim();
      if (key === "" && inv.value.trim() === "") return;
      if (key === "") (errs.invoices ??= {})[i] = words.invoiceKeyRequired;
      else if (seen.has(key)) (errs.invoices ??= {})[i] = words.invoiceKeyDuplicate;
      seen.add(key);
    });
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    const filled = invoices.filter((i) => i.key.trim() !== "");
    onSubmit({
      payment_method: method,
      scheduled_for: scheduled ? scheduled.toISOString() : null,
      ...(description.trim() ? { description: description.trim() } : {}),
      ...(name.trim() ? { payer_name: name.trim() } : {}),
      ...(document.trim() ? { payer_document: document.replace(/[^0-9A-Za-z]/g, "").toUpperCase() } : {}),
      ...(filled.length
        ? { invoice_descriptions: Object.fromEntries(filled.map((i) => [i.key.trim(), i.value])) }
        : {}),
    });
  };

  return (
    <form className={layout.stack} onSubmit={submit} noValidate aria-label={words.finalizeTitle}>
      <Subtitle2 as="h3">{words.finalizeTitle}</Subtitle2>
      <Field label={words.description}>
        <Input value={description} maxLength={500} onChange={(_, v) => setDescription(v.value)} />
      </Field>
      <Field label={words.schedule}>
        <RadioGroup value={when} onChange={(_, v) => setWhen(v.value as "now" | "at")}>
          <Radio value="now" label={words.scheduleNow} />
          <Radio value="at" label={words.scheduleAt} />
        </RadioGroup>
      </Field>
      {when === "at" && (
        <Field label={words.scheduledFor} required validationMessage={errors.schedule}>
          <Input type="datetime-local" value={at} onChange={(_, v) => setAt(v.value)} />
        </Field>
      )}
      <Field label={words.paymentMethod}>
        <RadioGroup value={method} onChange={(_, v) => setMethod(v.value as PaymentMethod)}>
          {PAYMENT_METHODS.map((m) => (
            <Radio key={m} value={m} label={words.methods[m]} />
          ))}
        </RadioGroup>
      </Field>
      <Field label={t.common.payerName} validationMessage={errors.name}>
        <Input value={name} onChange={(_, v) => setName(v.value)} />
      </Field>
      <Field label={t.common.payerDocument} validationMessage={errors.document}>
        <Input inputMode="numeric" value={document} onChange={(_, v) => setDocument(v.value)} />
      </Field>
      <Subtitle2 as="h4">{words.invoices}</Subtitle2>
      {invoices.map((inv, i) => (
        <div key={i} className={styles.pair} role="group" aria-label={`${words.invoices} ${i + 1}`}>
          <Field
            className={styles.pairField}
            label={words.invoiceKey}
            validationMessage={errors.invoices?.[i]}
          >
            <Input
              value={inv.key}
              onChange={(_, v) => setInvoices(invoices.map((x, j) => (j === i ? { ...x, key: v.value } : x)))}
            />
          </Field>
          <Field className={styles.pairField} label={words.invoiceValue}>
            <Input
              value={inv.value}
              onChange={(_, v) =>
                setInvoices(invoices.map((x, j) => (j === i ? { ...x, value: v.value } : x)))
              }
            />
          </Field>
          <Button
            appearance="subtle"
            aria-label={words.invoiceRemove({ n: String(i + 1) })}
            onClick={() => setInvoices(invoices.filter((_, j) => j !== i))}
          >
            ×
          </Button>
        </div>
      ))}
      <div>
        <Button onClick={() => setInvoices([...invoices, { key: "", value: "" }])}>{words.invoiceAdd}</Button>
      </div>
      <div>
        <Button type="submit" appearance="primary">
          {words.toConfirm}
        </Button>
      </div>
    </form>
  );
}
