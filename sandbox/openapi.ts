/**
 * The OpenAPI 3.1 document of the sandbox, generated from the same zod schemas (src/api) and the
 * same route table the server registers, so it cannot drift from what is served. OpenAPI 3.1
 * uses JSON Schema 2020-12, which is zod 4's `z.toJSONSchema` default target.
 */
import { z } from "zod";
import { API_PREFIX } from "../src/api/routes";
import { ErrorBody } from "../src/api/schemas";

export interface OpenApiRoute {
  method: "GET" | "POST" | "PUT";
  /** Fastify pattern, `:param` style. */
  url: string;
  operationId: string;
  summary: string;
  tag: string;
  body?: { name: string; schema: z.ZodType };
  multipart?: { field: string; description: string };
  query?: z.ZodType;
  response: { status: number; name: string; schema: z.ZodType };
  /** Status codes this operation can answer besides the success and the common ones. */
  errors: number[];
}

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType): JsonSchema {
  // "input": what a client sends / may receive, without `additionalProperties: false` on
  // objects (the client schemas are tolerant of extra fields).
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
  });
  return rest;
}

const ERROR_TEXT: Record<number, string> = {
  400: "Bad request: invalid body, identifier, date or value",
  401: "Token missing, invalid, expired or revoked",
  403: "The token has no access to this resource (another company's)",
  404: "Identifier not found",
  409: "Conflict",
  413: "Payload too large",
  415: "Unsupported media type",
  422: "Incompatible state, unsupported payment method, or a business rule",
  429: "Call limit exceeded; see Retry-After",
  500: "Temporary failure: read the resource before repeating a mutation",
  503: "Temporary failure: read the resource before repeating a mutation",
};

/** A route's path and query parameters. */
function parametersOf(r: OpenApiRoute): Record<string, unknown>[] {
  const params: Record<string, unknown>[] = [...r.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string", minLength: 1, maxLength: 200 },
  }));
  if (r.query) {
    const q = jsonSchema(r.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) {
      params.push({ name, in: "query", required: q.required?.includes(name) ?? false, schema });
    }
  }
  return params;
}

/** A route's success answer and every error status it may give, each an `ErrorBody`. */
function responsesOf(r: OpenApiRoute): Record<string, unknown> {
  const errorRef = { $ref: "#/components/schemas/ErrorBody" };
  const responses: Record<string, unknown> = {
    [String(r.response.status)]: {
      description: "Success",
      content: { "application/json": { schema: { $ref: `#/components/schemas/${r.response.name}` } } },
    },
  };
  for (const status of [...new Set([400, 401, 429, 500, 503, ...r.errors])].sort()) {
    responses[String(status)] = {
      description: ERROR_TEXT[status] ?? "Error",
      content: { "application/json": { schema: errorRef } },
    };
  }
  return responses;
}

/** The CSV a multipart route takes, as its request body. */
function multipartBody(multipart: NonNullable<OpenApiRoute["multipart"]>): Record<string, unknown> {
  return {
    required: true,
    content: {
      "multipart/form-data": {
        schema: {
          type: "object",
          required: [multipart.field],
          properties: {
            [multipart.field]: {
              type: "string",
              contentMediaType: "text/csv",
              description: multipart.description,
            },
          },
        },
      },
    },
  };
}

export function buildOpenApi(routes: readonly OpenApiRoute[], serverUrl?: string): Record<string, unknown> {
  const schemas: Record<string, JsonSchema> = { ErrorBody: jsonSchema(ErrorBody) };
  const paths: Record<string, Record<string, unknown>> = {};

  for (const r of routes) {
    const path = r.url.replace(/:([A-Za-z_]+)/g, "{$1}");
    schemas[r.response.name] = jsonSchema(r.response.schema);
    const op: Record<string, unknown> = {
      operationId: r.operationId,
      summary: r.summary,
      tags: [r.tag],
      parameters: parametersOf(r),
      responses: responsesOf(r),
    };
    if (r.body) {
      schemas[r.body.name] = jsonSchema(r.body.schema);
      op.requestBody = {
        required: true,
        content: { "application/json": { schema: { $ref: `#/components/schemas/${r.body.name}` } } },
      };
    }
    if (r.multipart) op.requestBody = multipartBody(r.multipart);
    (paths[path] ??= {})[r.method.toLowerCase()] = op;
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Benefit Funding and Distribution API (ValePix sandbox)",
      version: "1.0.0",
      description:
        "Local sandbox of the API. Every money value is an integer number of cents. " +
        `Every path begins with ${API_PREFIX}. See docs/sandbox.md and docs/api-assumptions.md.`,
    },
    servers: [{ url: serverUrl ?? "/" }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
      schemas,
    },
  };
}
