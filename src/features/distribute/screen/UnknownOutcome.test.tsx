/**
 * A finalize without an answer: the pane says the payment may have gone through, offers "check
 * status" first, and "finalize anyway" only after a check that found it not applied, behind a
 * box ticked on purpose. A check that finds it applied shows the result, never a failure.
 */
import { fireEvent, screen, within } from "@testing-library/react";
import { APIConnectionTimeoutError, FinalizeOutcomeUnknownError } from "../../../api";
import type { Distribution } from "../../../api";
import type { DistributeServices, FinalizeCheck, FinalizeOutcome } from "../services";
import { renderDistribute } from "../testing/render";
import { DistributeScreen } from "./DistributeScreen";
import { fake, passing, pickTable, sendEnabled } from "../testing/fake-services";

const noAnswer = (distribution?: Distribution) =>
  new FinalizeOutcomeUnknownError({
    distributionId: "d-1",
    cause: new APIConnectionTimeoutError({ method: "POST", url: "https://a.b/finalize", timeoutMs: 30_000 }),
    ...(distribution ? { distribution } : {}),
  });

const completed: FinalizeOutcome = {
  distributionId: "d-1",
  status: "completed",
  totalEmployees: 2,
  totalCents: 123_456,
  finalizedNow: false,
};

/** Validate, send, review, fill the form, confirm: finalize is called once. */
async function finalizeOnce(s: DistributeServices, locale: "pt-BR" | "en-US" = "pt-BR") {
  const pt = locale === "pt-BR";
  renderDistribute(<DistributeScreen services={s} />, locale);
  if (pt) await pickTable();
  else {
    const select = await screen.findByLabelText("Table");
    await screen.findByRole("option", { name: "Novembro (Distribuição, 3)" });
    fireEvent.change(select, { target: { value: "Novembro" } });
  }
  fireEvent.click(await screen.findByRole("button", { name: pt ? "Validar" : "Validate" }));
  fireEvent.click(await sendEnabled(pt ? "Enviar para rascunho" : "Send to draft"));
  await screen.findByRole("button", { name: pt ? "Continuar" : "Continue" });
  fireEvent.change(screen.getByLabelText(pt ? "Nome do pagador" : "Payer name"), {
    target: { value: "Acme Ltda" },
  });
  fireEvent.change(screen.getByLabelText(pt ? "CPF ou CNPJ do pagador" : "Payer CPF or CNPJ"), {
    target: { value: "11.222.333/0001-81" },
  });
  fireEvent.click(screen.getByRole("button", { name: pt ? "Continuar" : "Continue" }));
  fireEvent.click(await screen.findByRole("button", { name: pt ? "Finalizar e pagar" : "Finalize and pay" }));
}

test("no answer, checked, not applied: finalize anyway only after the check and the box", async () => {
  const checks: FinalizeCheck[] = [{ applied: false, checkedAt: "2026-11-21T12:00:00Z" }];
  const s = fake({
    validate: jest.fn(() => Promise.resolve(passing)),
    finalize: jest
      .fn()
      .mockRejectedValueOnce(
        noAnswer({ distribution_id: "d-1", status: "draft", total_employees: 2, total_amount: 123_456 }),
      )
      .mockResolvedValueOnce({ ...completed, finalizedNow: true }),
    checkFinalize: jest.fn(() => Promise.resolve(checks.shift()!)),
  });
  await finalizeOnce(s);

  const panel = await screen.findByTestId("unknown-outcome");
  expect(within(panel).getByRole("alert").textContent).toContain("O pagamento pode ter sido feito.");
  // The id is under Detalhes, not in the words.
  expect(within(panel).getByRole("alert").textContent).toContain("finalização desta distribuição");
  expect(within(panel).queryByText(/d-1/)).toBeNull();
  fireEvent.click(within(panel).getByRole("button", { name: "Detalhes" }));
  expect(within(panel).getByTestId("unknown-details").querySelector("dd")?.textContent).toBe("d-1");
  // The message area stays free: this is a decision, not an error to dismiss.
  expect(screen.queryByTestId("pane-message")).toBeNull();
  // The review and the finalize form are gone: nothing invites a second payment.
  expect(screen.queryByRole("button", { name: "Continuar" })).toBeNull();
  expect(screen.queryByRole("button", { name: "Finalizar mesmo assim" })).toBeNull();

  fireEvent.click(within(panel).getByRole("button", { name: "Verificar o estado" }));
  expect((await screen.findByTestId("unknown-checked")).textContent).toMatch(
    /^Verificado às .+: a distribuição continua em rascunho; o pagamento não foi aplicado\.$/,
  );
  expect(s.checkFinalize).toHaveBeenCalledWith(
    expect.objectContaining({ table: "Novembro", distributionId: "d-1", confirmRepeat: false }),
    expect.anything(),
  );
  const anyway = screen.getByRole("button", { name: "Finalizar mesmo assim" });
  expect(anyway).toHaveProperty("disabled", true);
  fireEvent.click(screen.getByLabelText("Verifiquei o estado e quero finalizar de novo"));
  fireEvent.click(anyway);
  expect((await screen.findByTestId("result")).textContent).toContain("Distribuição concluída.");
  expect(s.finalize).toHaveBeenCalledTimes(2);
  expect(s.finalize).toHaveBeenLastCalledWith(
    expect.objectContaining({ distributionId: "d-1", confirmAfterUnknownOutcome: true }),
    expect.anything(),
  );
  expect(screen.queryByTestId("unknown-outcome")).toBeNull();
});

test("no answer, the check finds it applied: the result, never a failure, and finalize is not sent again", async () => {
  const s = fake({
    validate: jest.fn(() => Promise.resolve(passing)),
    finalize: jest.fn(() => Promise.reject(noAnswer())),
    checkFinalize: jest.fn(() => Promise.resolve({ applied: true as const, outcome: completed })),
  });
  await finalizeOnce(s, "en-US");
  const panel = await screen.findByTestId("unknown-outcome");
  expect(within(panel).getByRole("alert").textContent).toContain("The payment may have gone through.");
  expect(within(panel).queryByRole("button", { name: "Finalize anyway" })).toBeNull();
  fireEvent.click(within(panel).getByRole("button", { name: "Check status" }));
  expect((await screen.findByTestId("result")).textContent).toContain("Distribution completed.");
  expect(screen.getByText(/only followed, nothing was paid again/)).toBeTruthy();
  expect(screen.queryByTestId("unknown-outcome")).toBeNull();
  expect(s.finalize).toHaveBeenCalledTimes(1);
});
