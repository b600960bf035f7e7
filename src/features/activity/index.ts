// The activity feature's public surface: other features, the shell, the commands and the preview import only this.
import { lazy } from "react";

export { activityServices } from "./adapter";
export { type ActivityServices } from "./services";

/** The screen, loaded on first use (its own chunk): it is rarely opened, and the start bundle stays small. */
export const ActivityScreen = lazy(() =>
  import("./ActivityScreen").then((m) => ({ default: m.ActivityScreen })),
);
