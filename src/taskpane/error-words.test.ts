import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  ApiError,
  CollectLimitError,
  DepositMismatchError,
  DepositOutcomeUnknownError,
  PaginationError,
  RedirectRefusedError,
  FinalizeOutcomeUnknownError,
  PollTimeoutError,
  ResponseValidationError,
} from "../api";
import { WorkbookHostError } from "../excel";
import { RowTooLargeError, SecretSettingError } from "../workbook";
import { DoublePaymentError } from "../workbook/run-log";
import { FundingInputError } from "../features/fund";
import { ConnectionInputError } from "../features/connection";
import { messagesFor } from "../ui/i18n";
import { paneMessageFor as messageFor } from "./error-words";
import { isCancel } from "../ui/errors/messageFor";
import { CONNECTION_WORDS } from "../features/connection";

const pt = messagesFor("pt-BR");
const en = messagesFor("en-US");
const url = "https://api.acme.com.br/api/v1/valepix/balances";
const http = (status: number, serverMessage?: string) =>
  ApiError.fromResponse({
    method: "GET",
    url,
    status,
    requestId: "req-9",
    ...(serverMessage ? { serverMessage } : {}),
  });

describe("messageFor", () => {
  it.each([
    [400, pt.errors.badRequestTitle],
    [401, pt.errors.unauthorizedTitle],
    [403, pt.errors.forbiddenTitle],
    [404, pt.errors.notFoundTitle],
    [409, pt.errors.conflictTitle],
    [422, pt.errors.unprocessableTitle],
    [429, pt.errors.rateLimitedTitle],
    [503, pt.errors.serverTitle],
  ])("words HTTP %i with its own title, a next step and the request id", (status, title) => {
    const m = messageFor(http(status, "said so"), pt);
    expect(m.title).toBe(title);
    expect(m.next).toBeTruthy();
    expect(m.details).toEqual([
      pt.errors.serverSaid({ text: "said so" }),
      pt.errors.requestId({ id: "req-9" }),
    ]);
  });

  it("a table already paid: when and which distribution in words, its id only in the details", () => {
    const paid = new DoublePaymentError("fp-1", [
      {
        at: "2026-11-24T14:03:00Z",
        table: "Novembro",
        mode: "selected",
        distributionId: "dst_3bc1",
        state: "completed",
        totalEmployees: 6,
      },
    ]);
    const m = messageFor(paid, pt);
    expect(m.title).toBe("Esta tabela já foi paga");
    expect(m.body).toMatch(
      /^Os mesmos colaboradores, produtos e valores já foram pagos em 24\/11\/2026.* \(distribuição da tabela Novembro, 6 colaboradores\)\. Nada foi enviado\.$/,
    );
    expect(m.body).not.toContain("dst_3bc1");
    expect(m.details).toEqual(["Código da distribuição paga: dst_3bc1"]);
    expect(messageFor(paid, en, "en-US").body).toMatch(
      /already paid on 11\/24\/26.* \(distribution of table Novembro, 6 employees\)\. Nothing was sent\.$/,
    );
  });

  it("a deposit id that holds another charge names both, amounts in BRL, documents by two digits", () => {
    const err = new DepositMismatchError({
      transactionId: "tid-1",
      differences: ["amount: sent 9900 cents, found 123456 cents"],
      sent: { amount: 99_00, document: "11222333000181" },
      found: { transaction_id: "tid-1", amount: 1_234_56, document: "11.222.333/0001-81", status: "PENDING" },
      conflict: true,
    });
    const m = messageFor(err, pt);
    expect(m.title).toBe(pt.errors.depositMismatchTitle);
    expect(m.body).toContain("tid-1");
    expect(m.body.replace(/\s/g, " ")).toContain("Pedida: R$ 99,00, documento do pagador terminado em 81");
    expect(m.body.replace(/\s/g, " ")).toContain(
      "Existente: R$ 1.234,56, documento do pagador terminado em 81",
    );
    expect(m.body).not.toContain("11222333");
    expect(m.details).toEqual([pt.errors.technical({ text: "amount: sent 9900 cents, found 123456 cents" })]);
    expect(messageFor(err, en, "en-US").body.replace(/\s/g, " ")).toContain(
      "Asked: R$ 99.00, payer document ending in 81. Existing: R$ 1,234.56",
    );
  });

  it("a refused redirect names where it pointed, or says the browser hid it", () => {
    const shown = new RedirectRefusedError({
      method: "GET",
      url,
      status: 308,
      location: "https://evil.example/x",
    });
    expect(messageFor(shown, pt)).toMatchObject({
      title: pt.errors.redirectTitle,
      body: pt.errors.redirect({ location: "https://evil.example/x" }),
      next: pt.errors.redirectNext,
    });
    const hidden = new RedirectRefusedError({ method: "GET", url, status: undefined, location: undefined });
    expect(messageFor(hidden, en).body).toBe(en.errors.redirectHidden);
  });

  it("names what changed in a list read twice (page size, total, cut short), in both languages", () => {
    const limit = new PaginationError("x", { kind: "limit", from: 100, to: 30, page: 2 });
    expect(messageFor(limit, pt)).toMatchObject({
      title: "A lista mudou durante a leitura",
      body: expect.stringContaining("de 100 para 30") as unknown,
      next: pt.errors.listChangedNext,
    });
    expect(messageFor(limit, en).body).toContain("page size from 100 to 30");
    const total = new PaginationError("x", { kind: "total", from: 25, to: 24, page: 2 });
    expect(messageFor(total, pt).body).toContain("O total da lista mudou de 25 para 24");
    expect(messageFor(total, en).body).toContain("total changed from 25 to 24");
    const ended = new PaginationError("x", { kind: "ended", from: 500, to: 3, page: 2 });
    expect(messageFor(ended, en).body).toContain("ended after 3 items while the API stated a total of 500");
    // Without a change (a server that ignores `page`): the general words, the detail for support.
    expect(messageFor(new PaginationError("ignores page"), en)).toMatchObject({
      title: en.errors.paginationTitle,
      details: [en.errors.technical({ text: "ignores page" })],
    });
  });

  it("tells a timeout from a refused connection, and a cancel is information", () => {
    expect(
      messageFor(new APIConnectionTimeoutError({ method: "GET", url, timeoutMs: 30000 }), en).title,
    ).toBe(en.errors.timeoutTitle);
    expect(
      messageFor(new APIConnectionError({ method: "GET", url, cause: new Error("ECONNREFUSED") }), en).title,
    ).toBe(en.errors.connectionTitle);
    const cancel = new APIUserAbortError({ method: "GET", url });
    expect(isCancel(cancel)).toBe(true);
    expect(messageFor(cancel, en).intent).toBe("info");
  });

  it("never calls an applied finalize a failure", () => {
    const cause = http(504);
    const applied = new FinalizeOutcomeUnknownError({
      distributionId: "d1",
      cause,
      distribution: { distribution_id: "d1", status: "processing", total_employees: 2, total_amount: 100 },
    });
    const m = messageFor(applied, pt);
    expect(m.intent).toBe("warning");
    expect(m.body).toBe(pt.errors.finalizeApplied({ status: "processing" }));
    expect(m.next).toBe(pt.errors.finalizeUnknownNext);
    const unread = messageFor(
      new FinalizeOutcomeUnknownError({ distributionId: "d1", cause, readError: http(503) }),
      pt,
    );
    expect(unread.body).toBe(pt.errors.finalizeNotRead);
  });

  it("hands over the transaction id of a deposit whose outcome is unknown", () => {
    const e = new DepositOutcomeUnknownError({ transactionId: "tx-1", cause: http(503), failure: http(503) });
    expect(messageFor(e, pt).body).toContain("tx-1");
  });

  it("covers the other API, workbook, workflow and pane errors", () => {
    expect(
      messageFor(
        new ResponseValidationError({
          method: "GET",
          url,
          status: 200,
          issues: [{ path: "x", message: "bad" }],
        }),
        en,
      ).title,
    ).toBe(en.errors.responseInvalidTitle);
    expect(
      messageFor(new PollTimeoutError({ what: "d", elapsedMs: 1, attempts: 1, lastValue: null }), en).intent,
    ).toBe("warning");
    expect(messageFor(new CollectLimitError(1000), en).body).toBe(en.errors.collectLimit({ max: "1000" }));
    expect(messageFor(new RowTooLargeError(12, null), pt).body).toBe(pt.errors.rowTooLarge({ row: "12" }));
    expect(messageFor(new SecretSettingError("token"), pt).title).toBe(pt.errors.secretSettingTitle);
    expect(messageFor(new FundingInputError("payer_document_invalid", "x"), pt).body).toBe(
      pt.common.payerDocumentInvalid,
    );
    expect(messageFor(new ConnectionInputError("baseUrl", "http"), pt).body).toBe(
      CONNECTION_WORDS["pt-BR"].baseUrlHttp,
    );
    const host = Object.assign(new Error("x"), { name: "WorkbookHostError", code: "InvalidArgument" });
    expect(messageFor(host, pt).body).toBe(pt.errors.host({ code: "InvalidArgument" }));
    const selection = Object.assign(new Error("x"), { name: "WorkbookHostError", code: "InvalidSelection" });
    expect(messageFor(selection, en).title).toBe("Select one cell of the table");
    for (const code of ["RequestPayloadSizeLimitExceeded", "ResponsePayloadSizeLimitExceeded"]) {
      const tooLarge = messageFor(new WorkbookHostError(code, "5 MB"), en);
      expect([tooLarge.title, tooLarge.body, tooLarge.next]).toEqual([
        en.errors.payloadTitle,
        en.errors.payload,
        en.errors.payloadNext,
      ]);
    }
    const other = messageFor(new Error("boom"), pt);
    expect(other.title).toBe(pt.errors.unknownTitle);
    expect(other.details).toEqual([pt.errors.technical({ text: "boom" })]);
  });
});
