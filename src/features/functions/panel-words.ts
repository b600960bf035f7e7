/** The VALEPIX functions panel's words (the pane's Data screen). pt-BR is the source; en-US is typed against it. */
import { defineWords } from "../../money";

export const FUNCTIONS_PANEL_WORDS = defineWords(
  {
    title: "Funções VALEPIX nas células",
    hint: "Escreva em qualquer célula: =VALEPIX.SALDO() para o saldo; =VALEPIX.TRANSACOES() para as transações (a lista se espalha pelas células ao lado e abaixo).",
    live: "Atualizar as funções a cada minuto",
    refresh: "Atualizar agora",
    refreshed: (p: { cells: string; questions: string }) =>
      `${p.cells} célula(s) atualizada(s) com ${p.questions} consulta(s) à API.`,
    nothingToRefresh: "Nenhuma célula desta pasta usa as funções VALEPIX ainda.",
    failed: (p: { failed: string }) => `${p.failed} consulta(s) falharam: veja o erro na célula.`,
    sheet: "Planilha de conciliação",
    sheetHint:
      "Monta uma planilha feita dessas funções: saldo agora, depósitos e distribuições do mês, a diferença a explicar, o histórico de pagamentos contra as transações e um gráfico por mês. Ela se atualiza sozinha.",
    sheetGo: "Montar planilha de conciliação",
    built: (p: { sheet: string }) => `Planilha "${p.sheet}" montada: ela se atualiza com as funções.`,
    rebuilt: (p: { sheet: string }) => `Planilha "${p.sheet}" montada de novo, no mesmo lugar.`,
    withLedger: (p: { count: string }) =>
      ` Histórico de pagamentos: ${p.count} distribuição(ões) conferida(s).`,
    noLedger:
      " Esta pasta ainda não tem histórico de pagamentos: ele começa na primeira distribuição finalizada.",
  },
  {
    title: "VALEPIX functions in cells",
    hint: "Type in any cell: =VALEPIX.BALANCE() for the balance; =VALEPIX.TRANSACTIONS() for the transactions (the list spills into the cells beside and below).",
    live: "Refresh the functions every minute",
    refresh: "Refresh now",
    refreshed: (p) => `${p.cells} cell(s) refreshed with ${p.questions} API call(s).`,
    nothingToRefresh: "No cell of this workbook uses the VALEPIX functions yet.",
    failed: (p) => `${p.failed} call(s) failed: see the error in the cell.`,
    sheet: "Reconciliation sheet",
    sheetHint:
      "Builds a sheet made of these functions: the balance now, the month's deposits and distributions, the difference to explain, the payment history against the transactions, and a chart per month. It keeps itself current.",
    sheetGo: "Build the reconciliation sheet",
    built: (p) => `Sheet "${p.sheet}" built: it updates with the functions.`,
    rebuilt: (p) => `Sheet "${p.sheet}" built again, in the same place.`,
    withLedger: (p) => ` Payment history: ${p.count} distribution(s) checked.`,
    noLedger: " This workbook has no payment history yet: it starts with the first finalized distribution.",
  },
);
