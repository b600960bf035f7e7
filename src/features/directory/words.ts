/** The Data screen's words: pull directory tables, register employees, save benefits, reconcile. pt-BR is the source; en-US is typed against it. */
import { defineWords } from "../../money";

export const DIRECTORY_WORDS = defineWords(
  {
    title: "Dados da API",
    pulls: "Trazer para a planilha",
    pullsHint: "Atualiza a tabela no lugar, pelo id, e mantém as colunas que você acrescentou.",
    situation: "Situação dos colaboradores",
    allSituations: "Todas",
    pullEmployees: "Colaboradores",
    pullProducts: "Produtos",
    pullBenefits: "Benefícios",
    pullTransactions: "Transações",
    transactionType: "Tipo de transação",
    allTypes: "Todas",
    /** The API's transaction types (its `type` filter), as a person calls them. */
    transactionTypes: { DEPOSIT: "Depósitos no saldo", DISTRIBUTION: "Distribuições" },
    /** The situations the pane offers before the API has named them. */
    situationNames: { active: "Ativos", inactive: "Inativos" },
    pulled: (p: { table: string; added: string; updated: string }) =>
      `Tabela ${p.table}: ${p.added} nova(s), ${p.updated} atualizada(s).`,
    register: "Cadastrar colaboradores a partir de uma tabela",
    registerHint:
      "Colunas Nome, CPF e E-mail e, se quiser, Benefícios (IDs de benefícios separados por vírgula: a pessoa passa a participar deles); cada linha recebe seu status na tabela.",
    registerGo: "Cadastrar",
    registered: (p: { created: string; already: string; errors: string }) =>
      `${p.created} cadastrado(s), ${p.already} já existiam, ${p.errors} com erro.`,
    rowOne: "Linha",
    rowMany: "Linhas",
    moreRows: (p: { count: number }) => `mais ${p.count}`,
    otherProblems: (p: { count: number }) =>
      p.count === 1
        ? "Mais 1 outro problema: veja o status de cada linha na tabela."
        : `Mais ${p.count} outros problemas: veja o status de cada linha na tabela.`,
    benefit: "Criar ou atualizar benefícios a partir de uma tabela",
    benefitHint: "Uma linha por benefício (nome e descrição) e uma coluna de valor mensal por produto.",
    benefitGo: "Salvar benefícios",
    benefitSaved: (p: { created: string; updated: string; errors: string }) =>
      `${p.created} criado(s), ${p.updated} atualizado(s), ${p.errors} com erro.`,
    reconcile: "Conciliação",
    reconcileGo: "Conciliar",
    deposits: "Depósitos concluídos",
    distributions: "Distribuições pagas",
    expected: "Saldo esperado",
    actual: "Saldo na API",
    difference: "Diferença",
    balanced: "Confere: depósitos menos distribuições igual ao saldo.",
    unbalanced: "Não confere: veja as transações na tabela de conciliação.",
    unlinked: (p: { count: string }) => `${p.count} débito(s) sem registro no histórico desta pasta.`,
  },
  {
    title: "API data",
    pulls: "Bring into the workbook",
    pullsHint: "Refreshes the table in place, by id, keeping the columns you added.",
    situation: "Employee situation",
    allSituations: "All",
    pullEmployees: "Employees",
    pullProducts: "Products",
    pullBenefits: "Benefits",
    pullTransactions: "Transactions",
    transactionType: "Transaction type",
    allTypes: "All",
    transactionTypes: { DEPOSIT: "Balance deposits", DISTRIBUTION: "Distributions" },
    situationNames: { active: "Active", inactive: "Inactive" },
    pulled: (p) => `Table ${p.table}: ${p.added} new, ${p.updated} updated.`,
    register: "Register employees from a table",
    registerHint:
      "Columns Name, CPF and E-mail, and optionally Benefits (benefit IDs, comma-separated: the person joins them); each row gets its status in the table.",
    registerGo: "Register",
    registered: (p) => `${p.created} registered, ${p.already} already there, ${p.errors} with errors.`,
    rowOne: "Row",
    rowMany: "Rows",
    moreRows: (p) => `${p.count} more`,
    otherProblems: (p) =>
      p.count === 1
        ? "1 other problem: see each row's status in the table."
        : `${p.count} other problems: see each row's status in the table.`,
    benefit: "Create or update benefits from a table",
    benefitHint: "One row per benefit (name and description) and a monthly amount column per product.",
    benefitGo: "Save benefits",
    benefitSaved: (p) => `${p.created} created, ${p.updated} updated, ${p.errors} with errors.`,
    reconcile: "Reconciliation",
    reconcileGo: "Reconcile",
    deposits: "Completed deposits",
    distributions: "Paid distributions",
    expected: "Expected balance",
    actual: "Balance in the API",
    difference: "Difference",
    balanced: "It adds up: deposits minus distributions equal the balance.",
    unbalanced: "It does not add up: see the transactions in the reconciliation table.",
    unlinked: (p) => `${p.count} debit(s) with no entry in this workbook's log.`,
  },
);
