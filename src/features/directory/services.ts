/** What the Data screen needs (its port); ./adapter.ts implements it with this feature's workflows. */
import type { Situation } from "../../api";
import type { Run } from "../../api/progress";
import type { TableInfo } from "../../workbook";
import type { ReconciliationView } from "../reconciliation";
import type { RowProblem } from "./row-problems";

export interface PullOutcome {
  table: string;
  added: number;
  updated: number;
}

export type DirectoryKind = "employees" | "products" | "benefits";

export interface DataServices {
  listTables(): Promise<TableInfo[]>;
  situations(signal: AbortSignal): Promise<Situation[]>;
  pull(kind: DirectoryKind, filter: { situation?: string }, run: Run): Promise<PullOutcome>;
  /** Registers the table's new employees; each row gets its status in the table. */
  registerEmployees(
    table: string,
    run: Run,
  ): Promise<{
    created: number;
    alreadyRegistered: number;
    errors: number;
    notSent: number;
    problems: RowProblem[];
  }>;
  /** Creates or updates the benefits a table describes (one row per benefit, a column per product). */
  saveBenefits(
    table: string,
    run: Run,
  ): Promise<{ created: number; updated: number; unchanged: number; errors: number; problems: RowProblem[] }>;
  /** Optional: a host without them hides these sections. */
  pullTransactions?: (filter: { type?: string }, run: Run) => Promise<PullOutcome>;
  reconcile?: (run: Run) => Promise<ReconciliationView>;
}
