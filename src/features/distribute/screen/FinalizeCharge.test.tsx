/**
 * Finalize with a method that opens a charge for the difference (BALANCE_WITH_PIX /
 * BALANCE_WITH_BOLETO): while the distribution waits, the pane shows the charge to pay (PIX code
 * and QR, or the boleto line; the expiry) with progress and "cancel the charge".
 */
import { fireEvent, screen, within } from "@testing-library/react";
import type { Charge } from "../../fund";
import type { FinalizeOutcome } from "../services";
import type { Run } from "../../../api/progress";
import { renderDistribute } from "../testing/render";
import { DistributeScreen } from "./DistributeScreen";
import { fake, passing, pickTable, sendEnabled } from "../testing/fake-services";

const PIX =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR6304ABCD";

function waiting(charge: Charge) {
  let finish: (o: FinalizeOutcome) => void = () => {};
  const finalize = jest.fn(
    (_r: unknown, run: Run & { onCharge?: (c: Charge) => void }) =>
      new Promise<FinalizeOutcome>((resolve) => {
        run.onCharge?.(charge);
        run.onProgress({ phase: "wait", done: 0, total: 1 });
        finish = resolve;
      }),
  );
  return { finalize, finish: (o: FinalizeOutcome) => finish(o) };
}

async function finalizeWith(method: string) {
  await pickTable();
  fireEvent.click(await screen.findByRole("button", { name: "Validar" }));
  fireEvent.click(await sendEnabled("Enviar para rascunho"));
  await screen.findByRole("button", { name: "Continuar" });
  fireEvent.click(screen.getByLabelText(method));
  fireEvent.change(screen.getByLabelText("Nome do pagador"), { target: { value: "Acme Ltda" } });
  fireEvent.change(screen.getByLabelText("CPF ou CNPJ do pagador"), {
    target: { value: "11.222.333/0001-81" },
  });
  fireEvent.click(screen.getByRole("button", { name: "Continuar" }));
  fireEvent.click(await screen.findByRole("button", { name: "Finalizar e pagar" }));
}

test("PIX for the difference: code, QR, expiry and progress while waiting; cancel, then the failed result", async () => {
  const w = waiting({
    transactionId: "tx-9",
    status: "PENDING",
    amountCents: 23_456,
    pixCopyPaste: PIX,
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
  });
  const s = fake({ validate: jest.fn(() => Promise.resolve(passing)), finalize: w.finalize });
  renderDistribute(<DistributeScreen services={s} />);
  await finalizeWith("Saldo + PIX pela diferença");

  const panel = await screen.findByRole("region", { name: "Pague a cobrança da diferença" });
  expect(within(panel).getByText("Valor a pagar: R$ 234,56")).toBeTruthy();
  expect(await within(panel).findByTestId("pix-qr")).toBeTruthy(); // the QR encoder loads with the first charge
  expect(within(panel).getByLabelText("PIX copia e cola")).toHaveProperty("value", PIX);
  expect((await within(panel).findByTestId("expiry")).textContent).toMatch(/^Expira em (9|10) min/);
  expect(screen.getByTestId("progress")).toBeTruthy();

  fireEvent.click(within(panel).getByRole("button", { name: "Cancelar a cobrança" }));
  expect(await screen.findByText("Cobrança cancelada: a distribuição não será paga.")).toBeTruthy();
  expect(s.cancelCharge).toHaveBeenCalledWith("tx-9");
  expect(within(panel).getByRole("status").textContent).toBe(
    "A cobrança foi cancelada: a distribuição não será paga.",
  );
  w.finish({
    distributionId: "d-1",
    status: "failed",
    totalEmployees: 2,
    totalCents: 123_456,
    finalizedNow: true,
  });
  expect((await screen.findByTestId("result")).textContent).toContain("Distribuição falhou.");
  expect(screen.queryByRole("region", { name: "Pague a cobrança da diferença" })).toBeNull();
});

test("boleto for the difference: the digitable line to copy, no QR", async () => {
  const line = "00090.12345 67890.123456 78901.234567 9 00000000023456";
  const w = waiting({ transactionId: "tx-8", status: "PENDING", amountCents: 23_456, boletoLine: line });
  const s = fake({ validate: jest.fn(() => Promise.resolve(passing)), finalize: w.finalize });
  renderDistribute(<DistributeScreen services={s} />);
  await finalizeWith("Saldo + boleto pela diferença");
  const panel = await screen.findByRole("region", { name: "Pague a cobrança da diferença" });
  expect(within(panel).getByLabelText("Linha digitável do boleto")).toHaveProperty("value", line);
  expect(within(panel).getByRole("button", { name: "Copiar linha digitável" })).toBeTruthy();
  expect(within(panel).queryByTestId("pix-qr")).toBeNull();
  w.finish({
    distributionId: "d-1",
    status: "completed",
    totalEmployees: 2,
    totalCents: 123_456,
    finalizedNow: true,
  });
  expect((await screen.findByTestId("result")).textContent).toContain("concluída");
});
