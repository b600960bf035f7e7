import { screen } from "@testing-library/react";
import { renderPane } from "../../../taskpane/testing";
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
  renderPane(
    <ResultPanel result={outcome(status)} busy={false} onCheckAgain={() => {}} onAgain={() => {}} />,
    locale,
  );

describe("ResultPanel: the charge for the difference in the words of the distribution's state", () => {
  it("completed: the charge was paid (not 'is paid once it is paid')", () => {
    show("completed");
    expect(screen.getByText(/foi paga pela cobrança \(transação tx-9\)/)).toBeTruthy();
    expect(screen.queryByText(/quando ela for paga/)).toBeNull();
  });

  it("processing: the distribution is paid once the charge is paid, and check again is offered", () => {
    show("processing", "en-US");
    expect(screen.getByText(/the distribution is paid once it is paid/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Check again" })).toBeTruthy();
  });

  it("failed: the charge was not paid", () => {
    show("failed", "en-US");
    expect(screen.getByText(/\(transaction tx-9\) was not paid/)).toBeTruthy();
  });
});
