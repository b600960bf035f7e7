/**
 * The one rule for a distribution row's status cells (./status-rule.ts): every combination of the
 * facts a step knows, in both languages, and what must never happen (a row left out reading
 * "Pronto", a paid record lost while the row is left out).
 */
import { LOCALES, type Locale } from "../money";
import { makeIssue } from "./issues";
import { type PaymentRecord, ROW_STATE_TEXT, type RowFacts, type RunStage, rowStatus } from "./status-rule";

const AT = new Date(2026, 10, 24, 14, 30).getTime(); // 24 Nov 2026, 14:30 local
const record: PaymentRecord = {
  at: AT,
  distributionId: "dst_nov",
  label: "Distribuição de novembro",
  state: "completed",
  totalCents: 111_000,
};
const error = makeIssue("amount_negative", { input: "-5" }, { row: 3, rowIndex: 1, column: "Refeição" });
const warning = makeIssue("amount_large", { cents: 2_000_000 }, { row: 3, rowIndex: 1, column: "Refeição" });
const skipped = makeIssue("totals_row_skipped", { label: "Total" }, { row: 9, rowIndex: 7 });

test("errors first: the row says Erro with its errors, and no total", () => {
  expect(rowStatus({ rowIndex: 1, issues: [error, warning], record }, "pt-BR")).toEqual({
    rowIndex: 1,
    state: "error",
    status: "Erro",
    message: error.message["pt-BR"],
  });
  expect(rowStatus({ rowIndex: 1, totalCents: 500, error: "Fora do rascunho" }, "pt-BR")).toMatchObject({
    state: "error",
    message: "Fora do rascunho",
  });
  const run = { stage: "draft" as const, distributionId: "dst_1", mismatch: "Refeição: planilha R$ 6,00" };
  expect(rowStatus({ rowIndex: 0, totalCents: 600, run }, "pt-BR")).toMatchObject({
    state: "error",
    status: "Erro",
    message: "O rascunho dst_1 difere desta linha: Refeição: planilha R$ 6,00",
    totalCents: 600,
  });
});

test("a row in a run says where the run is; paid, with the date and the distribution", () => {
  const at = (stage: RunStage, locale: Locale = "pt-BR") =>
    rowStatus(
      {
        rowIndex: 0,
        totalCents: 105_000,
        record,
        run: { stage, distributionId: "dst_dez", paid: { at: AT, label: "Benefícios de dezembro" } },
      },
      locale,
    );
  expect(at("draft")).toMatchObject({
    state: "draft",
    status: "No rascunho",
    message: "No rascunho dst_dez: revise e finalize",
  });
  expect(at("processing")).toMatchObject({ state: "processing", status: "Em processamento" });
  expect(at("completed")).toEqual({
    rowIndex: 0,
    state: "paid",
    status: "Pago em 24/11/2026 · Benefícios de dezembro",
    message: "R$ 1.050,00 pagos na distribuição dst_dez",
    totalCents: 105_000,
  });
  expect(at("completed", "en-US")).toMatchObject({
    status: "Paid on 11/24/2026 · Benefícios de dezembro",
    message: "R$ 1,050.00 paid in distribution dst_dez",
  });
  expect(at("failed")).toMatchObject({ state: "failed", status: "Falhou" });
  expect(at("unknown")).toMatchObject({ state: "unknown", status: "Sem resposta" });
});

test("a row that will be sent is ready, and keeps its last payment in the message", () => {
  expect(rowStatus({ rowIndex: 0, totalCents: 70_000 }, "pt-BR")).toEqual({
    rowIndex: 0,
    state: "ready",
    status: "Pronto",
    message: "",
    totalCents: 70_000,
  });
  expect(rowStatus({ rowIndex: 0, totalCents: 70_000, record }, "pt-BR")?.message).toBe(
    "Último pagamento: Pago em 24/11/2026 · Distribuição de novembro (R$ 1.110,00)",
  );
  expect(rowStatus({ rowIndex: 1, totalCents: 70_000, issues: [warning], record }, "en-US")).toMatchObject({
    state: "warning",
    status: "Warning",
    message: `${warning.message["en-US"]} | Last payment: Paid on 11/24/2026 · Distribuição de novembro (R$ 1,110.00)`,
  });
});

