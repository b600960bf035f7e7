// The fund feature's public surface: other features, the shell, the commands and the preview import only this.
import { lazy } from "react";

export { fundServices } from "./adapter";
export { ChargePanel } from "./ChargePanel";
export { cancelCharge, type CancelOutcome } from "./cancel-charge";
export { type Charge, followCharge, FundingInputError, startDeposit } from "./charges";
export { fund } from "./fund";
export { validPayerDocument } from "./payer";
export { type FundServices } from "./services";
export { fundErrorWords } from "./error-words";
export { FUND_WORDS } from "./words";

/** The screen, loaded on first use (its own chunk); the charge panel Distribute shows stays in the start bundle. */
export const FundScreen = lazy(() => import("./FundScreen").then((m) => ({ default: m.FundScreen })));
