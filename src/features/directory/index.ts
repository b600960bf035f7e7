// The directory feature's public surface: other features, the shell, the commands and the preview import only this.
import { lazy } from "react";

export { dataServices } from "./adapter";
export { pullEmployees, pullProducts } from "./directory";
export { type DataServices } from "./services";

/** The screen, loaded on first use (its own chunk): it is rarely opened, and the start bundle stays small. */
export const DataScreen = lazy(() => import("./DataScreen").then((m) => ({ default: m.DataScreen })));
