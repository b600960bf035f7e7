/** Made-up services for the screenshot harness: plausible data, no network, no workbook. */
import { APIConnectionTimeoutError, FinalizeOutcomeUnknownError } from "../../src/api";
import { makeIssue } from "../../src/workbook";
import type { PaneServices } from "../../src/taskpane/pane-services";
import type { ValidationView } from "../../src/features/distribute";
import type { Locale } from "../../src/ui/i18n";

const PIX =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913VALEPIX LTDA6008BRASILIA62070503***6304ABCD";
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const table = (name: string, rows: number) => ({
  name,
  sheet: name,
  header: [],
  rowCount: rows,
  headerRow: 1,
  firstColumn: 0,
  hasTotalsRow: true,
});

const CLEAN: ValidationView = {
  ok: true,
  issues: [],
  summary: {
    rowsRead: 145,
    rowsSkipped: 0,
    rowsValid: 145,
    rowsWithErrors: 0,
    employees: 145,
    perProduct: new Map([
      ["p-ref", 6_380_000],
      ["p-ali", 2_900_000],
      ["p-mob", 562_000],
    ]),
    grandTotalCents: 9_842_000,
    errors: 0,
    warnings: 0,
    availableBalanceCents: 1_234_567,
    shortfallCents: 8_607_433,
  },
};

const REVIEW = {
  matches: true,
  mismatches: [],
  sheetTotalCents: 9_842_000,
  draftTotalCents: 9_842_000,
  totalEmployees: 145,
  availableCents: 1_234_567,
  sincePrevious: {
    distributionId: "dst_6e21",
    newEmployees: 3,
    droppedEmployees: 1,
    changedAmounts: 7,
    totalDeltaCents: 184_000,
  },
};

/** Novembro's validation: an amount below a cent, a wrong CPF, and a balance that falls short. */
const WITH_PROBLEMS: ValidationView = {
  ok: false,
  issues: [
    makeIssue(
      "amount_sub_cent",
      { input: "35,505", nearest: { downCents: 3_550, upCents: 3_551 } },
      { row: 12, rowIndex: 10, column: "Refeição" },
    ),
    makeIssue(
      "cpf_invalid",
      { input: "***.456.789-**", reason: "check_digits" },
      { row: 27, rowIndex: 25, column: "CPF" },
    ),
    makeIssue("insufficient_balance", {
      totalCents: 9_842_000,
      availableCents: 1_234_567,
      shortfallCents: 8_607_433,
    }),
  ],
  summary: {
    rowsRead: 148,
    rowsSkipped: 1,
    rowsValid: 145,
    rowsWithErrors: 2,
    employees: 145,
    perProduct: new Map([
      ["p-ref", 6_380_000],
      ["p-ali", 2_900_000],
      ["p-mob", 562_000],
    ]),
    grandTotalCents: 9_842_000,
    errors: 2,
    warnings: 1,
    availableBalanceCents: 1_234_567,
    shortfallCents: 8_607_433,
  },
};

type FinalizeRun = Parameters<PaneServices["distribute"]["finalize"]>[1];

/** Finalize as the variant asks: a charge to pay (`pix`, `boleto`), no answer (`unknown`), or done. */
function finalizeFixture(
  variant: string,
  run: FinalizeRun,
): ReturnType<PaneServices["distribute"]["finalize"]> {
  if (variant === "pix" || variant === "boleto") {
    run.onCharge?.({
      transactionId: "tx-9",
      status: "PENDING",
      amountCents: 8_607_433,
      expiresAt: new Date(Date.now() + (variant === "pix" ? 29 * 60_000 : 3 * 86_400_000)).toISOString(),
      ...(variant === "pix"
        ? { pixCopyPaste: PIX }
        : { boletoLine: "00090.12345 67890.123456 78901.234567 9 00000008607433" }),
    });
    run.onProgress({ phase: "wait", done: 0, total: 1 });
    return new Promise(() => {});
  }
  return variant === "unknown"
    ? Promise.reject(
        new FinalizeOutcomeUnknownError({
          distributionId: "dst_7f3a",
          cause: new APIConnectionTimeoutError({
            method: "POST",
            url: "https://api/x",
            timeoutMs: 30_000,
          }),
        }),
      )
    : Promise.resolve({
        distributionId: "dst_7f3a",
        status: "completed",
        totalEmployees: 145,
        totalCents: 9_842_000,
        finalizedNow: true,
      });
}

