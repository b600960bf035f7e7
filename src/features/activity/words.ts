/** The activity feature's words: the run log, newest first. pt-BR is the source; en-US is typed against it. */
import { defineWords, labelsByCode } from "../../money";

export const ACTIVITY_WORDS = defineWords(
  {
    title: "Atividade",
    empty: "Nenhuma distribuição registrada nesta pasta de trabalho ainda.",
    entry: (p: { when: string; table: string }) => `${p.when}, tabela ${p.table}`,
    mode: "Modo",
    modes: labelsByCode({ selected: "Tabela", batch: "Lote (todos os ativos)", group: "Grupo (benefícios)" }),
    state: "Estado",
    total: "Total",
    method: "Pagamento",
    distribution: "Distribuição",
    goToTable: (p: { table: string }) => `Ir para a tabela ${p.table}`,
    checkDistribution: (p: { id: string }) => `Ver o estado atual da distribuição ${p.id}`,
    current: (p: { status: string; employees: string; total: string }) =>
      `Agora: ${p.status}, ${p.employees} colaborador(es), ${p.total}.`,
    interrupted: "envio interrompido",
    interruptedExplain:
      "O envio parou depois de pedir um rascunho ao ValePix e antes de registrá-lo nesta pasta. " +
      "Nada foi pago. Um rascunho sem registro pode ter ficado no ValePix: não o finalize por fora. " +
      "Para continuar, envie a tabela de novo.",
  },
  {
    title: "Activity",
    empty: "No distribution recorded in this workbook yet.",
    entry: (p) => `${p.when}, table ${p.table}`,
    mode: "Mode",
    modes: { selected: "Table", batch: "Batch (all active)", group: "Group (benefits)" },
    state: "State",
    total: "Total",
    method: "Payment",
    distribution: "Distribution",
    goToTable: (p) => `Go to table ${p.table}`,
    checkDistribution: (p) => `Check distribution ${p.id}'s current state`,
    current: (p) => `Now: ${p.status}, ${p.employees} employee(s), ${p.total}.`,
    interrupted: "sending interrupted",
    interruptedExplain:
      "Sending stopped after asking ValePix for a draft and before recording it in this workbook. " +
      "Nothing was paid. A draft with no record may be left in ValePix: do not finalize it elsewhere. " +
      "To go on, send the table again.",
  },
);
