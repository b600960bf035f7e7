/**
 * The few names the pane's start needs of the books (the rest of their words load with the
 * section, ./words.ts): the section's title, for its errors, and where the ledger's PivotTable is,
 * for the refresh as the ledger grows. pt-BR is the source; en-US is typed against it.
 */
import { defineWords } from "../../money";

export const BOOKS_NAMES = defineWords(
  {
    title: "Contabilização",
    pivotSheet: "Resumo por centro de custo",
    pivotName: "ValePix_Resumo",
    pivotChart: "ValePix_Resumo_Grafico",
  },
  {
    title: "Bookkeeping",
    pivotSheet: "Cost centre summary",
    pivotName: "ValePix_Summary",
    pivotChart: "ValePix_Summary_Chart",
  },
);
