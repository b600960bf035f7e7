/**
 * The wire contract of the Benefit Funding and Distribution API, as zod schemas.
 *
 * One source of truth: the client validates responses with these, the sandbox validates
 * requests with them and generates its OpenAPI document from them. Section names in the
 * comments refer to the API document (shared/seed/000_f665af9ba4d19739.txt); where it says
 * "not shown", the choice is listed in docs/api-assumptions.md.
 *
 * Conventions:
 * - Every money value is an integer number of cents ("Every monetary value, sent or received,
 *   is an integer number of cents").
 * - Response schemas accept fields they do not know (zod objects strip unknown keys instead of
 *   failing) and require only what the document promises and the add-in uses; the rest is
 *   optional. `null` counts as absent: the transport drops null object fields from a 2xx body
 *   before validation (`dropNulls`), so an optional field may be null and a required one may not.
 * - Where the name of a field is our guess, the document's own word is accepted too: the state
 *   of a deposit, distribution or lot may come as `state` or `status` (`withStatus`).
 * - Request schemas (what the sandbox accepts) stay strict: they are our choices.
 */
import { z } from "zod";

// ---------------------------------------------------------------------------------------------
// Primitives

/**
 * The largest single amount the wire carries: R$ 100 billion. Bounding each amount keeps sums of
 * many of them (totals, balances) exact; the document gives no maximum.
 */
export const MAX_AMOUNT_CENTS = 10_000_000_000_000;
/** One amount in integer cents (a value, a deposit, a monthly amount). */
export const Cents = z.int().min(0).max(MAX_AMOUNT_CENTS);
/** A strictly positive amount of cents (a charge of zero makes no sense). */
export const PositiveCents = z.int().min(1).max(MAX_AMOUNT_CENTS);
/** A sum of amounts (a total, a lot): any exact non-negative integer (z.int() is safe-integer only). */
export const CentsSum = z.int().min(0);
/** Identifiers are strings on the wire ("array of string (`employee_id` values)"). */
export const Id = z.string().min(1).max(200);
export const Uuid = z.uuid();
/**
 * Tax document, bare: a CPF (11 digits) or a CNPJ (14 characters). The document says "digits"; since
 * July 2026 Receita Federal also issues alphanumeric CNPJs (letters in the first 12 positions, IN RFB
 * 2.229/2024), so those are accepted too. Check digits are the add-in's business (src/money).
 */
export const TaxDocument = z
  .string()
  .regex(
    /^\d{11}$|^[0-9A-Z]{12}\d{2}$/,
    "must be a CPF (11 digits) or a CNPJ (14 characters, no punctuation)",
  );
export const IsoDateTime = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------------------------------------
// Pagination ("Lists take `page` and `limit` query parameters"; "starting at page 1").

export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 20;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** Assumed page envelope: `{ data, page, limit, total }` (page shape: not shown). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    page: z.int().min(1).optional(),
    limit: z.int().min(1).optional(),
    total: z.int().min(0).optional(),
  });
}
/**
 * A list the document does not show as paged (benefits, situations): our page envelope, or a
 * bare array, read as one complete page.
 */
export function listOf<T extends z.ZodType>(item: T) {
  return pageOf(item).or(z.array(item).transform((data) => ({ data, total: data.length })));
}

/** The state field under the name we chose (`status`) or the document's word (`state`). */
const stateFields = { status: z.string().optional(), state: z.string().optional() };

/**
 * `schema` (an object with `stateFields`) read with its state in `status`, whichever name the
 * server used; `required` makes a body without either a validation issue.
 */
function withStatus<T extends { status?: string | undefined; state?: string | undefined }>(
  schema: z.ZodType<T>,
  what: string,
) {
  return schema.transform(({ state, ...rest }, ctx) => {
    const status = rest.status ?? state;
    if (status === undefined) {
      ctx.issues.push({
        code: "custom",
        message: `${what} has no status (or state)`,
        input: rest,
        path: ["status"],
      });
      return z.NEVER;
    }
    return { ...rest, status };
  });
}
function withOptionalStatus<T extends { status?: string | undefined; state?: string | undefined }>(
  schema: z.ZodType<T>,
) {
  return schema.transform(({ state, ...rest }): Omit<T, "state"> => {
    const status = rest.status ?? state;
    return status === undefined ? rest : { ...rest, status };
  });
}

