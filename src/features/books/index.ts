// The books feature's public surface: the shell, the commands and the preview import only this.
import { lazy } from "react";

export { booksServices } from "./adapter";
export { booksErrorWords } from "./error-words";
export { refreshingLedgerPivot } from "./refreshing-pivot";
export { monthLabel } from "./month-label";
export type { BooksServices } from "./services";

/** The section, loaded on first use (its own chunk): the start bundle stays small. */
export const BooksSection = lazy(() => import("./BooksSection").then((m) => ({ default: m.BooksSection })));
