/**
 * For tests and benchmarks of the adapter without the API: a client that answers only the
 * directory reads a validation makes (employees, products, balance).
 */
import type { Employee, Product, ValePixClient } from "../../../api";

const list = <T>(items: readonly T[]): AsyncIterable<T> => ({
  [Symbol.asyncIterator]: () => {
    let i = 0;
    return {
      next: () =>
        Promise.resolve(
          i < items.length ? { value: items[i++]!, done: false } : { value: undefined, done: true },
        ),
    };
  },
});

export function directoryClient(
  employees: readonly Employee[],
  products: readonly Product[],
  availableCents = 100_000_000_000,
): () => Promise<ValePixClient> {
  const client = {
    employees: { list: () => list(employees) },
    products: { list: () => list(products) },
    balances: { get: () => Promise.resolve({ available_amount: availableCents }) },
  } as unknown as ValePixClient;
  return () => Promise.resolve(client);
}
