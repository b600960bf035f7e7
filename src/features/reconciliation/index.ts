// The reconciliation feature's public surface: other features, the shell, the commands and the preview import only this.
export { pullTransactions, reconcile } from "./reconciliation";
export { type ReconciliationView } from "./services";
