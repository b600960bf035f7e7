/**
 * What the ribbon commands say, in Brazilian Portuguese (the source) and English (typed against
 * it). Errors from the API and the workbook go through the pane's `messageFor`; these are the
 * commands' own outcomes and the decisions they hand to the pane.
 */
import { defineWords, type Widen } from "../money";

const ptBR = {
  busyTitle: "ValePix ainda está trabalhando",
  busy: "Outro comando do ValePix ainda está em andamento.",
  busyNext: "Aguarde ele terminar e tente de novo.",
  noWorkbookTitle: "Sem pasta de trabalho",
  noWorkbook: "Este comando precisa de uma pasta de trabalho do Excel aberta.",
  noTableTitle: "Qual tabela?",
  noTable: "Nenhuma tabela contém a célula selecionada.",
  noTableNext:
    "Selecione uma célula da tabela de distribuição e use o comando de novo, ou escolha a tabela no painel.",
  validTitle: (p: { table: string }) => `Tabela ${p.table} válida`,
  valid: (p: { rows: string; total: string }) => `${p.rows} linha(s) prontas para enviar, total ${p.total}.`,
  validNext: "Use Enviar para rascunho quando quiser.",
  invalidTitle: (p: { table: string }) => `A tabela ${p.table} tem problemas`,
  invalid: (p: { errors: string }) =>
    `${p.errors} problema(s) impedem o envio; cada linha mostra o seu na coluna de status. Nada foi enviado.`,
  invalidNext: "Corrija as células indicadas e valide de novo; o painel lista os problemas.",
  tableGoneTitle: "Tabela não encontrada",
  tableGone: (p: { table: string }) => `Não há tabela chamada ${p.table} nesta pasta de trabalho.`,
  sentTitle: (p: { id: string }) => `Rascunho ${p.id} pronto para revisão`,
  sent: (p: { employees: string; total: string }) => `${p.employees} colaborador(es), total ${p.total}.`,
  sentMismatch: "O rascunho difere da planilha em alguns itens: revise no painel antes de finalizar.",
  sentNext: "Revise e finalize no painel (a finalização movimenta dinheiro e é sempre confirmada).",
  doublePaymentTitle: "Esta planilha já foi paga",
  doublePayment: (p: { date: string; distribution: string; id: string }) =>
    `O mesmo conteúdo já foi pago em ${p.date} (${p.distribution}). Nada foi enviado. (id ${p.id})`,
  doublePaymentNext: "Se for um novo pagamento de propósito, confirme no painel.",
  noDistributionTitle: "Nenhuma distribuição ainda",
  noDistribution: "O registro desta pasta de trabalho não tem nenhuma distribuição para atualizar.",
  noDistributionNext: "Envie uma tabela para rascunho primeiro.",
  refreshedTitle: (p: { id: string }) => `Distribuição ${p.id}`,
  refreshed: (p: { state: string; employees: string; total: string }) =>
    `Situação: ${p.state}; ${p.employees} colaborador(es), total ${p.total}.`,
  refreshedRows: (p: { rows: string }) => `Status de ${p.rows} linha(s) atualizado na tabela.`,
  refreshedSheetChanged: "A tabela mudou desde o envio: as linhas não foram alteradas.",
  pulledTitle: "Transações trazidas",
  pulled: (p: { table: string; added: string; updated: string }) =>
    `Tabela ${p.table}: ${p.added} nova(s), ${p.updated} atualizada(s).`,
  pulledUnlinked: (p: { count: string }) =>
    `${p.count} débito(s) sem registro nesta pasta de trabalho (enviados de outro lugar).`,
  functionsRefreshedTitle: "Funções VALEPIX atualizadas",
  functionsRefreshed: (p: { cells: string; questions: string }) =>
    `${p.cells} célula(s) atualizada(s) com ${p.questions} consulta(s) à API.`,
  functionsFailed: (p: { failed: string }) =>
    `${p.failed} consulta(s) falharam: cada célula mostra o erro e o que fazer.`,
  noFunctionsTitle: "Nenhuma função VALEPIX em uso",
  noFunctions:
    "Escreva, por exemplo, =VALEPIX.SALDO() numa célula: as funções se atualizam a cada minuto, ou por este botão.",
  sheetBuiltTitle: (p: { sheet: string }) => `Planilha "${p.sheet}" montada`,
  bookedTitle: "Contabilização",
  booked: (p: { month: string; lines: string; total: string }) =>
    `${p.month}: ${p.lines} lançamentos em Lançamentos contábeis, débitos = créditos = ${p.total}, conferidos com o ValePix.`,
  nothingPaid: "Nenhum pagamento no histórico ainda: nada a contabilizar.",
  sheetBuilt:
    "Ela é feita das funções VALEPIX e se atualiza sozinha: saldo, depósitos e distribuições do mês, a diferença a explicar e o gráfico por mês.",
  sheetLedger: (p: { count: string }) =>
    `Histórico de pagamentos: ${p.count} distribuição(ões) conferida(s).`,
  sheetNoLedger:
    "Esta pasta ainda não tem histórico de pagamentos: ele começa na primeira distribuição finalizada.",
};

