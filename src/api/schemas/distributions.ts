/**
 * Distributions: creation, items and their values, lots, payment methods and the
 * finalize body and answer. See ./index.ts for the conventions every schema follows.
 */
import { z } from "zod";
import {
  Cents,
  CentsSum,
  Id,
  IsoDateTime,
  pageOf,
  stateFields,
  TaxDocument,
  withOptionalStatus,
  withStatus,
} from "./common";

// Distributions

const DISTRIBUTION_TYPES = ["selected", "batch", "group"] as const;
const DistributionType = z.enum(DISTRIBUTION_TYPES);
type DistributionType = z.infer<typeof DistributionType>;

export const DistributionCreate = z
  .object({
    type: DistributionType,
    benefit_convention_ids: z.array(Id).optional(),
  })
  .refine((b) => b.type !== "group" || (b.benefit_convention_ids?.length ?? 0) > 0, {
    message: "type group needs at least one benefit_convention_ids entry",
    path: ["benefit_convention_ids"],
  });
export type DistributionCreate = z.infer<typeof DistributionCreate>;

/** Lot states: `PENDING` comes from the document; the later ones are our choice. */
const Lot = withOptionalStatus(
  z.object({
    lot_id: Id.optional(),
    ...stateFields,
    amount: CentsSum.optional(),
    payment_method: z.string().optional(),
    transaction_id: z.string().optional(),
  }),
);
type Lot = z.output<typeof Lot>;

/**
 * What every item mutation answers ("Updated totals"): the document promises the totals only;
 * the id and the state are read when present.
 */
export const DistributionTotals = withOptionalStatus(
  z.object({
    distribution_id: Id.optional(),
    ...stateFields,
    total_employees: z.int().min(0),
    total_amount: CentsSum,
  }),
);
export type DistributionTotals = z.output<typeof DistributionTotals>;

const DistributionFields = z.object({
  distribution_id: Id.optional(),
  ...stateFields,
  total_employees: z.int().min(0),
  total_amount: CentsSum,
  type: z.string().optional(),
  benefit_convention_ids: z.array(Id).optional(),
  created_at: z.string().optional(),
  finalized_at: z.string().optional(),
  lot: Lot.optional(),
});
/**
 * A distribution read ("Distribution with its state"): the state is required; the id may be
 * missing (the reader knows it: the client fills it in from the path it read).
 */
export const Distribution = withStatus(DistributionFields, "the distribution");
export type Distribution = z.output<typeof Distribution>;
/** "Draft with `distribution_id`": creation must name the new draft. */
export const DistributionCreated = withStatus(
  DistributionFields.extend({ distribution_id: Id }),
  "the new distribution",
);
export type DistributionCreated = z.output<typeof DistributionCreated>;

export const MAX_EMPLOYEE_IDS_PER_CALL = 500;
export const AddItems = z.object({ employee_ids: z.array(Id).min(1).max(MAX_EMPLOYEE_IDS_PER_CALL) });
export type AddItems = z.infer<typeof AddItems>;
/** Removing items (path: not shown) takes the same body as adding them. */
export const RemoveItems = AddItems.describe("RemoveItems");
export type RemoveItems = z.infer<typeof RemoveItems>;

export const SetValueForAll = z.object({ product_id: Id, value: Cents });
export type SetValueForAll = z.infer<typeof SetValueForAll>;
/** Single-employee value body (not shown): the same shape as the value-for-all body. */
export const SetEmployeeValue = SetValueForAll.describe("SetEmployeeValue");
export type SetEmployeeValue = z.infer<typeof SetEmployeeValue>;

const ItemValue = z.object({ product_id: Id, value: Cents });
type ItemValue = z.infer<typeof ItemValue>;
export const DistributionItem = z.object({
  employee_id: Id,
  employee_name: z.string().optional(),
  values: z.array(ItemValue),
  total_amount: CentsSum.optional(),
});
export type DistributionItem = z.infer<typeof DistributionItem>;
/** "Page of items; state; `total_employees`; `total_amount`." */
export const DistributionItemPage = withOptionalStatus(
  pageOf(DistributionItem).extend({
    ...stateFields,
    total_employees: z.int().min(0).optional(),
    total_amount: CentsSum.optional(),
  }),
);
export type DistributionItemPage = z.output<typeof DistributionItemPage>;

export const PAYMENT_METHODS = [
  "PIX",
  "BOLETO",
  "BALANCE",
  "BALANCE_WITH_PIX",
  "BALANCE_WITH_BOLETO",
] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/**
 * Finalize body. Requiredness is not shown: only `payment_method` is required here; its
 * validity is a business rule answered with 422 (rule 2), so the sandbox checks it apart from
 * the shape (a missing or non-string value is a 400).
 */
export const FinalizeBody = z.object({
  payment_method: z.string(),
  description: z.string().max(500).optional(),
  /** ISO 8601 date (YYYY-MM-DD) or date-time with offset; null means now (format not shown). */
  scheduled_for: z.union([z.iso.date(), IsoDateTime]).nullable().optional(),
  payer_name: z.string().max(200).optional(),
  payer_document: TaxDocument.optional(),
  invoice_descriptions: z.record(z.string(), z.string()).optional(),
});
export type FinalizeBody = Omit<z.infer<typeof FinalizeBody>, "payment_method"> & {
  payment_method: PaymentMethod;
};

/**
 * "Lot in `PENDING`; distribution in `processing`": the names of those fields are not shown, so
 * every field is optional (a 2xx means finalize was applied). A body that is not an object, or
 * whose fields have the wrong types, is unreadable: the client then reads the distribution.
 */
export const FinalizeResult = withOptionalStatus(
  z.object({
    distribution_id: Id.optional(),
    ...stateFields,
    lot: Lot.optional(),
    /** Omitted with `BALANCE`; the id of the charge for the PIX/BOLETO part otherwise. */
    transaction_id: z.string().optional(),
  }),
);
export type FinalizeResult = z.output<typeof FinalizeResult>;
