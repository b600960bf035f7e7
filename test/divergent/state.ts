/**
 * The data of the divergent test server (see `server.ts`): employees, products, benefits,
 * deposits, distributions and their items, in memory. Shapes here are the server's choices where
 * the API document is silent, on purpose different from our sandbox's: `state` instead of
 * `status`, `null` for absent optional fields, minimal mutation answers, transactions named by
 * `transaction_id` only.
 */
export interface Item {
  employee_id: string;
  values: Map<string, number>;
}
export interface DistributionState {
  id: string;
  state: "draft" | "processing" | "completed";
  items: Map<string, Item>;
}
export interface DepositState {
  transaction_id: string;
  state: string;
  amount: number;
  name: string;
  document: string;
}

export class DivergentState {
  readonly employees = Array.from({ length: 45 }, (_, i) => ({
    employee_id: `emp-${String(i + 1).padStart(3, "0")}`,
    name: `Pessoa ${i + 1}`,
    cpf: null as string | null,
    email: i % 2 === 0 ? `p${i + 1}@example.com` : null,
    situation: i % 9 === 8 ? "inactive" : "active",
  }));
  readonly products = Array.from({ length: 23 }, (_, i) => ({
    id: `prd-${i + 1}`,
    name: `Produto ${i + 1}`,
    code: null,
  }));
  readonly benefits = new Map<
    string,
    { id: string; name: string; description: string | null; items: unknown[] }
  >([["ben-0", { id: "ben-0", name: "Padrão", description: null, items: [] }]]);
  readonly deposits = new Map<string, DepositState>();
  readonly distributions = new Map<string, DistributionState>();
  balance = 0;
  private seq = 0;

  nextId(prefix: string): string {
    this.seq += 1;
    return `${prefix}-${this.seq}`;
  }

  totals(d: DistributionState) {
    let amount = 0;
    for (const item of d.items.values()) for (const v of item.values.values()) amount += v;
    return { total_employees: d.items.size, total_amount: amount };
  }

  itemJson(item: Item) {
    return {
      employee_id: item.employee_id,
      employee_name: null,
      values: [...item.values].map(([product_id, value]) => ({ product_id, value })),
    };
  }

  depositJson(d: DepositState) {
    return {
      transaction_id: d.transaction_id,
      state: d.state,
      amount: d.amount,
      name: d.name,
      document: d.document,
      pix_copy_paste: null,
      expires_at: null,
    };
  }

  distributionJson(d: DistributionState) {
    return {
      distribution_id: d.id,
      state: d.state,
      ...this.totals(d),
      type: null,
      lot:
        d.state === "draft"
          ? null
          : { lot_id: null, state: d.state === "processing" ? "PENDING" : "COMPLETED" },
    };
  }

  /** Transactions named by `transaction_id` only (no `id`), optional fields null. */
  transactions() {
    return [...this.deposits.values()].map((d) => ({
      transaction_id: d.transaction_id,
      type: "DEPOSIT",
      amount: d.amount,
      status: d.state,
      distribution_id: null,
    }));
  }
}
