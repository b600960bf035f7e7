/** What the Activity screen needs (its port); ./adapter.ts implements it over the run log. */

export interface RunLogView {
  at: string;
  table: string;
  mode: string;
  distributionId?: string;
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