export interface Page<T> {
  data: T[];
  page?: number | undefined;
  limit?: number | undefined;
  total?: number | undefined;
}

// ---------------------------------------------------------------------------------------------
// Errors (error body: not shown; our choice)

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string().optional(), message: z.string() })).optional(),
    request_id: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

// ---------------------------------------------------------------------------------------------
// Employees and situations

export const SITUATION_ACTIVE = "active";

export const Situation = z.object({ value: z.string(), label: z.string().optional() });
export type Situation = z.infer<typeof Situation>;
export const SituationList = z.object({ data: z.array(Situation) });

export const Employee = z.object({
  employee_id: Id,
  name: z.string(),
  cpf: z.string().optional(),
  email: z.string().optional(),
  situation: z.string(),
  benefit_convention_ids: z.array(Id).optional(),
});
export type Employee = z.infer<typeof Employee>;
export const EmployeePage = pageOf(Employee);

export const EmployeeListQuery = PageQuery.extend({ situation: z.string().min(1).optional() });
export type EmployeeListQuery = z.input<typeof EmployeeListQuery>;

/** Employee creation body: not shown; our choice. */
export const EmployeeCreate = z.object({
  name: z.string().trim().min(1).max(200),
  cpf: z.string().regex(/^\d{11}$/, "must be 11 digits"),
  email: z.email().optional(),
  situation: z.string().min(1).optional(),
  benefit_convention_ids: z.array(Id).optional(),
});
export type EmployeeCreate = z.infer<typeof EmployeeCreate>;

/** Batch upload (path and field name: not shown): a CSV file in the multipart field `file`. */
export const EMPLOYEE_BATCH_FIELD = "file";
export const EmployeeBatchResult = z.object({
  created: z.int().min(0),
  updated: z.int().min(0).optional(),
  errors: z.array(z.object({ line: z.int().min(1), message: z.string() })),
});
export type EmployeeBatchResult = z.infer<typeof EmployeeBatchResult>;

// ---------------------------------------------------------------------------------------------
// Products and benefits (conventions)

export const Product = z.object({
  id: Id,
  name: z.string(),
  code: z.string().optional(),
});
export type Product = z.infer<typeof Product>;
export const ProductPage = pageOf(Product);

export const BenefitItem = z.object({ product_id: Id, monthly_amount: Cents });
export type BenefitItem = z.infer<typeof BenefitItem>;

export const BenefitCreate = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).optional(),
  items: z.array(BenefitItem),
});
export type BenefitCreate = z.infer<typeof BenefitCreate>;
/** Updating a benefit (path: not shown) replaces it whole with the creation body. */
export const BenefitUpdate = BenefitCreate;
export type BenefitUpdate = BenefitCreate;

export const Benefit = z.object({
  id: Id,
  name: z.string(),
  description: z.string().optional(),
  items: z.array(BenefitItem).optional(),
});
export type Benefit = z.infer<typeof Benefit>;
export const BenefitPage = pageOf(Benefit);
/** "The creation response returns `benefit_id`." */
export const BenefitCreated = Benefit.partial().extend({ benefit_id: Id });
export type BenefitCreated = z.infer<typeof BenefitCreated>;

// ---------------------------------------------------------------------------------------------
// Deposits (charges), balance, transactions

export const DEPOSIT_FINAL_STATES = ["COMPLETED", "FAILED", "CANCELLED", "EXPIRED"] as const;
/** `PENDING` is our name for the non-final state (not shown). */
export const DEPOSIT_STATES = ["PENDING", ...DEPOSIT_FINAL_STATES] as const;
export const DepositStatus = z.enum(DEPOSIT_STATES);
export type DepositStatus = z.infer<typeof DepositStatus>;
export const isFinalDepositStatus = (s: string): boolean =>
  (DEPOSIT_FINAL_STATES as readonly string[]).includes(s);

