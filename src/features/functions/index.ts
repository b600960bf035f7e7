import { lazy } from "react";
// The functions feature's public surface: the shell, the commands and the preview import only this.
export { FunctionsRuntime, type StreamingCell } from "./adapter";
export { functionsServices } from "./pane-services";
export type { FunctionsServices } from "./services";
export const FunctionsPanel = lazy(() =>
  import("./FunctionsPanel").then((m) => ({ default: m.FunctionsPanel })),
);
