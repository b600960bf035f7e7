/**
 * The distribute feature's words: the Distribute screen, its panels and the errors of a send, a
 * review and a finalize, in both languages. pt-BR is the source (./words.pt-BR.ts); en-US is typed
 * against it (./words.en-US.ts).
 */
import { defineWords } from "../../money";
import { DISTRIBUTE_EN_US } from "./words.en-US";
import { DISTRIBUTE_PT_BR } from "./words.pt-BR";

export const DISTRIBUTE_WORDS = defineWords(DISTRIBUTE_PT_BR, DISTRIBUTE_EN_US);
