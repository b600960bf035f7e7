/**
 * The finalize form's model (API document, "Finalize body"): what the person fills in, checked
 * and turned into the body finalize sends. Pure; the form (../screen/FinalizeForm.tsx) renders it
 * and words each problem.
 */
import type { FinalizeBody, PaymentMethod } from "../../../api";
import { validPayerDocument } from "../../fund";

export interface Invoice {
  key: string;
  value: string;
}

export interface FinalizeFormState {
  description: string;
  when: "now" | "at";
  /** The `datetime-local` input's text, when `when` is "at". */
  at: string;
  method: PaymentMethod;
  name: string;
  document: string;
  invoices: Invoice[];
}

export const EMPTY_FINALIZE_FORM: FinalizeFormState = {
  description: "",
  when: "now",
  at: "",
  method: "BALANCE",
  name: "",
  document: "",
  invoices: [],
};

/** What is wrong with a field, as a code the form words. */
export type FormProblem =
  | "scheduleRequired"
  | "payerDocumentInvalid"
  | "payerNameRequired"
  | "invoiceKeyRequired"
  | "invoiceKeyDuplicate";

export type FormErrors = Partial<Record<"schedule" | "name" | "document", FormProblem>> & {
  invoices?: Record<number, FormProblem>;
};

/** An invoice line's problem: a value without a key, or a key given twice. */
function invoiceErrors(invoices: readonly Invoice[]): Record<number, FormProblem> | undefined {
  let errors: Record<number, FormProblem> | undefined;
  const seen = new Set<string>();
  invoices.forEach((inv, i) => {
    const key = inv.key.trim();
    if (key === "" && inv.value.trim() === "") return;
    if (key === "") (errors ??= {})[i] = "invoiceKeyRequired";
    else if (seen.has(key)) (errors ??= {})[i] = "invoiceKeyDuplicate";
    seen.add(key);
  });
  return errors;
}

function formErrors(form: FinalizeFormState, scheduled: Date | undefined, now: number): FormErrors {
  const errors: FormErrors = {};
  if (scheduled && (Number.isNaN(scheduled.getTime()) || scheduled.getTime() <= now))
    errors.schedule = "scheduleRequired";
  const document = form.document.trim();
  if (document !== "" && !validPayerDocument(form.document)) errors.document = "payerDocumentInvalid";
  if (document !== "" && form.name.trim() === "") errors.name = "payerNameRequired";
  const invoices = invoiceErrors(form.invoices);
  if (invoices) errors.invoices = invoices;
  return errors;
}

/** The form checked: its errors, or the finalize body it makes. */
export function finalizeBodyOf(
  form: FinalizeFormState,
  now: number,
): { errors: FormErrors; body?: undefined } | { errors: FormErrors; body: FinalizeBody } {
  const scheduled = form.when === "at" ? new Date(form.at) : undefined;
  const errors = formErrors(form, scheduled, now);
  if (Object.keys(errors).length > 0) return { errors };
  const description = form.description.trim();
  const name = form.name.trim();
  const document = form.document.trim();
  const filled = form.invoices.filter((i) => i.key.trim() !== "");
  return {
    errors,
    body: {
      payment_method: form.method,
      scheduled_for: scheduled ? scheduled.toISOString() : null,
      ...(description ? { description } : {}),
      ...(name ? { payer_name: name } : {}),
      ...(document ? { payer_document: form.document.replace(/[^0-9A-Za-z]/g, "").toUpperCase() } : {}),
      ...(filled.length
        ? { invoice_descriptions: Object.fromEntries(filled.map((i) => [i.key.trim(), i.value])) }
        : {}),
    },
  };
}
