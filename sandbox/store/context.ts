/**
 * What every aggregate of the store shares: the database, the injected clock, the timing
 * options, id and time formats, paging, and the ownership rule of the API document's
 * "Authentication" §4 (another company's resource is a 403, an unknown one a 404).
 */
import { randomBytes } from "node:crypto";
import type { PageQuery } from "../../src/api/schemas";
import type { Db } from "../db";
import { forbidden, notFound } from "../errors";
import type { CountRow } from "./rows";

export type Clock = () => number;

export interface StoreOptions {
  db: Db;
  now: Clock;
  /** Time a PIX/BOLETO charge takes to be paid (or to fail/expire). */
  pixDelayMs: number;
  /** Time a lot takes to complete once it is funded. */
  lotDelayMs: number;
  /** Employees seeded into each new company. */
  seedEmployees: number;
}

/** The store's options; the aggregates take it whole. */
export type StoreContext = Readonly<StoreOptions>;

export const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
export const iso = (ms: number) => new Date(ms).toISOString();

export const pageMeta = (q: PageQuery, total: number) => ({ page: q.page, limit: q.limit, total });
export const offset = (q: PageQuery) => (q.page - 1) * q.limit;

/** Rows grouped by a key, each group in the rows' order (a page's conventions, its items' values). */
export function groupBy<Row, Value>(
  rows: readonly Row[],
  key: (row: Row) => string,
  value: (row: Row) => Value,
): Map<string, Value[]> {
  const groups = new Map<string, Value[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(value(row));
    else groups.set(key(row), [value(row)]);
  }
  return groups;
}

/**
 * One page of a table read in `seq` order: `SELECT <columns> FROM <table> WHERE <where>`, the
 * page's `limit` rows from its offset. The offset is found in the index alone (the `seq` it lands
 * on), then the page is read from there: `LIMIT … OFFSET …` over the rows themselves makes SQLite
 * read, and join, every row it skips, so that page 50 of a 50,000-row list cost fifty pages.
 * `where` must name an index that ends in `seq` (db.ts), as the lists' indexes do.
 */
export function pageInSeqOrder<Row>(
  ctx: StoreContext,
  q: PageQuery,
  list: { table: string; where: string; args: readonly unknown[]; columns?: string; join?: string },
): Row[] {
  const { table, where, args, columns = "*", join = "" } = list;
  const sql =
    `SELECT ${columns} FROM ${table} ${join} WHERE ${where} AND ${table}.seq >= ` +
    `(SELECT seq FROM ${table} WHERE ${where} ORDER BY seq LIMIT 1 OFFSET ?) ORDER BY ${table}.seq LIMIT ?`;
  return ctx.db.prepare<unknown[], Row>(sql).all(...args, ...args, offset(q), q.limit);
}

/** The tables whose rows belong to a company and are named by an id in a path. */
export type OwnedTable = "deposits" | "distributions" | "benefits" | "employees";

/** 404 when the id is unknown, 403 when it belongs to another company ("Authentication" §4). */
export function assertOwned(
  ctx: StoreContext,
  table: OwnedTable,
  id: string,
  companyId: string,
  what: string,
): void {
  const row = ctx.db
    .prepare<[string], { company_id: string }>(`SELECT company_id FROM ${table} WHERE id = ?`)
    .get(id);
  if (!row) throw notFound(what, id);
  if (row.company_id !== companyId) throw forbidden(what);
}

/** `SELECT COUNT(*) AS n ...` with its arguments. */
export function count(ctx: StoreContext, sql: string, ...args: unknown[]): number {
  return ctx.db.prepare<unknown[], CountRow>(sql).get(...args)?.n ?? 0;
}
