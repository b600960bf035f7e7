/**
 * The typed message map: pt-BR (./pt-BR.ts) is the source; `Messages` is its shape with the
 * literal strings widened, so en-US (./en-US.ts) must have exactly the same keys and the same
 * parameters for every function. Components read strings through `useMessages()`.
 */
import type { Locale, Widen } from "../../money";
import type { ptBR } from "./pt-BR";

export type Messages = Widen<typeof ptBR>;
export type { Locale };
