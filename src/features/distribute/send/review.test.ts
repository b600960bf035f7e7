import { paginate } from "../../../api/pagination";
import type { DistributionItem, Page } from "../../../api/schemas";
import { DraftComparison, type ItemsReader, readDraftItems } from "./review";

describe("readDraftItems with the review's comparison", () => {
  const items: DistributionItem[] = Array.from({ length: 6 }, (_, at) => ({
    employee_id: `emp_${at}`,
    values: [{ product_id: "prd_meal", value: 1_000 + at }],
  }));
  const desired = items.map((item) => ({
    employee_id: item.employee_id,
    values: new Map([["prd_meal", item.values[0]!.value]]),
  }));

  it("hands each page to the comparison, and starts it afresh when the list is read again", async () => {
    let calls = 0;
    // The first page comes in 4s, the next in 2s: the list changed, and is read from the start.
    const fetchPage = (query: { page: number; limit: number }): Promise<Page<DistributionItem>> => {
      const size = ++calls === 1 ? 4 : 2;
      const data = items.slice((query.page - 1) * size, query.page * size);
      return Promise.resolve({ data, page: query.page, limit: size });
    };
    const api = { listItems: () => paginate(fetchPage, { limit: 4 }) } as unknown as ItemsReader;
    const comparison = new DraftComparison(desired);
    const draft = await readDraftItems(api, "dst_1", undefined, comparison);
    expect(draft.items.map((item) => item.employee_id)).toEqual(items.map((item) => item.employee_id));
    expect(comparison.result(draft)).toMatchObject({
      matches: true,
      draft: { employees: 6, totalCents: 6_015 },
      mismatches: [],
    });
  });
});