export type CommandMessages = Widen<typeof ptBR>;

const enUS: CommandMessages = {
  busyTitle: "ValePix is still working",
  busy: "Another ValePix command is still running.",
  busyNext: "Wait for it to finish, then try again.",
  noWorkbookTitle: "No workbook",
  noWorkbook: "This command needs an open Excel workbook.",
  noTableTitle: "Which table?",
  noTable: "No table holds the selected cell.",
  noTableNext:
    "Select a cell of the distribution table and use the command again, or pick the table in the pane.",
  validTitle: (p) => `Table ${p.table} is valid`,
  valid: (p) => `${p.rows} row(s) ready to send, total ${p.total}.`,
  validNext: "Use Send to draft when you are ready.",
  invalidTitle: (p) => `Table ${p.table} has problems`,
  invalid: (p) =>
    `${p.errors} problem(s) stop the send; each row shows its own in the status column. Nothing was sent.`,
  invalidNext: "Fix the cells shown and validate again; the pane lists the problems.",
  tableGoneTitle: "Table not found",
  tableGone: (p) => `There is no table named ${p.table} in this workbook.`,
  sentTitle: (p) => `Draft ${p.id} ready for review`,
  sent: (p) => `${p.employees} employee(s), total ${p.total}.`,
  sentMismatch: "The draft differs from the sheet in some items: review it in the pane before finalizing.",
  sentNext: "Review and finalize in the pane (finalizing moves money and is always confirmed).",
  doublePaymentTitle: "This sheet was already paid",
  doublePayment: (p) =>
    `The same content was already paid on ${p.date} (${p.distribution}). Nothing was sent. (id ${p.id})`,
  doublePaymentNext: "If this is a new payment on purpose, confirm it in the pane.",
  noDistributionTitle: "No distribution yet",
  noDistribution: "This workbook's log has no distribution to refresh.",
  noDistributionNext: "Send a table to draft first.",
  refreshedTitle: (p) => `Distribution ${p.id}`,
  refreshed: (p) => `State: ${p.state}; ${p.employees} employee(s), total ${p.total}.`,
  refreshedRows: (p) => `Status of ${p.rows} row(s) updated in the table.`,
  refreshedSheetChanged: "The table changed since it was sent: its rows were left as they are.",
  pulledTitle: "Transactions pulled",
  pulled: (p) => `Table ${p.table}: ${p.added} new, ${p.updated} updated.`,
  pulledUnlinked: (p) => `${p.count} debit(s) with no entry in this workbook (sent from elsewhere).`,
  functionsRefreshedTitle: "VALEPIX functions refreshed",
  functionsRefreshed: (p) => `${p.cells} cell(s) updated with ${p.questions} API call(s).`,
  functionsFailed: (p) => `${p.failed} call(s) failed: each cell shows the error and what to do.`,
  noFunctionsTitle: "No VALEPIX function in use",
  noFunctions:
    "Type, for example, =VALEPIX.BALANCE() into a cell: the functions refresh every minute, or with this button.",
  sheetBuiltTitle: (p) => `Sheet "${p.sheet}" built`,
  bookedTitle: "Bookkeeping",
  booked: (p) =>
    `${p.month}: ${p.lines} lines in the accounting entries, debits = credits = ${p.total}, checked with ValePix.`,
  nothingPaid: "No payment in the history yet: nothing to book.",
  sheetBuilt:
    "It is made of the VALEPIX functions and keeps itself current: balance, the month's deposits and distributions, the difference to explain and the chart per month.",
  sheetLedger: (p) => `Payment history: ${p.count} distribution(s) checked.`,
  sheetNoLedger: "This workbook has no payment history yet: it starts with the first finalized distribution.",
};

export const COMMAND_WORDS = defineWords(ptBR, enUS);