function connectionsFixture(): PaneServices["connections"] {
  return {
    load: () =>
      Promise.resolve({
        connections: [
          {
            id: "c1",
            label: "Padaria Central Ltda",
            environment: "production",
            baseUrl: "https://api.beneficios.example.com.br",
            persistence: "device",
          },
          {
            id: "c2",
            label: "Testes",
            environment: "sandbox",
            baseUrl: "http://127.0.0.1:4010",
            persistence: "session",
          },
        ],
        activeId: "c1",
        withToken: ["c1"],
      }),
    save: () => Promise.reject(new Error("harness")),
    activate: () => Promise.resolve(),
    remove: () => Promise.resolve(),
    signOut: () => Promise.resolve(),
    test: () => Promise.resolve({ availableCents: 1_234_567 }),
  };
}

function distributeFixture(
  variant: string,
  products: { id: string; name: string }[],
): PaneServices["distribute"] {
  return {
    modes: ["selected", "batch", "group"],
    revalidate: () => Promise.reject(new Error("harness")),
    watchTable: () => Promise.resolve(() => {}),
    listTables: () => Promise.resolve([table("Novembro", 148), table("Outubro", 145)]),
    createTemplate: () => Promise.resolve(table("ValePix_Distribuicao", 150)),
    mapping: () =>
      Promise.resolve({
        header: ["CPF", "Nome", "Refeição", "Alimentação", "Mobilidade", "Salário"],
        columns: [
          { index: 0, header: "CPF", role: { role: "cpf" } },
          { index: 1, header: "Nome", role: { role: "name" } },
          { index: 2, header: "Refeição", role: { role: "product", product_id: "p-ref" } },
          { index: 3, header: "Alimentação", role: { role: "product", product_id: "p-ali" } },
          { index: 4, header: "Mobilidade", role: { role: "product", product_id: "p-mob" } },
          { index: 5, header: "Salário", role: { role: "info" } },
        ],
        products,
      }),
    saveMapping: () => Promise.resolve(),
    validate: async (t, run) => {
      run.onProgress({ phase: "validate", done: 148, total: 148 });
      await wait(50);
      // Outubro is clean (the send, review, confirm and result shots); Novembro has problems.
      if (t === "Outubro") return CLEAN;
      return WITH_PROBLEMS;
    },
    inspectCell: () => Promise.resolve({ raw: "R$ 1.234,56", cents: 123_456 }),
    selectIssue: () => Promise.resolve(),
    benefits: () =>
      Promise.resolve([
        { id: "b1", name: "Operacional" },
        { id: "b2", name: "Escritório" },
      ]),
    send: () =>
      Promise.resolve({
        distributionId: "dst_7f3a",
        mode: "selected",
        created: true,
        calls: 23,
        totalEmployees: 145,
        totalCents: 9_842_000,
        review: REVIEW,
      }),
    review: () =>
      variant === "sticky"
        ? Promise.reject(new Error("The server did not answer."))
        : Promise.resolve(REVIEW),
    finalize: (_request, run) => finalizeFixture(variant, run),
    cancelCharge: () => Promise.resolve({ outcome: "already_paid" }),
    checkFinalize: () => Promise.resolve({ applied: false, checkedAt: new Date().toISOString() }),
    interruptedRun: () =>
      Promise.resolve(
        variant === "interrupted"
          ? {
              table: "Outubro",
              mode: "selected" as const,
              distributionId: "dst_7f3a9c2e41d8b605",
              state: "draft",
              draftEmployees: 128,
              draftCents: 8_412_000,
              sheetEmployees: 249,
              sheetCents: 16_434_000,
              since: "2026-11-28T14:03:00.000Z",
            }
          : undefined,
      ),
  };
}

function fundFixture(): PaneServices["fund"] {
  return {
    balance: () => Promise.resolve(1_234_567),
    shortfall: () => Promise.resolve(8_607_433),
    createCharge: (req) =>
      Promise.resolve({ transactionId: "tx-1", status: "PENDING", amountCents: req.amountCents }),
    followCharge: (id, run) => {
      // A charge followed by its id (the receipt's screenshot) is already paid.
      if (id !== "tx-1")
        return Promise.resolve({
          charge: { transactionId: id, status: "COMPLETED", amountCents: 150_000 },
          paid: true,
          balanceCents: 1_384_567,
          finalSeenAt: Date.UTC(2026, 10, 27, 17, 5),
          sawItArrive: true,
        });
      run.onCharge({
        transactionId: id,
        status: "PENDING",
        pixCopyPaste: PIX,
        expiresAt: new Date(Date.now() + 29 * 60_000).toISOString(),
      });
      run.onProgress({ phase: "payment", done: 0, total: 1 });
      return new Promise(() => {});
    },
    cancelCharge: () => Promise.resolve({ outcome: "already_paid" }),
    payer: {
      recall: () => Promise.resolve({ name: "Financeiro Acme", document: "11.222.333/0001-81" }),
      remember: () => Promise.resolve(),
    },
  };
}

