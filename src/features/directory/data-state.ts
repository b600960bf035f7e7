/**
 * The Data screen's state as data: the filters of the pulls, the table picked for each action
 * (the tables themselves come from the shared `useTables`), and the last reconciliation; a pure reducer (tested without rendering in
 * ./data-state.test.ts). ./useData.ts runs the services and dispatches; ./DataScreen.tsx draws it.
 */
import type { Situation } from "../../api";
import type { ReconciliationView } from "../reconciliation";

export interface DataState {
  /** The situations the API knows (empty until read, or when it could not be). */
  situations: Situation[];
  /** The employees pull's filter: a situation, or "" for all. */
  situation: string;
  /** The transactions pull's filter: a type, or "" for all. */
  transactionType: string;
  registerTable: string;
  benefitTable: string;
  recon: ReconciliationView | undefined;
}

export const initialState: DataState = {
  situations: [],
  situation: "active",
  transactionType: "",
  registerTable: "",
  benefitTable: "",
  recon: undefined,
};

export type DataAction =
  | { type: "situationsLoaded"; situations: Situation[] }
  | { type: "situationChosen"; situation: string }
  | { type: "transactionTypeChosen"; transactionType: string }
  | { type: "registerTablePicked"; table: string }
  | { type: "benefitTablePicked"; table: string }
  | { type: "reconciled"; recon: ReconciliationView };

export function dataReducer(state: DataState, action: DataAction): DataState {
  switch (action.type) {
    case "situationsLoaded":
      return { ...state, situations: action.situations };
    case "situationChosen":
      return { ...state, situation: action.situation };
    case "transactionTypeChosen":
      return { ...state, transactionType: action.transactionType };
    case "registerTablePicked":
      return { ...state, registerTable: action.table };
    case "benefitTablePicked":
      return { ...state, benefitTable: action.table };
    case "reconciled":
      return { ...state, recon: action.recon };
  }
}

/** The situation filter's choices: the API's list, or "active" (the document's value) without it. */
export function situationOptions({ situations }: DataState): Situation[] {
  return situations.length > 0 ? situations : [{ value: "active" }];
}

/** The filter sent with the employees pull (none for "all"). */
export function employeeFilter({ situation }: DataState): { situation?: string } {
  return situation !== "" ? { situation } : {};
}

/** The filter sent with the transactions pull (none for "all"). */
export function transactionFilter({ transactionType }: DataState): { type?: string } {
  return transactionType ? { type: transactionType } : {};
}
