/**
 * The Distribute screen's services, made up for component tests (no Office, no server), and the
 * steps every such test starts with.
 */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { makeIssue } from "../../../workbook";
import type { DistributeServices, ReviewView, ValidationView } from "../services";

const TABLE = {
  name: "Novembro",
  sheet: "Distribuição",
  header: ["CPF", "Refeição"],
  rowCount: 3,
  headerRow: 1,
  firstColumn: 0,
  hasTotalsRow: false,
};
const products = [
  { id: "p-ref", name: "Vale Refeição" },
  { id: "p-ali", name: "Vale Alimentação" },
];
const mapping = {
  header: ["CPF", "Refeição", "Alimentação"],
  columns: [
    { index: 0, header: "CPF", role: { role: "cpf" as const } },
    { index: 1, header: "Refeição", role: { role: "product" as const, product_id: "p-ref" } },
    { index: 2, header: "Alimentação", role: { role: "product" as const, product_id: "p-ali" } },
  ],
  products,
};
export const badCell = makeIssue(
  "amount_not_a_number",
  { input: "abc" },
  { row: 3, rowIndex: 1, column: "Refeição" },
);
const summary = (over: Partial<ValidationView["summary"]> = {}): ValidationView["summary"] => ({
  rowsRead: 3,
  rowsSkipped: 0,
  rowsValid: 2,
  rowsWithErrors: 0,
  employees: 2,
  perProduct: new Map([
    ["p-ref", 120_000],
    ["p-ali", 3_456],
  ]),
  grandTotalCents: 123_456,
  errors: 0,
  warnings: 0,
  availableBalanceCents: 100_000,
  shortfallCents: 23_456,
  ...over,
});
export const failing: ValidationView = {
  ok: false,
  issues: [badCell],
  summary: summary({ rowsWithErrors: 1, errors: 1 }),
};
export const passing: ValidationView = { ok: true, issues: [], summary: summary() };
export const matching: ReviewView = {
  matches: true,
  mismatches: [],
  sheetTotalCents: 123_456,
  draftTotalCents: 123_456,
  totalEmployees: 2,
  availableCents: 200_000,
  sincePrevious: {
    distributionId: "d-0",
    newEmployees: 1,
    droppedEmployees: 0,
    changedAmounts: 2,
    totalDeltaCents: 10_000,
  },
};

export function fake(over: Partial<DistributeServices> = {}, reviewed: ReviewView = matching) {
  const validations = [failing, passing];
  const services: DistributeServices = {
    modes: ["selected", "batch", "group"],
    listTables: jest.fn(() => Promise.resolve([TABLE])),
    createTemplate: jest.fn(() => Promise.resolve({ ...TABLE, name: "ValePix_Distribuicao" })),
    mapping: jest.fn(() => Promise.resolve(mapping)),
    saveMapping: jest.fn(() => Promise.resolve()),
    validate: jest.fn(() => Promise.resolve(validations.shift() ?? passing)),
    revalidate: jest.fn(() => Promise.resolve(passing)),
    watchTable: jest.fn(() => Promise.resolve(() => {})),
    inspectCell: jest.fn(() => Promise.resolve({ raw: "R$ 1.234,56", cents: 123_456 })),
    selectIssue: jest.fn(() => Promise.resolve()),
    benefits: jest.fn(() => Promise.resolve([{ id: "b-1", name: "Operacional" }])),
    send: jest.fn(() =>
      Promise.resolve({
        distributionId: "d-1",
        mode: "selected",
        created: true,
        calls: 5,
        totalEmployees: 2,
        totalCents: 123_456,
        review: reviewed,
      }),
    ),
    review: jest.fn(() => Promise.resolve(matching)),
    finalize: jest.fn(() =>
      Promise.resolve({
        distributionId: "d-1",
        status: "completed",
        totalEmployees: 2,
        totalCents: 123_456,
        finalizedNow: true,
      }),
    ),
    cancelCharge: jest.fn(() =>
      Promise.resolve({
        outcome: "cancelled" as const,
        charge: { transactionId: "tx-1", status: "CANCELLED" },
      }),
    ),
    checkFinalize: jest.fn(() =>
      Promise.resolve({ applied: false as const, checkedAt: "2026-11-21T12:00:00Z" }),
    ),
    ...over,
  };
  return services;
}

/** The send button once it is enabled (it is shown, disabled, until the table validates). */
export async function sendEnabled(name: string): Promise<HTMLElement> {
  const button = await screen.findByRole("button", { name });
  await waitFor(() => expect(button).toHaveProperty("disabled", false));
  return button;
}

export async function pickTable() {
  const select = await screen.findByLabelText("Tabela");
  await screen.findByRole("option", { name: "Novembro (Distribuição, 3)" });
  fireEvent.change(select, { target: { value: "Novembro" } });
  // Every column recognised: the mapping is folded into one line.
  await screen.findByTestId("mapping-folded");
}
