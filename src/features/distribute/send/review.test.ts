import { paginate } from "../../../api/pagination";
import type { DistributionItem, Page } from "../../../api/schemas";
import { type ItemsReader, compareWithSheet, readDraftItems } from "./review";

describe("readDraftItems", () => {
  const items: DistributionItem[] = Array.from({ length: 6 }, (_, at) => ({
    employee_id: `emp_${at}`,
    values: [{ product_id: "prd_meal", value: 1_000 + at }],
  }));
  const desired = items.map((item) => ({
    employee_id: item.employee_id,
    values: new Map([["prd_meal", item.values[0]!.value]]),
  }));

  it("drops what it kept when the list is read again from its start, and the review agrees", async () => {
    let calls = 0;
    // The first page comes in 4s, the next in 2s: the list changed, and is read from the start.
    const fetchPage = (query: { page: number; limit: number }): Promise<Page<DistributionItem>> => {
      const size = ++calls === 1 ? 4 : 2;
      const data = items.slice((query.page - 1) * size, query.page * size);
      return Promise.resolve({ data, page: query.page, limit: size });
    };
    const api = { listItems: () => paginate(fetchPage, { limit: 4 }) } as unknown as ItemsReader;
    const draft = await readDraftItems(api, "dst_1", undefined);
    expect(draft.items.map((item) => item.employee_id)).toEqual(items.map((item) => item.employee_id));
    expect(compareWithSheet(desired, draft)).toMatchObject({
      matches: true,
      draft: { employees: 6, totalCents: 6_015 },
      mismatches: [],
    });
  });
});