function dataFixture(locale: Locale): PaneServices["data"] {
  return {
    listTables: () => Promise.resolve([table("ValePix_Colaboradores", 152), table("ValePix_Beneficios", 2)]),
    situations: () =>
      Promise.resolve([
        { value: "active", label: locale === "pt-BR" ? "Ativo" : "Active" },
        { value: "inactive" },
      ]),
    pull: () => Promise.resolve({ table: "ValePix_Colaboradores", added: 3, updated: 149 }),
    registerEmployees: () =>
      Promise.resolve({
        created: 2,
        alreadyRegistered: 0,
        errors: 1,
        notSent: 0,
        problems: [{ what: locale === "pt-BR" ? "CPF inválido" : "Invalid CPF", rows: [54] }],
      }),
    saveBenefits: () => Promise.resolve({ created: 1, updated: 1, unchanged: 0, errors: 0, problems: [] }),
    pullTransactions: () => Promise.resolve({ table: "ValePix_Transacoes", added: 12, updated: 1 }),
    reconcile: () =>
      Promise.resolve({
        depositsCents: 25_000_000,
        distributionsCents: 23_765_433,
        expectedCents: 1_234_567,
        balanceCents: 1_234_567,
        differenceCents: 0,
        unlinkedDebits: 0,
      }),
  };
}

function activityFixture(): PaneServices["activity"] {
  return {
    runLog: () =>
      Promise.resolve([
        {
          at: "2026-11-05T14:02:00Z",
          table: "Novembro",
          mode: "selected",
          distributionId: "dst_7f3a",
          state: "processing",
          totalCents: 9_842_000,
          paymentMethod: "BALANCE_WITH_PIX",
        },
        {
          at: "2026-10-05T13:40:00Z",
          table: "Outubro",
          mode: "selected",
          distributionId: "dst_6e21",
          state: "completed",
          totalCents: 9_658_000,
          paymentMethod: "BALANCE",
        },
      ]),
    goToTable: () => Promise.resolve(),
    distribution: () => Promise.resolve({ status: "completed", totalEmployees: 145, totalCents: 9_842_000 }),
  };
}

function functionsFixture(locale: Locale): PaneServices["functions"] {
  return {
    liveEnabled: () => true,
    setLive: () => Promise.resolve(),
    refresh: () => Promise.resolve({ questions: 3, failed: 0, cells: 12 }),
    buildReconciliationSheet: () =>
      Promise.resolve({
        sheet: locale === "pt-BR" ? "Conciliação ValePix" : "ValePix reconciliation",
        created: true,
        ledger: true,
        distributions: 2,
      }),
  };
}

function booksFixture(locale: Locale): PaneServices["books"] {
  return {
    months: () => Promise.resolve(["2026-11", "2026-10"]),
    openAccounts: () =>
      Promise.resolve({ table: locale === "pt-BR" ? "ValePix_Contas" : "ValePix_Accounts", created: false }),
    book: (month) =>
      Promise.resolve({
        month,
        distributions: 2,
        deposits: 1,
        lines: 14,
        debitCents: 19_842_000,
        creditCents: 19_842_000,
        replaced: 0,
        withoutCostCentreCents: 66_000,
        undatedDeposits: 0,
        entriesTable: locale === "pt-BR" ? "ValePix_Lancamentos" : "ValePix_Entries",
        pivot: {
          sheet: locale === "pt-BR" ? "Resumo por centro de custo" : "Cost centre summary",
          name: "ValePix_Resumo",
          created: true,
          address: "A3:E9",
          values: [],
        },
      }),
  };
}

/**
 * `variant` (the hash's third part) brings a screen to a rarer state: `unknown`, finalize gets no
 * answer (check status, then finalize anyway); `pix` and `boleto`, finalize opens a charge for the
 * difference and waits for it; `sticky`, "check again" fails at the bottom of a scrolled pane.
 */
export function fixtureServices(locale: Locale, variant = ""): PaneServices {
  const products = [
    { id: "p-ref", name: "Vale Refeição" },
    { id: "p-ali", name: "Vale Alimentação" },
    { id: "p-mob", name: "Mobilidade" },
  ];
  return {
    connections: connectionsFixture(),
    distribute: distributeFixture(variant, products),
    fund: fundFixture(),
    data: dataFixture(locale),
    activity: activityFixture(),
    functions: functionsFixture(locale),
    books: booksFixture(locale),
  };
}
