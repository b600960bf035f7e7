// What users do (DESIGN §1 src/workflows): the task pane and the ribbon commands call only these.
export type { Progress, OnProgress } from "./progress";
export {
  type Payer,
  type Charge,
  type ChargeOutcome,
  type Shortfall,
  type DepositRequest,
  type FundingTarget,
  type FundingResult,
  type FundingOptions,
  type FollowOptions,
  type CancelOutcome,
  FundingInputError,
  newTransactionId,
  shortfallCents,
  readShortfall,
  startDeposit,
  followCharge,
  followFinalizeCharge,
  cancelCharge,
  fund,
} from "./funding";
export {
  type ActualItem,
  type DesiredItem,
  type ItemPlan,
  type PlannedCall,
  type PlanOptions,
  desiredItems,
  lowerBound,
  planItems,
} from "./plan";
