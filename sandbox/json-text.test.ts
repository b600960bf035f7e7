import { JsonText } from "./json-text";

describe("JsonText.page", () => {
  const items = ['{"employee_id":"emp_1","values":[]}', '{"employee_id":"emp_2","values":[{"a":"\\"}"}]}'];

  it("is the page the same items and fields would serialize to", () => {
    const fields = { page: 2, limit: 2, total: 3, status: "draft" };
    const page = JsonText.page(items, fields);
    expect(JSON.parse(page.text)).toEqual({ data: items.map((item) => JSON.parse(item)), ...fields });
  });

  it("holds an empty list, and a page without other fields", () => {
    expect(JSON.parse(JsonText.page([], { total: 0 }).text)).toEqual({ data: [], total: 0 });
    expect(JSON.parse(JsonText.page(items, {}).text)).toEqual({
      data: items.map((item) => JSON.parse(item)),
    });
  });
});
