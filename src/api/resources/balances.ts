/** The available balance, in cents (document, "Endpoints": `GET /balances`). */
import { paths } from "../routes";
import { Balance } from "../schemas";
import type { Context, RequestOptions } from "./context";

export function balancesResource(ctx: Context) {
  return {
    get: (opts?: RequestOptions): Promise<Balance> => ctx.read(paths.balances(), Balance, opts),
  };
}