test("a row left out keeps its record (paid, failed or processing), else says it has no amounts", () => {
  expect(rowStatus({ rowIndex: 0, totalCents: 0, record }, "pt-BR")).toEqual({
    rowIndex: 0,
    state: "paid",
    status: "Pago em 24/11/2026 · Distribuição de novembro",
    message: "Sem valores nesta tabela: fica fora da próxima distribuição",
    totalCents: 0,
  });
  // Left out of a run too: the run does not touch it.
  const run = { stage: "completed" as const, distributionId: "dst_dez" };
  expect(rowStatus({ rowIndex: 0, totalCents: 0, record, run }, "pt-BR")?.status).toBe(
    "Pago em 24/11/2026 · Distribuição de novembro",
  );
  expect(
    rowStatus({ rowIndex: 0, totalCents: 0, record: { ...record, state: "failed" } }, "pt-BR")?.status,
  ).toBe("Falhou em 24/11/2026 · Distribuição de novembro");
  expect(
    rowStatus({ rowIndex: 0, totalCents: 0, record: { ...record, state: "processing" } }, "en-US"),
  ).toMatchObject({
    state: "processing",
    status: "Processing · Distribuição de novembro",
  });
  expect(rowStatus({ rowIndex: 0, totalCents: 0, run }, "pt-BR")).toEqual({
    rowIndex: 0,
    state: "empty",
    status: "Sem valores",
    message: "",
    totalCents: 0,
  });
});

test("a row skipped with a warning says Ignorada; an empty row is cleared", () => {
  expect(rowStatus({ rowIndex: 7, issues: [skipped] }, "pt-BR")).toEqual({
    rowIndex: 7,
    state: "skipped",
    status: "Ignorada",
    message: skipped.message["pt-BR"],
  });
  expect(rowStatus({ rowIndex: 4 }, "pt-BR")).toBeUndefined();
});

describe("over every combination of facts", () => {
  const issueSets = [[], [warning], [error], [warning, error]];
  const totals = [undefined, 0, 50_000];
  const records = [undefined, record, { ...record, state: "failed" }];
  const runs: RowFacts["run"][] = [
    undefined,
    ...(["draft", "processing", "completed", "failed", "unknown"] as const).map((stage) => ({
      stage,
      distributionId: "dst_x",
    })),
  ];
  const all: Array<{ facts: RowFacts; locale: Locale }> = [];
  for (const issues of issueSets)
    for (const totalCents of totals)
      for (const r of records)
        for (const run of runs)
          for (const locale of LOCALES)
            all.push({ facts: { rowIndex: 0, issues, totalCents, record: r, run }, locale });

  test('"Pronto" only for a row that will be sent: a positive total, no error, not yet in a run', () => {
    for (const { facts, locale } of all) {
      const r = rowStatus(facts, locale);
      const willBeSent =
        (facts.totalCents ?? 0) > 0 &&
        !facts.issues!.some((i) => i.severity === "error") &&
        facts.run === undefined;
      if (r?.status === ROW_STATE_TEXT[locale].ready) expect(willBeSent).toBe(true);
      if (willBeSent)
        expect([ROW_STATE_TEXT[locale].ready, ROW_STATE_TEXT[locale].warning]).toContain(r?.status);
    }
  });

  test("a row left out without an error always shows its record when it has one", () => {
    for (const { facts, locale } of all) {
      if (facts.totalCents !== 0 || facts.issues!.some((i) => i.severity === "error") || !facts.record)
        continue;
      expect(rowStatus(facts, locale)?.status).toMatch(
        locale === "pt-BR" ? /^(Pago|Falhou) em 24\/11\/2026/ : /^(Paid|Failed) on 11\/24\/2026/,
      );
    }
  });

  test("en-US cells carry no Portuguese word of ours", () => {
    const portuguese =
      /\b(Pronto|Erro|Aviso|Ignorada|Sem valores|rascunho|Pago|Falhou|pagos|distribuição|Último|linha)\b/;
    for (const { facts, locale } of all) {
      if (locale !== "en-US") continue;
      const r = rowStatus(
        { ...facts, record: facts.record && { ...facts.record, label: "November distribution" } },
        locale,
      );
      expect(`${r?.status ?? ""} ${r?.message ?? ""}`).not.toMatch(portuguese);
    }
  });
});
