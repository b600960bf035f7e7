import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { Charge, ChargeOutcome } from "./charges";
import { qrPath } from "./PixQrCode";
import type { FundServices } from "./services";
import type { Run } from "../../api/progress";
import { renderPane } from "../../taskpane/testing";
import { FundScreen } from "./FundScreen";

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
    renderPane(<FundScreen services={services} />);
    fill("12,345", "", "111.444.777-00");
    expect(await screen.findByText("Escreva um valor em reais maior que zero, como 1.500,00.")).toBeTruthy();
    expect(screen.getByText("Informe o nome do pagador.")).toBeTruthy();
    expect(screen.getByText(/os dígitos verificadores não conferem/)).toBeTruthy();
    expect(services.createCharge).not.toHaveBeenCalled();
  });

  it("creates the charge, shows the PIX code, its QR, the expiry, and the final state with the new balance", async () => {
    const { services, finish } = fakeServices();
    Object.assign(navigator, { clipboard: { writeText: jest.fn(() => Promise.resolve()) } });
    renderPane(<FundScreen services={services} />);
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
    finish({ charge: { transactionId: "tx-1", status: "COMPLETED" }, paid: true, balanceCents: 160_000 });
    expect(await screen.findByText("Pago: o valor entrou no saldo.")).toBeTruthy();
    expect(screen.getByTestId("balance").textContent?.replace(/\s/g, " ")).toBe(
      "Saldo disponível: R$ 1.600,00",
    );
  });

  it("funds exactly the draft's shortfall", async () => {
    const { services } = fakeServices();
    renderPane(<FundScreen services={services} draftId="d-7" />);
    fireEvent.click(await screen.findByLabelText("Exatamente o que falta para a distribuição"));
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
    renderPane(<FundScreen services={services} />);
    fill("10", "Acme Ltda", "11.222.333/0001-81");
    fireEvent.click(await screen.findByRole("button", { name: "Cancelar a cobrança" }));
    expect(await screen.findByText(/já tinha sido paga/)).toBeTruthy();
    expect(services.cancelCharge).toHaveBeenCalledWith("tx-1");
    expect(run()?.signal.aborted).toBe(true);
  });

  it("shows an API failure in the one message area", async () => {
    const { services } = fakeServices({ createCharge: jest.fn(() => Promise.reject(new Error("boom"))) });
    renderPane(<FundScreen services={services} />, "en-US");
    fireEvent.change(await screen.findByLabelText(/Amount \(R\$\)/), { target: { value: "10" } });
    fireEvent.change(screen.getByLabelText(/Payer name/), { target: { value: "Acme" } });
    fireEvent.change(screen.getByLabelText(/Payer CPF or CNPJ/), { target: { value: "11222333000181" } });
    fireEvent.click(screen.getByRole("button", { name: "Create PIX charge" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Something went wrong");
  });
});
