import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ApiError, DepositOutcomeUnknownError } from "../../api";
import { type Charge, ChargeNotFoundError, type ChargeOutcome } from "./charges";
import { qrPath } from "./PixQrCode";
import type { FundServices } from "./services";
import type { Run } from "../../api/progress";
import type { ReactElement } from "react";
import type { Locale } from "../../ui/i18n";
import { renderScreen } from "../../ui/testing/render";
import { fundErrorWords } from "./error-words";
import { FundScreen } from "./FundScreen";

/** The screen as the pane renders it, with the fund feature's error words, without the shell. */
const renderFund = (ui: ReactElement, locale?: Locale) => renderScreen(ui, locale, [fundErrorWords]);

const PIX =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913VALEPIX6008BRASILIA62070503***6304ABCD";

function fakeServices(over: Partial<FundServices> = {}) {
  let finish: ((o: ChargeOutcome) => void) | undefined;
  let lastRun: Run | undefined;
  const services: FundServices = {
    balance: jest.fn(() => Promise.resolve(10_000)),
    shortfall: jest.fn(() => Promise.resolve(25_050)),
    createCharge: jest.fn((req: { amountCents: number }) =>
      Promise.resolve<Charge>({ transactionId: "tx-1", status: "PENDING", amountCents: req.amountCents }),
    ),
    followCharge: jest.fn((_id: string, run: Run & { onCharge: (c: Charge) => void }) => {
      lastRun = run;
      run.onCharge({
        transactionId: "tx-1",
        status: "PENDING",
        amountCents: 150_000,
        pixCopyPaste: PIX,
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
      });
      run.onProgress({ phase: "payment", done: 0, total: 1 });
      return new Promise<ChargeOutcome>((resolve, reject) => {
        finish = resolve;
        run.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    }),
    cancelCharge: jest.fn(() => Promise.resolve({ outcome: "already_paid" as const })),
    payer: { recall: jest.fn(() => Promise.resolve(undefined)), remember: jest.fn(() => Promise.resolve()) },
    ...over,
  };
  return { services, finish: (o: ChargeOutcome) => finish?.(o), run: () => lastRun };
}

function fill(amount: string, name: string, doc: string) {
  if (amount) fireEvent.change(screen.getByLabelText(/Valor \(R\$\)/), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText(/Nome do pagador/), { target: { value: name } });
  fireEvent.change(screen.getByLabelText(/CPF ou CNPJ do pagador/), { target: { value: doc } });
  fireEvent.click(screen.getByRole("button", { name: "Gerar cobrança PIX" }));
}

describe("Fund screen", () => {
  it("refuses a bad amount, a missing name and a wrong document before sending anything", async () => {
    const { services } = fakeServices();
    renderFund(<FundScreen services={services} />);
    fill("12,345", "", "111.444.777-00");
    expect(await screen.findByText("Escreva um valor em reais maior que zero, como 1.500,00.")).toBeTruthy();
    expect(screen.getByText("Informe o nome do pagador.")).toBeTruthy();
    expect(
      screen.getByText("Os dígitos verificadores do CPF não conferem: confira se algum número foi trocado."),
    ).toBeTruthy();
    expect(services.createCharge).not.toHaveBeenCalled();
    expect(services.payer.remember).not.toHaveBeenCalled();
  });

  it.each([
    ["", "Informe o CPF ou CNPJ de quem paga."],
    ["   ", "Informe o CPF ou CNPJ de quem paga."],
    ["123.456.789", "Tem 9 dígitos: um CPF tem 11 e um CNPJ tem 14."],
    ["1", "Tem 1 dígito: um CPF tem 11 e um CNPJ tem 14."],
    [
      "11.222.333/0001-80",
      "Os dígitos verificadores do CNPJ não conferem: confira se algum número foi trocado.",
    ],
    ["111.111.111-11", "Um só dígito repetido não é um CPF ou CNPJ de verdade."],
    ["111,444,777 35", "Use só números, pontos, traço e barra, como 123.456.789-09 ou 12.345.678/0001-95."],
  ])("words the CPF/CNPJ %j for what is wrong with it", async (doc, message) => {
    const { services } = fakeServices();
    renderFund(<FundScreen services={services} />);
    fill("10", "Acme Ltda", doc);
    const field = await screen.findByText(message);
    expect(field.textContent).not.toMatch(/\(.*\(/);
    expect(screen.queryByText(/dígitos verificadores/)).toBe(
      message.includes("verificadores") ? field : null,
    );
    expect(services.createCharge).not.toHaveBeenCalled();
  });

  it("words the document's problems in English too", async () => {
    const { services } = fakeServices();
    renderFund(<FundScreen services={services} />, "en-US");
    fireEvent.change(await screen.findByLabelText(/Amount \(R\$\)/), { target: { value: "10" } });
    fireEvent.change(screen.getByLabelText(/Payer name/), { target: { value: "Acme" } });
    fireEvent.click(screen.getByRole("button", { name: "Create PIX charge" }));
    expect(await screen.findByText("Enter the payer's CPF or CNPJ.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Payer CPF or CNPJ/), { target: { value: "1234567890" } });
    fireEvent.click(screen.getByRole("button", { name: "Create PIX charge" }));
    expect(await screen.findByText("It has 10 digits: a CPF has 11 and a CNPJ has 14.")).toBeTruthy();
  });

  it("shows exactly what is missing before the charge exists, and charges that amount", async () => {
    const { services } = fakeServices({ shortfall: jest.fn(() => Promise.resolve(123_456)) });
    renderFund(<FundScreen services={services} draftId="d-7" suggestedCents={100_000} />);
    const option = await screen.findByLabelText(/^Exatamente o que falta: R\$\s1\.234,56$/);
    expect(option).toHaveProperty("checked", true);
    fill("", "Acme Ltda", "11.222.333/0001-81");
    await screen.findByTestId("charge");
    expect(services.createCharge).toHaveBeenCalledWith(
      { amountCents: 123_456, payer: { name: "Acme Ltda", document: "11.222.333/0001-81" } },
      expect.any(AbortSignal),
    );
  });

  it("shows the shortfall in English", async () => {
    const { services } = fakeServices({ shortfall: jest.fn(() => Promise.resolve(123_456)) });
    renderFund(<FundScreen services={services} draftId="d-7" />, "en-US");
    expect(await screen.findByLabelText(/^Exactly what is missing: R\$\s?1,234\.56$/)).toBeTruthy();
  });

  it("never charges an amount the person has not seen: a shortfall that moved is shown again first", async () => {
    const shortfall = jest
      .fn<Promise<number>, [string, AbortSignal]>()
      .mockResolvedValueOnce(123_456)
      .mockResolvedValueOnce(50_000);
    const { services } = fakeServices({ shortfall });
    renderFund(<FundScreen services={services} draftId="d-7" suggestedCents={123_456} />);
    await screen.findByLabelText(/Exatamente o que falta: R\$\s1\.234,56/);
    fill("", "Acme Ltda", "11.222.333/0001-81");
    expect(
      await screen.findByText(/O que falta mudou desde que a tela abriu: agora é R\$\s500,00\./),
    ).toBeTruthy();
    expect(services.createCharge).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Exatamente o que falta: R\$\s500,00/)).toBeTruthy();
  });

  it("says when the balance already covers the draft, and offers only an amount", async () => {
    const { services } = fakeServices({ shortfall: jest.fn(() => Promise.resolve(0)) });
    renderFund(<FundScreen services={services} draftId="d-7" suggestedCents={0} />);
    const option = await screen.findByLabelText(
      "Exatamente o que falta: nada, o saldo já cobre a distribuição",
    );
    expect(option).toHaveProperty("disabled", true);
    expect(screen.getByLabelText("Um valor")).toHaveProperty("checked", true);
  });

  it("fills in the payer remembered for this connection, and remembers the one used", async () => {
    const remember = jest.fn(() => Promise.resolve());
    const { services } = fakeServices({
      payer: {
        recall: jest.fn(() =>
          Promise.resolve({ name: "Padaria Central Ltda", document: "11.222.333/0001-81" }),
        ),
        remember,
      },
    });
    renderFund(<FundScreen services={services} />);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>(/Nome do pagador/).value).toBe("Padaria Central Ltda"),
    );
    expect(screen.getByLabelText<HTMLInputElement>(/CPF ou CNPJ do pagador/).value).toBe(
      "11.222.333/0001-81",
    );
    expect(
      screen.getByText("Pagador da última cobrança nesta conexão. Confira antes de gerar."),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Valor \(R\$\)/), { target: { value: "10" } });
    fireEvent.change(screen.getByLabelText(/Nome do pagador/), { target: { value: "  Padaria Nova  " } });
    fireEvent.click(screen.getByRole("button", { name: "Gerar cobrança PIX" }));
    await screen.findByTestId("charge");
    expect(remember).toHaveBeenCalledWith({ name: "Padaria Nova", document: "11.222.333/0001-81" });
  });

  it("creates the charge, shows the PIX code, its QR, the expiry, and the final state with the new balance", async () => {
    const { services, finish } = fakeServices();
    Object.assign(navigator, { clipboard: { writeText: jest.fn(() => Promise.resolve()) } });
    renderFund(<FundScreen services={services} />);
    expect((await screen.findByTestId("balance")).textContent?.replace(/\s/g, " ")).toBe(
      "Saldo disponível: R$ 100,00",
    );
    fill("1.500,00", "Acme Ltda", "11.222.333/0001-81");
    await screen.findByTestId("charge");
    expect(services.createCharge).toHaveBeenCalledWith(
      { amountCents: 150_000, payer: { name: "Acme Ltda", document: "11.222.333/0001-81" } },
      expect.any(AbortSignal),
    );
    expect(screen.getByText(/^Valor a pagar: R\$\s1\.500,00$/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>("PIX copia e cola").value).toBe(PIX);
    const qr = screen.getByRole("img", { name: "QR code da cobrança PIX" });
    expect(qr.querySelector("path")?.getAttribute("d")).toBe(qrPath(PIX).d);
    expect(await screen.findByText(/Expira em/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Copiar código PIX" }));
    await waitFor(() => expect(navigator.clipboard.writeText).toHaveBeenCalledWith(PIX));
    finish({
      charge: { transactionId: "tx-1", status: "COMPLETED" },
      paid: true,
      balanceCents: 160_000,
      finalSeenAt: Date.now(),
      sawItArrive: true,
    });
    expect(await screen.findByText("Pago: o valor entrou no saldo.")).toBeTruthy();
    expect(screen.getByTestId("balance").textContent?.replace(/\s/g, " ")).toBe(
      "Saldo disponível: R$ 1.600,00",
    );
  });

  it("once paid, shows a receipt in place of the PIX code: amount, when, the transaction id", async () => {
    const { services, finish } = fakeServices();
    Object.assign(navigator, { clipboard: { writeText: jest.fn(() => Promise.resolve()) } });
    renderFund(<FundScreen services={services} />);
    fill("1.500,00", "Acme Ltda", "11.222.333/0001-81");
    await screen.findByRole("img", { name: "QR code da cobrança PIX" });
    const paidAt = new Date(2026, 10, 27, 14, 5).getTime();
    finish({
      charge: { transactionId: "tx-1", status: "COMPLETED" },
      paid: true,
      balanceCents: 160_000,
      finalSeenAt: paidAt,
      sawItArrive: true,
    });
    const receipt = await screen.findByTestId("receipt");
    const text = receipt.textContent?.replace(/\s/g, " ");
    expect(text).toContain("Recibo do depósito");
    expect(text).toContain("ValorR$ 1.500,00");
    expect(text).toContain("Pagamento confirmado em27/11/2026, 14:05");
    expect(text).toContain("Identificador da transaçãotx-1");
    // Nothing left to pay with: no QR code, no PIX code, no copy button, no cancel.
    expect(screen.queryByRole("img", { name: "QR code da cobrança PIX" })).toBeNull();
    expect(screen.queryByLabelText("PIX copia e cola")).toBeNull();
    expect(screen.queryByRole("button", { name: "Copiar código PIX" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancelar a cobrança" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Copiar identificador" }));
    await waitFor(() => expect(navigator.clipboard.writeText).toHaveBeenCalledWith("tx-1"));
  });

  it("an expired charge keeps no code to pay with", async () => {
    const { services, finish } = fakeServices();
    renderFund(<FundScreen services={services} />, "en-US");
    fireEvent.change(await screen.findByLabelText(/Amount \(R\$\)/), { target: { value: "10" } });
    fireEvent.change(screen.getByLabelText(/Payer name/), { target: { value: "Acme" } });
    fireEvent.change(screen.getByLabelText(/Payer CPF or CNPJ/), { target: { value: "11222333000181" } });
    fireEvent.click(screen.getByRole("button", { name: "Create PIX charge" }));
    await screen.findByRole("img", { name: "QR code of the PIX charge" });
    finish({
      charge: { transactionId: "tx-1", status: "EXPIRED" },
      paid: false,
      finalSeenAt: Date.now(),
      sawItArrive: true,
    });
    expect(await screen.findByText("The charge expired unpaid.")).toBeTruthy();
    expect(screen.queryByRole("img", { name: "QR code of the PIX charge" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Copy PIX code" })).toBeNull();
    expect(screen.queryByTestId("receipt")).toBeNull();
  });

  it("follows an existing charge by its transaction id, and says when the server does not know it", async () => {
    const { services } = fakeServices({
      followCharge: jest.fn((id: string) =>
        id === "tx-404"
          ? Promise.reject(new ChargeNotFoundError(id, { cause: new Error("404") }))
          : Promise.resolve<ChargeOutcome>({
              charge: { transactionId: id, status: "COMPLETED", amountCents: 5_000 },
              paid: true,
              finalSeenAt: Date.now(),
              sawItArrive: false,
            }),
      ),
    });
    renderFund(<FundScreen services={services} />);
    fireEvent.click(await screen.findByRole("button", { name: "Acompanhar uma cobrança existente" }));
    const field = await screen.findByLabelText("Identificador da cobrança");
    fireEvent.change(field, { target: { value: "tx 1" } });
    fireEvent.click(screen.getByRole("button", { name: "Acompanhar" }));
    expect(await screen.findByText("Cole o identificador inteiro, sem espaços.")).toBeTruthy();
    fireEvent.change(field, { target: { value: " tx-404 " } });
    fireEvent.click(screen.getByRole("button", { name: "Acompanhar" }));
    expect(await screen.findByText(/Nenhuma cobrança com este identificador nesta conexão/)).toBeTruthy();
    expect(services.followCharge).toHaveBeenCalledWith("tx-404", expect.anything());
    fireEvent.change(screen.getByLabelText("Identificador da cobrança"), { target: { value: "tx-77" } });
    fireEvent.click(screen.getByRole("button", { name: "Acompanhar" }));
    const receipt = await screen.findByTestId("receipt");
    expect(receipt.textContent).toContain("Consultada já paga em");
    expect(receipt.textContent).toContain("tx-77");
    expect(services.createCharge).not.toHaveBeenCalled();
  });

  describe("a creation whose answer was lost", () => {
    const lost = () =>
      jest.fn(() => {
        const failure = ApiError.fromResponse({
          method: "POST",
          url: "https://api.test/deposits",
          status: 503,
        });
        return Promise.reject(
          new DepositOutcomeUnknownError({ transactionId: "tx-9", cause: failure, failure }),
        );
      });

    it("reads the charge by the id kept before sending, and follows it when it exists", async () => {
      const { services } = fakeServices({ createCharge: lost() });
      renderFund(<FundScreen services={services} />);
      fill("10", "Acme Ltda", "11.222.333/0001-81");
      expect(await screen.findByRole("img", { name: "QR code da cobrança PIX" })).toBeTruthy();
      expect(services.followCharge).toHaveBeenCalledWith("tx-9", expect.anything());
      expect(services.createCharge).toHaveBeenCalledTimes(1);
    });

    it("says the charge was never created when the server does not know the id", async () => {
      const { services } = fakeServices({
        createCharge: lost(),
        followCharge: jest.fn((id: string) =>
          Promise.reject(new ChargeNotFoundError(id, { cause: new Error("404") })),
        ),
      });
      renderFund(<FundScreen services={services} />);
      fill("10", "Acme Ltda", "11.222.333/0001-81");
      expect(await screen.findByText(/A cobrança não chegou a ser criada/)).toBeTruthy();
      expect(screen.getByRole("button", { name: "Gerar cobrança PIX" })).toBeTruthy();
      expect(services.createCharge).toHaveBeenCalledTimes(1);
    });

    it("keeps the id in the follow field, with the warning, when the read fails too", async () => {
      const { services } = fakeServices({
        createCharge: lost(),
        followCharge: jest.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
      });
      renderFund(<FundScreen services={services} />);
      fill("10", "Acme Ltda", "11.222.333/0001-81");
      expect((await screen.findByTestId("pane-message")).textContent).toContain(
        "Não se sabe se a cobrança foi criada",
      );
      expect(screen.getByLabelText<HTMLInputElement>("Identificador da cobrança").value).toBe("tx-9");
      expect(services.createCharge).toHaveBeenCalledTimes(1);
    });
  });

  it("funds exactly the draft's shortfall", async () => {
    const { services } = fakeServices();
    renderFund(<FundScreen services={services} draftId="d-7" />);
    fireEvent.click(await screen.findByLabelText(/Exatamente o que falta: R\$\s250,50/));
    fill("", "Acme Ltda", "11.222.333/0001-81");
    await screen.findByTestId("charge");
    expect(services.shortfall).toHaveBeenCalledWith("d-7", expect.any(AbortSignal));
    expect(services.createCharge).toHaveBeenCalledWith(
      expect.objectContaining({ amountCents: 25_050 }),
      expect.any(AbortSignal),
    );
  });

  it("cancels a pending charge and says when it was already paid (409)", async () => {
    const { services, run } = fakeServices();
    renderFund(<FundScreen services={services} />);
    fill("10", "Acme Ltda", "11.222.333/0001-81");
    fireEvent.click(await screen.findByRole("button", { name: "Cancelar a cobrança" }));
    expect(await screen.findByText(/já tinha sido paga/)).toBeTruthy();
    expect(services.cancelCharge).toHaveBeenCalledWith("tx-1");
    expect(run()?.signal.aborted).toBe(true);
  });

  it("shows an API failure in the one message area", async () => {
    const { services } = fakeServices({ createCharge: jest.fn(() => Promise.reject(new Error("boom"))) });
    renderFund(<FundScreen services={services} />, "en-US");
    fireEvent.change(await screen.findByLabelText(/Amount \(R\$\)/), { target: { value: "10" } });
    fireEvent.change(screen.getByLabelText(/Payer name/), { target: { value: "Acme" } });
    fireEvent.change(screen.getByLabelText(/Payer CPF or CNPJ/), { target: { value: "11222333000181" } });
    fireEvent.click(screen.getByRole("button", { name: "Create PIX charge" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Something went wrong");
  });
  it("offers a charge written ahead and never seen final for following, before another is created", async () => {
    const pending = {
      transactionId: "123e4567-e89b-12d3-a456-426614174000",
      amountCents: 50_000,
      at: "2026-11-28T10:00:00.000Z",
    };
    const { services } = fakeServices({ pendingCharge: jest.fn(() => Promise.resolve(pending)) });
    renderFund(<FundScreen services={services} />);
    expect(
      await screen.findByText(/Uma cobrança de R\$\s500,00 criada em .* não foi acompanhada até o fim/),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>(/Identificador da cobrança/).value).toBe(
        pending.transactionId,
      ),
    );
    expect(services.createCharge).not.toHaveBeenCalled();
  });
});
