/**
 * The items of a draft: add, remove, set values, review (document, "Distribution item bodies";
 * rule 1: only while `draft`). Every change follows rule 4 through `readBeforeRepeat`: after a
 * 5xx, 408, timeout or lost connection the draft's items are read (every page) and the change is
 * repeated only where it is not there yet; when it is, the answer is the distribution's totals.
 *
 * - add/remove: re-send only the `employee_ids` whose change is not visible.
 * - value for all / for one employee: repeat the PUT only if the items do not show the value.
 */
import { paginate, type PageIterator } from "../pagination";
import { missingItemChanges, readBeforeRepeat, valueIsSet } from "../recovery";
import { paths } from "../routes";
import {
  type DistributionItem,
  DistributionItemPage,
  DistributionTotals,
  MAX_EMPLOYEE_IDS_PER_CALL,
  type SetEmployeeValue,
  type SetValueForAll,
} from "../schemas";
import type { Context, ListParams, RequestOptions } from "./context";
import { type GetDistribution, totalsOf } from "./distributions";
import { pullAll } from "../pull-all";
import { inChunks } from "../in-chunks";

/** The reads of a draft's items: one page, every page in turn, and every item at once. */
function itemReads(ctx: Context) {
  const listItemsPage = async (
    id: string,
    query: ListParams = {},
    opts?: RequestOptions,
  ): Promise<DistributionItemPage> =>
    ctx.read(paths.items(id), DistributionItemPage, opts, { page: query.page, limit: query.limit });

  const listItems = (
    id: string,
    query: ListParams = {},
    opts?: RequestOptions,
  ): PageIterator<DistributionItem, DistributionItemPage> =>
    paginate<DistributionItem, DistributionItemPage>((q) => listItemsPage(id, q, opts), query);

  /** Every item of a draft (read again from the start if the list changed meanwhile). */
  const allItems = (id: string, opts?: RequestOptions): Promise<DistributionItem[]> =>
    pullAll(listItems(id, {}, opts), "items");

  return { listItemsPage, listItems, allItems };
}

export function distributionItemsResource(ctx: Context, get: GetDistribution) {
  const { listItemsPage, listItems, allItems } = itemReads(ctx);

  /** One chunk of `employee_ids` to add or remove, read before repeated. */
  async function changeChunk(id: string, ids: string[], kind: "add" | "remove", opts?: RequestOptions) {
    const path = kind === "add" ? paths.items(id) : paths.itemsRemove(id);
    let pending = ids;
    return readBeforeRepeat(ctx.edge, {
      send: () => ctx.change("POST", path, DistributionTotals, opts, { json: { employee_ids: pending } }),
      check: async () => {
        const present = new Set((await allItems(id, opts)).map((i) => i.employee_id));
        pending = missingItemChanges(kind, pending, present);
        return pending.length === 0 ? totalsOf(await get(id, opts)) : undefined;
      },
      signal: opts?.signal,
    });
  }

  async function changeItems(
    id: string,
    employeeIds: string[],
    kind: "add" | "remove",
    opts?: RequestOptions,
  ): Promise<DistributionTotals> {
    // Duplicates are dropped: one employee is one item, and it spares calls.
    const unique = [...new Set(employeeIds)];
    if (unique.length === 0) return totalsOf(await get(id, opts));
    let last: DistributionTotals | undefined;
    for (const part of inChunks(unique, MAX_EMPLOYEE_IDS_PER_CALL))
      last = await changeChunk(id, part, kind, opts);
    return last as DistributionTotals;
  }

  /** A value PUT, read before repeated: the items must show the value, else it is sent again. */
  async function setValue(
    id: string,
    body: SetValueForAll,
    employeeId: string | undefined,
    opts?: RequestOptions,
  ): Promise<DistributionTotals> {
    const path = employeeId === undefined ? paths.itemsValue(id) : paths.employeeValue(id, employeeId);
    return readBeforeRepeat(ctx.edge, {
      send: () => ctx.change("PUT", path, DistributionTotals, opts, { json: body }),
      check: async () =>
        valueIsSet(await allItems(id, opts), { ...body, employeeId })
          ? totalsOf(await get(id, opts))
          : undefined,
      signal: opts?.signal,
    });
  }

  return {
    addItems: (id: string, employeeIds: string[], opts?: RequestOptions): Promise<DistributionTotals> =>
      changeItems(id, employeeIds, "add", opts),
    /** Path not shown: `POST .../items/remove` with `{ employee_ids }`. */
    removeItems: (id: string, employeeIds: string[], opts?: RequestOptions): Promise<DistributionTotals> =>
      changeItems(id, employeeIds, "remove", opts),
    setValueForAll: (id: string, body: SetValueForAll, opts?: RequestOptions): Promise<DistributionTotals> =>
      setValue(id, body, undefined, opts),
    /** Body not shown: `{ product_id, value }`, as for all items. */
    setEmployeeValue: (
      id: string,
      employeeId: string,
      body: SetEmployeeValue,
      opts?: RequestOptions,
    ): Promise<DistributionTotals> => setValue(id, body, employeeId, opts),
    listItems,
    listItemsPage,
  };
}