export const DepositMethod = z.enum(["PIX"]);
export const DepositCreate = z.object({
  amount: PositiveCents,
  method: DepositMethod,
  name: z.string().trim().min(1).max(200),
  document: TaxDocument,
  transaction_id: Uuid.optional(),
});
export type DepositCreate = z.infer<typeof DepositCreate>;

const DepositFields = z.object({
  transaction_id: Id,
  /** Tolerant: the client only needs a string; unknown states are treated as non-final. */
  ...stateFields,
  amount: Cents.optional(),
  method: z.string().optional(),
  /** The payer, when the server echoes it (not shown): compared with what was sent. */
  name: z.string().optional(),
  document: z.string().optional(),
  created_at: z.string().optional(),
  pix_copy_paste: z.string().optional(),
  expires_at: z.string().optional(),
});
/** A deposit read back ("Deposit with its payment state"): the state is required. */
export const Deposit = withStatus(DepositFields, "the deposit");
export type Deposit = z.output<typeof Deposit>;
/**
 * What creating or cancelling a charge answers: the document promises only `transaction_id` on
 * creation, so the state may be missing.
 */
export const DepositResponse = withOptionalStatus(DepositFields);
export type DepositResponse = z.output<typeof DepositResponse>;

export const Balance = z.object({ available_amount: z.int(), currency: z.string().optional() });
export type Balance = z.infer<typeof Balance>;

export const TRANSACTION_TYPES = ["DEPOSIT", "DISTRIBUTION"] as const;
export const TransactionListQuery = PageQuery.extend({ type: z.enum(TRANSACTION_TYPES).optional() });
export type TransactionListQuery = z.input<typeof TransactionListQuery>;
/**
 * A transaction is identified by `id` or, on a server that names it so, `transaction_id`: `id`
 * holds whichever came (`transaction_id` stays as sent; for a deposit it names the charge).
 */
export const Transaction = z
  .object({
    id: Id.optional(),
    type: z.string(),
    /** Signed cents: credits positive, debits negative. */
    amount: z.int(),
    status: z.string().optional(),
    transaction_id: z.string().optional(),
    distribution_id: z.string().optional(),
    description: z.string().optional(),
    created_at: z.string().optional(),
  })
  .transform((t, ctx) => {
    const id = t.id ?? t.transaction_id;
    if (id === undefined || id === "") {
      ctx.issues.push({
        code: "custom",
        message: "a transaction needs id or transaction_id",
        input: t,
        path: ["id"],
      });
      return z.NEVER;
    }
    return { ...t, id };
  });
export type Transaction = z.output<typeof Transaction>;
export const TransactionPage = pageOf(Transaction);

// ---------------------------------------------------------------------------------------------
// Distributions

export const DISTRIBUTION_TYPES = ["selected", "batch", "group"] as const;
export const DistributionType = z.enum(DISTRIBUTION_TYPES);
export type DistributionType = z.infer<typeof DistributionType>;

/** `draft` and `processing` come from the document; the final ones are our choice. */
export const DISTRIBUTION_FINAL_STATES = ["completed", "failed"] as const;
export const isFinalDistributionStatus = (s: string): boolean =>
  (DISTRIBUTION_FINAL_STATES as readonly string[]).includes(s);

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
export const LOT_FINAL_STATES = ["COMPLETED", "FAILED"] as const;
export const Lot = withOptionalStatus(
  z.object({
    lot_id: Id.optional(),
    ...stateFields,
    amount: CentsSum.optional(),
    payment_method: z.string().optional(),
    transaction_id: z.string().optional(),
  }),
);
export type Lot = z.output<typeof Lot>;

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
export const RemoveItems = AddItems;
export type RemoveItems = AddItems;

export const SetValueForAll = z.object({ product_id: Id, value: Cents });
export type SetValueForAll = z.infer<typeof SetValueForAll>;
/** Single-employee value body (not shown): the same shape as the value-for-all body. */
export const SetEmployeeValue = SetValueForAll;
export type SetEmployeeValue = SetValueForAll;

export const ItemValue = z.object({ product_id: Id, value: Cents });
export type ItemValue = z.infer<typeof ItemValue>;
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
