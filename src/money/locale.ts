/**
 * The languages the add-in speaks: one type for money (which separator is the thousands one in
 * "1.234"), the message catalogue (src/workbook) and the task pane. It lives in the lowest layer
 * so that every other layer can import it.
 */
export type Locale = "pt-BR" | "en-US";

export const LOCALES: readonly Locale[] = ["pt-BR", "en-US"];
