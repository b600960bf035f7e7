/** Small valid records of every resource, for client tests. */
import { type ClientOptions, createClient } from "../client";
import { FakeFetch, fakeClock } from "./fake-fetch";

const BASE = "https://api.example.com";
export const API_PATH = "/api/v1/valepix";
export const TOKEN = "vp_test_7Hq2ZkT9wX4mNc8R";

export const employee = (id = "e1", extra: object = {}) => ({
  employee_id: id,
  name: `Employee ${id}`,
  situation: "active",
  ...extra,
});
export const product = (id = "p1") => ({ id, name: `Product ${id}` });
export const benefit = (id = "b1") => ({
  id,
  name: `Benefit ${id}`,
  items: [{ product_id: "p1", monthly_amount: 12_345 }],
});
export const deposit = (transaction_id: string, status = "PENDING") => ({
  transaction_id,
  status,
  amount: 150_000,
  method: "PIX",
});
export const totals = (distribution_id = "d1", total_employees = 0, total_amount = 0, status = "draft") => ({
  distribution_id,
  status,
  total_employees,
  total_amount,
});
export const distribution = (distribution_id = "d1", status = "draft") => ({
  ...totals(distribution_id, 2, 5_000, status),
  type: "selected",
});
export const item = (employee_id: string, value = 0) => ({
  employee_id,
  values: [{ product_id: "p1", value }],
});
export const transaction = (id: string) => ({ id, type: "DEPOSIT", amount: 10_000 });

/** A client over a FakeFetch and a fake clock; `random` fixed at 0.5 unless overridden. */
export function setup(extra: Partial<ClientOptions> = {}) {
  const fake = new FakeFetch();
  const clock = fakeClock();
  const client = createClient({
    baseUrl: `${BASE}/`,
    token: TOKEN,
    fetch: fake.fetch,
    sleep: clock.sleep,
    now: clock.now,
    random: () => 0.5,
    ...extra,
  });
  return { fake, clock, client };
}
