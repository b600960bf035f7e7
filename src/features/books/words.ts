/**
 * The books' words: the section on the Data screen, the accounts and entries tables the add-in
 * writes, and its errors. pt-BR is the source; en-US is typed against it.
 */
import { defineWords } from "../../money";

export const BOOKS_WORDS = defineWords(
  {
    hint:
      "Lançamentos do mês: despesa de cada produto por centro de custo contra o saldo ValePix, e os " +
      "depósitos PIX contra o banco. Cada produto precisa da sua conta na tabela de contas.",
    month: "Mês",
    noMonths: "Nenhum pagamento no histórico ainda: pague uma distribuição primeiro.",
    accounts: "Tabela de contas",
    accountsGo: "Abrir a tabela de contas",
    accountsCreated: (p: { table: string }) =>
      `Tabela ${p.table} criada: preencha a conta contábil de cada linha e contabilize de novo.`,
    accountsShown: (p: { table: string }) => `Tabela ${p.table} pronta: confira as contas.`,
    book: "Contabilizar o mês",
    booked: (p: { month: string; lines: string; total: string }) =>
      `${p.month}: contabilizado, ${p.lines} lançamentos, débitos = créditos = ${p.total}, iguais ao ValePix.`,
    result: "Último lançamento",
    distributions: "Distribuições",
    deposits: "Depósitos",
    debits: "Débitos",
    credits: "Créditos",
    replaced: "Linhas substituídas",
    withoutCostCentre: "Sem centro de custo",
    undatedDeposits: "Depósitos sem data (não lançados)",
    pivot: "Tabela dinâmica",
    pivotSheet: (p: { sheet: string }) => `Na planilha ${p.sheet}, com um gráfico.`,
    // The tables the add-in writes.
    accountsSheet: "Contas contábeis",
    accountsTable: "ValePix_Contas",
    accountHeaders: { key: "Chave ValePix", item: "Item", account: "Conta contábil", history: "Histórico" },
    accountItems: {
      product: (p: { name: string }) => `Despesa: ${p.name}`,
      balance: "Saldo ValePix (ativo)",
      bank: "Banco que paga os depósitos PIX",
    },
    entriesSheet: "Lançamentos contábeis",
    entriesTable: "ValePix_Lancamentos",
    entryHeaders: {
      date: "Data",
      month: "Mês",
      account: "Conta",
      debit: "Débito",
      credit: "Crédito",
      costCentre: "Centro de custo",
      product: "Produto",
      history: "Histórico",
      distributionId: "ID da distribuição",
      transactionId: "ID da transação",
      origin: "Origem",
    },
    origins: { distribution: "Distribuição", deposit: "Depósito PIX" },
    histories: {
      expense: (p: { product: string; label: string }) => `${p.product} · ${p.label}`,
      balance: (p: { label: string }) => `Saldo ValePix · ${p.label}`,
      deposit: (p: { date: string }) => `Depósito PIX de ${p.date}`,
    },
    chartTitle: "Benefícios por centro de custo",
    // Errors.
    missingAccounts: (p: { items: string }) =>
      `Falta a conta contábil de: ${p.items}. Preencha-as na tabela de contas e contabilize de novo.`,
    nothingToBook: (p: { month: string }) =>
      `Nada a contabilizar em ${p.month}: nenhuma distribuição paga nem depósito concluído.`,
    mismatch: (p: { distribution: string; ledger: string; api: string }) =>
      `O histórico registra ${p.ledger} para a distribuição ${p.distribution}, mas o ValePix informa ` +
      `${p.api}. Nada foi lançado: atualize o estado em Distribuir ou confira o histórico.`,
    notPaid: (p: { distribution: string; state: string }) =>
      `A distribuição ${p.distribution} está "${p.state}" no ValePix: não é lançada. Atualize o estado em Distribuir.`,
  },
  {
    hint:
      "The month's entries: each product's expense by cost centre against the ValePix balance, and " +
      "the PIX deposits against the bank. Each product needs its account in the accounts table.",
    month: "Month",
    noMonths: "No payment in the history yet: pay a distribution first.",
    accounts: "Accounts table",
    accountsGo: "Open the accounts table",
    accountsCreated: (p) => `Table ${p.table} created: fill in each line's account and book again.`,
    accountsShown: (p) => `Table ${p.table} ready: check the accounts.`,
    book: "Book the month",
    booked: (p) => `${p.month}: booked, ${p.lines} lines, debits = credits = ${p.total}, equal to ValePix's.`,
    result: "Last booking",
    distributions: "Distributions",
    deposits: "Deposits",
    debits: "Debits",
    credits: "Credits",
    replaced: "Lines replaced",
    withoutCostCentre: "Without a cost centre",
    undatedDeposits: "Deposits without a date (not booked)",
    pivot: "PivotTable",
    pivotSheet: (p) => `On sheet ${p.sheet}, with a chart.`,
    accountsSheet: "Chart of accounts",
    accountsTable: "ValePix_Accounts",
    accountHeaders: { key: "ValePix key", item: "Item", account: "Account", history: "History" },
    accountItems: {
      product: (p) => `Expense: ${p.name}`,
      balance: "ValePix balance (asset)",
      bank: "Bank that pays the PIX deposits",
    },
    entriesSheet: "Accounting entries",
    entriesTable: "ValePix_Entries",
    entryHeaders: {
      date: "Date",
      month: "Month",
      account: "Account",
      debit: "Debit",
      credit: "Credit",
      costCentre: "Cost centre",
      product: "Product",
      history: "History",
      distributionId: "Distribution ID",
      transactionId: "Transaction ID",
      origin: "Origin",
    },
    origins: { distribution: "Distribution", deposit: "PIX deposit" },
    histories: {
      expense: (p) => `${p.product} · ${p.label}`,
      balance: (p) => `ValePix balance · ${p.label}`,
      deposit: (p) => `PIX deposit of ${p.date}`,
    },
    chartTitle: "Benefits by cost centre",
    missingAccounts: (p) =>
      `Missing the account of: ${p.items}. Fill them in in the accounts table and book again.`,
    nothingToBook: (p) => `Nothing to book in ${p.month}: no paid distribution and no completed deposit.`,
    mismatch: (p) =>
      `The history records ${p.ledger} for distribution ${p.distribution}, but ValePix reports ${p.api}. ` +
      `Nothing was booked: refresh its state in Distribute or check the history.`,
    notPaid: (p) =>
      `Distribution ${p.distribution} is "${p.state}" at ValePix: it is not booked. Refresh its state in Distribute.`,
  },
);
