/**
 * The route table: every endpoint of the API document's "Endpoints" table (plus the paths it
 * leaves "not shown", as docs/api-assumptions.md chooses), each with the zod schemas of
 * src/api it validates with and answers by. server.ts registers exactly these routes, and
 * openapi.ts documents exactly these, so the server and its OpenAPI cannot drift apart.
 */
import { directoryRoutes } from "./routes-directory";
import { moneyRoutes } from "./routes-money";
import type { RouteSpec } from "./route-kit";
import type { Store } from "./store";

export function routes(store: Store): RouteSpec[] {
  return [...directoryRoutes(store), ...moneyRoutes(store)];
}
