/**
 * What every route of the table is made of (routes.ts): its spec (the OpenAPI entry and the
 * handler), the context a handler gets, and the readers that turn a query, a body or a path
 * parameter into its zod-checked value or a 400 naming what is wrong.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import * as S from "../src/api/schemas";
import { badRequest } from "./errors";
import type { OpenApiRoute } from "./openapi";
import type { FinalizeRequest as FinalizeRequestBody } from "./store";

export interface Ctx {
  company: string;
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSpec extends OpenApiRoute {
  handler: (ctx: Ctx) => unknown;
}

/** zod issues as ErrorBody details (`path` dotted: `items.0.monthly_amount`). */
export function zodDetails(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

export function parse<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(`Invalid ${where}`, zodDetails(r.error));
  return r.data;
}

/**
 * An identifier in a path: the Id of src/api (1 to 200 characters), made of the characters the
 * sandbox's ids use, and never `.` or `..` (which would name another route once normalized).
 * Anything else is not an id of this API: 400 ("Invalid body, identifier, date or value").
 */
const PathId = S.Id.regex(
  /^(?!\.\.?$)[A-Za-z0-9._:-]+$/,
  "an id holds letters, digits, '.', '_', ':' and '-' only (and is not '.' or '..')",
);

/** Finalize's shape; its `payment_method` is checked by the store, where any bad value is a 422. */
export const FinalizeRequest: z.ZodType<FinalizeRequestBody> = S.FinalizeBody.extend({
  payment_method: z.unknown().optional(),
});

/** The readers every route list uses: a page query, a body, a path id, a 201 answer. */
export function routeReaders() {
  return {
    page: (q: unknown) => parse(S.PageQuery, q, "query"),
    body: <T extends z.ZodType>(schema: T, c: Ctx) => parse(schema, c.body, "body"),
    id: (c: Ctx, name: string) => parse(PathId, c.params[name], `path parameter ${name}`),
    created: <T>(c: Ctx, value: T): T => {
      c.reply.code(201);
      return value;
    },
  };
}
