/** What reconciliation shows: the balance the API reports against what this workbook explains. */
export interface ReconciliationView {
  depositsCents: number;
  /** Paid distributions, as a positive sum. */
  distributionsCents: number;
  expectedCents: number;
  balanceCents: number;
  differenceCents: number;
  /** Debits with no entry in this workbook's run log; absent while the run log is not read. */
  unlinkedDebits?: number;
}
