/**
 * Benefits, the conventions of group mode (document, "Benefit body (creation)"; "Endpoints":
 * `POST` and `GET /benefits`). The list is not shown as paged: a page or a bare array. Updating
 * (path not shown: `PUT /benefits/{benefit_id}`) follows rule 4: after an ambiguous failure the
 * list is read, and the PUT repeated only if the benefit does not show the update yet.
 */
import { paginate, type PageIterator } from "../pagination";
import { readBeforeRepeat, sameBenefit } from "../recovery";
import { paths } from "../routes";
import {
  Benefit,
  type BenefitCreate,
  BenefitCreated,
  type BenefitUpdate,
  listOf,
  type Page,
} from "../schemas";
import { type Context, type ListParams, pageQuery, type RequestOptions } from "./context";

const BenefitList = listOf(Benefit);

export function benefitsResource(ctx: Context) {
  const page = (q: ListParams, opts?: RequestOptions): Promise<Page<Benefit>> =>
    ctx.read(paths.benefits(), BenefitList, opts, pageQuery(q));
  const list = (query: ListParams = {}, opts?: RequestOptions): PageIterator<Benefit> =>
    paginate<Benefit>((q) => page(q, opts), query);

  async function find(benefitId: string, opts?: RequestOptions): Promise<Benefit | undefined> {
    // A list read again from the start (it changed while read) only means looking again.
    for await (const page of list({}, opts).pages({ onRestart: () => undefined }))
      for (const benefit of page.data) if (benefit.id === benefitId) return benefit;
    return undefined;
  }

  return {
    create: (body: BenefitCreate, opts?: RequestOptions): Promise<BenefitCreated> =>
      ctx.change("POST", paths.benefits(), BenefitCreated, opts, { json: body }),
    list,
    listPage: (query: ListParams = {}, opts?: RequestOptions): Promise<Page<Benefit>> => page(query, opts),
    update: async (benefitId: string, body: BenefitUpdate, opts?: RequestOptions): Promise<Benefit> => {
      const path = paths.benefit(benefitId);
      return readBeforeRepeat(ctx.edge, {
        send: () => ctx.change("PUT", path, Benefit, opts, { json: body }),
        check: async () => {
          const found = await find(benefitId, opts);
          return found && sameBenefit(found, body) ? found : undefined;
        },
        signal: opts?.signal,
      });
    },
  };
}
