/**
 * The building blocks of the wire schemas: cents, ids, documents and dates, the page
 * envelope and its query, the state field read under either name (`withStatus`), and the error
 * body. See ./index.ts for the conventions every schema follows.
 */
import { z } from "zod";

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

/** The sandbox serves pages of up to 1,000 (the client asks for that many); above it, a 400. */
export const MAX_PAGE_LIMIT = 1_000;
const DEFAULT_PAGE_LIMIT = 20;

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
export const stateFields = { status: z.string().optional(), state: z.string().optional() };

/**
 * `schema` (an object with `stateFields`) read with its state in `status`, whichever name the
 * server used; `required` makes a body without either a validation issue.
 */
export function withStatus<T extends { status?: string | undefined; state?: string | undefined }>(
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
export function withOptionalStatus<T extends { status?: string | undefined; state?: string | undefined }>(
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
