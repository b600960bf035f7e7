/**
 * The sandbox's domain on SQLite, one aggregate per file: companies and tokens, employees,
 * products and benefits, deposits (with the balance and transactions), distributions (drafts
 * and items), finalize, and settlement. HTTP-agnostic: routes.ts validates requests with the
 * zod schemas of src/api and calls the aggregates with a company id taken from the token.
 *
 * Time never advances by itself here: every request first settles its company (settlement.ts).
 */
import type { Db } from "../db";
import { Benefits } from "./benefits";
import { Charges } from "./charges";
import { Companies } from "./companies";
import type { StoreOptions } from "./context";
import { Deposits } from "./deposits";
import { Distributions } from "./distributions";
import { Employees } from "./employees";
import { Finalize } from "./finalize";
import { Settlement } from "./settlement";
import { Tokens } from "./tokens";

export type { Clock, StoreOptions } from "./context";
export { COMPANY_ID } from "./companies";
export type { FinalizeRequest } from "./finalize";
export class Store {
  readonly db: Db;
  readonly companies: Companies;
  readonly tokens: Tokens;
  readonly benefits: Benefits;
  readonly employees: Employees;
  readonly deposits: Deposits;
  readonly distributions: Distributions;
  readonly finalize: Finalize;
  readonly settlement: Settlement;

  constructor(options: StoreOptions) {
    const ctx = Object.freeze({ ...options });
    this.db = ctx.db;
    this.companies = new Companies(ctx);
    this.tokens = new Tokens(ctx, this.companies);
    this.benefits = new Benefits(ctx);
    this.employees = new Employees(ctx, this.benefits);
    const charges = new Charges(ctx);
    this.settlement = new Settlement(ctx, charges);
    this.deposits = new Deposits(ctx, charges, this.settlement);
    this.distributions = new Distributions(ctx, this.benefits);
    this.finalize = new Finalize(ctx, this.distributions, charges);
  }
}
