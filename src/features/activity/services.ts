/** What the Activity screen needs (its port); ./adapter.ts implements it over the run log. */

export interface RunLogView {
  at: string;
  table: string;
  mode: string;
  /** Absent for an `interrupted` entry: its draft was never recorded. */
  distributionId?: string;
  /**
   * The distribution's state (`draft`, `processing`, `completed`, `failed`, `unknown`), or
   * `interrupted`: a send that stopped after asking for a draft and before recording it.
   */
  state: string;
  totalEmployees?: number;
  totalCents?: number;
  paymentMethod?: string;
  lotId?: string;
  transactionId?: string;
}

export interface ActivityServices {
  /** The latest entry of each distribution, newest first. */
  runLog(): Promise<RunLogView[]>;
  goToTable(table: string): Promise<void>;
  distribution(
    distributionId: string,
    signal: AbortSignal,
  ): Promise<{ status: string; totalEmployees: number; totalCents: number }>;
}
