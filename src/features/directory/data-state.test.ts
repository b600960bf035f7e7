/** The Data screen's state without rendering: each action moves the state, and the filters sent follow it. */
import {
  type DataAction,
  dataReducer,
  employeeFilter,
  initialState,
  situationOptions,
  transactionFilter,
} from "./data-state";

const run = (actions: DataAction[]) => actions.reduce(dataReducer, initialState);

describe("data state", () => {
  it("pulls active employees until another situation, or all, is chosen", () => {
    expect(employeeFilter(initialState)).toEqual({ situation: "active" });
    expect(employeeFilter(run([{ type: "situationChosen", situation: "inactive" }]))).toEqual({
      situation: "inactive",
    });
    expect(employeeFilter(run([{ type: "situationChosen", situation: "" }]))).toEqual({});
  });

  it("offers the API's situations, or active alone when they could not be read", () => {
    expect(situationOptions(initialState)).toEqual([{ value: "active" }]);
    const situations = [
      { value: "active", label: "Ativo" },
      { value: "inactive", label: "Inativo" },
    ];
    expect(situationOptions(run([{ type: "situationsLoaded", situations }]))).toEqual(situations);
  });

  it("pulls every transaction type until one is chosen", () => {
    expect(transactionFilter(initialState)).toEqual({});
    expect(transactionFilter(run([{ type: "transactionTypeChosen", transactionType: "DEPOSIT" }]))).toEqual({
      type: "DEPOSIT",
    });
  });

  it("keeps the table picked for each action apart, and the last reconciliation", () => {
    const recon = {
      depositsCents: 1000,
      distributionsCents: 400,
      expectedCents: 600,
      balanceCents: 600,
      differenceCents: 0,
    };
    const s = run([
      { type: "registerTablePicked", table: "Pessoas" },
      { type: "benefitTablePicked", table: "Beneficios" },
      { type: "reconciled", recon },
    ]);
    expect(s).toMatchObject({ registerTable: "Pessoas", benefitTable: "Beneficios", recon });
  });
});
