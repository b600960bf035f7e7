import { fireEvent, screen, waitFor } from "@testing-library/react";
import { AuthenticationError } from "../../api";
import type { ActivityServices } from "./services";
import { renderScreen } from "../../ui/testing/render";
import { ActivityScreen } from "./ActivityScreen";

function services(over: Partial<ActivityServices> = {}): ActivityServices {
  return {
    runLog: jest.fn(() =>
      Promise.resolve([
        {
          at: "2026-11-20T15:00:00Z",
          table: "Novembro",
          mode: "selected",
          distributionId: "d-2",
          state: "processing",
          totalCents: 250_000,
          paymentMethod: "BALANCE",
        },
        {
          at: "2026-10-20T15:00:00Z",
          table: "Outubro",
          mode: "batch",
          distributionId: "d-1",
          state: "completed",
          totalCents: 100_000,
        },
      ]),
    ),
    goToTable: jest.fn(() => Promise.resolve()),
    distribution: jest.fn(() =>
      Promise.resolve({ status: "completed", totalEmployees: 12, totalCents: 250_000 }),
    ),
    ...over,
  };
}

describe("Activity screen", () => {
  it("lists the run log in the order given (newest first) and links each entry to its table and distribution", async () => {
    const s = services();
    renderScreen(<ActivityScreen services={s} />);
    const items = await screen.findAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain("tabela Novembro");
    expect(items[0]!.textContent?.replace(/\s/g, " ")).toContain("R$ 2.500,00");
    expect(items[0]!.textContent).toContain("Saldo");
    fireEvent.click(screen.getByRole("button", { name: "Ir para a tabela Novembro" }));
    expect(s.goToTable).toHaveBeenCalledWith("Novembro");
    fireEvent.click(screen.getByRole("button", { name: "Ver o estado atual da distribuição d-2" }));
    expect((await screen.findByRole("status")).textContent).toContain("Agora: concluída, 12 colaborador(es)");
  });

  it("waits on a distribution's button while its state is asked, and shows the answer under it", async () => {
    let answer: (v: { status: string; totalEmployees: number; totalCents: number }) => void = () => {};
    const s = services({ distribution: () => new Promise((resolve) => (answer = resolve)) });
    renderScreen(<ActivityScreen services={s} />);
    const button = await screen.findByRole("button", { name: "Ver o estado atual da distribuição d-2" });
    fireEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    answer({ status: "processing", totalEmployees: 3, totalCents: 9_900 });
    expect((await screen.findByRole("status")).textContent).toContain(
      "Agora: ainda em processamento, 3 colaborador(es)",
    );
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it("says when there is nothing yet, and reports a failed read in the message area", async () => {
    renderScreen(<ActivityScreen services={services({ runLog: () => Promise.resolve([]) })} />, "en-US");
    expect(await screen.findByText("No distribution recorded in this workbook yet.")).toBeTruthy();
    const failing = services({
      distribution: () =>
        Promise.reject(new AuthenticationError("x", { method: "GET", url: "https://a.b/c", status: 401 })),
    });
    renderScreen(<ActivityScreen services={failing} />, "en-US");
    const buttons = await screen.findAllByRole("button", { name: "Check distribution d-2's current state" });
    fireEvent.click(buttons[0]!);
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain("The token was not accepted (401)"),
    );
  });

  it("explains an interrupted send in plain words, with no placeholder id and nothing to check", async () => {
    const interrupted = {
      at: "2026-11-21T15:00:00Z",
      table: "Novembro",
      mode: "selected",
      state: "interrupted",
    };
    renderScreen(<ActivityScreen services={services({ runLog: () => Promise.resolve([interrupted]) })} />);
    const [item] = await screen.findAllByRole("listitem");
    const text = item!.textContent ?? "";
    expect(text).toContain("Estadoenvio interrompido");
    expect(text).toContain("Nada foi pago.");
    expect(text).toContain("envie a tabela de novo");
    expect(text).not.toMatch(/interrupted|creating|pending-|Distribuição/);
    expect(screen.queryByRole("button", { name: /Ver o estado atual/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Ir para a tabela Novembro" })).toBeTruthy();
  });
});
