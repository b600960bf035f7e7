import { fireEvent, screen } from "@testing-library/react";
import { renderDistribute } from "../testing/render";
import type { FinalizeOutcome } from "../services";
import { ResultPanel } from "./ResultPanel";

const outcome = (status: string): FinalizeOutcome => ({
  distributionId: "dst_1",
  status,
  totalEmployees: 2,
  totalCents: 70_000,
  transactionId: "tx-9",
  finalizedNow: true,
});

const show = (status: string, locale: "pt-BR" | "en-US" = "pt-BR") =>
  renderDistribute(
    <ResultPanel result={outcome(status)} busy={false} onCheckAgain={() => {}} onAgain={() => {}} />,
    locale,
  );

describe("ResultPanel: the charge for the difference in the words of the distribution's state", () => {
  it("completed: the charge was paid (not 'is paid once it is paid')", () => {
    show("completed");
    expect(screen.getByTestId("result").textContent?.replace(/\s/g, " ")).toBe(
      "Distribuição concluída. 2 colaborador(es), R$ 700,00.",
    );
    expect(screen.getByText("A parte que o saldo não cobriu foi paga pela cobrança.")).toBeTruthy();
    expect(screen.queryByText(/quando ela for paga/)).toBeNull();
  });

  it("the ids are words a finance person can skip: under Detalhes, the distribution's and the charge's", () => {
    show("completed");
    expect(screen.queryByText(/dst_1|tx-9/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Detalhes" }));
    const details = screen.getByTestId("result-details");
    expect([...details.querySelectorAll("dt")].map((e) => e.textContent)).toEqual([
      "Código da distribuição",
      "Identificador da cobrança",
    ]);
    expect([...details.querySelectorAll("dd")].map((e) => e.textContent)).toEqual(["dst_1", "tx-9"]);
  });

  it("processing: the distribution is paid once the charge is paid, and check again is offered", () => {
    show("processing", "en-US");
    expect(screen.getByText(/the distribution is paid once it is paid/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Check again" })).toBeTruthy();
  });

  it("failed: the charge was not paid", () => {
    show("failed", "en-US");
    expect(screen.getByText("The charge for the part the balance did not cover was not paid.")).toBeTruthy();
    expect(screen.getByTestId("result").textContent).toContain("Distribution failed.");
  });
});
