/**
 * The languages the add-in speaks: one type for money (which separator is the thousands one in
 * "1.234"), the message catalogue (src/workbook) and the task pane. It lives in the lowest layer
 * so that every other layer can import it.
 */
export type Locale = "pt-BR" | "en-US";

export const LOCALES: readonly Locale[] = ["pt-BR", "en-US"];

/** The shape of a word table with its literal strings widened: what the other language must match. */
export type Widen<T> = {
  [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => string
      : Widen<T[K]>;
};

/** Words in both languages, for one part of the add-in (the one catalogue type of docs/architecture.md §1). */
export type Words<T> = Readonly<Record<Locale, Widen<T>>>;

/**
 * Words in both languages, kept beside the code that uses them: pt-BR is the source, and en-US
 * must have exactly its keys, and the same parameters for every function (a type error otherwise).
 */
export function defineWords<const T extends object>(ptBR: T, enUS: Widen<T>): Words<T> {
  const words: Words<T> = { "pt-BR": ptBR as Widen<T>, "en-US": enUS };
  DEFINED.push(words);
  return words;
}

const DEFINED: Words<object>[] = [];

/** Every word table defined so far (by the modules loaded): the test of both languages reads them all. */
export function definedWords(): readonly Words<object>[] {
  return DEFINED;
}

/**
 * A table of labels looked up by a code the API sends (a state, a method): read with any string,
 * so a code we have no label for falls back to the code itself at the caller.
 */
export function labelsByCode(table: Record<string, string>): Record<string, string> {
  return table;
}
