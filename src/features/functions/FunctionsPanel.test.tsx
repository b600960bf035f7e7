import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderScreen } from "../../ui/testing/render";
import { FunctionsPanel } from "./FunctionsPanel";
import type { FunctionsServices } from "./services";

function services(over: Partial<FunctionsServices> = {}): FunctionsServices {
  return {
    liveEnabled: () => true,
    setLive: jest.fn(() => Promise.resolve()),
    refresh: jest.fn(() => Promise.resolve({ questions: 2, failed: 0, cells: 7 })),
    buildReconciliationSheet: jest.fn(() =>
      Promise.resolve({ sheet: "Conciliação ValePix", created: true, ledger: true, distributions: 3 }),
    ),
    ...over,
  };
}

describe("VALEPIX functions panel", () => {
  it("turns the minute refresh off, refreshes now and says how many calls it took", async () => {
    const s = services();
    renderScreen(<FunctionsPanel services={s} />);
    const live = screen.getByRole("switch", { name: "Atualizar as funções a cada minuto" });
    expect((live as HTMLInputElement).checked).toBe(true);
    fireEvent.click(live);
    expect(s.setLive).toHaveBeenCalledWith(false);
    expect((live as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Atualizar agora" }));
    await screen.findByText("7 célula(s) atualizada(s) com 2 consulta(s) à API.");
  });

  it("puts the switch back and says why when the setting could not be kept", async () => {
    const s = services({
      setLive: jest.fn(() => Promise.reject(new Error("storage refused"))),
    });
    renderScreen(<FunctionsPanel services={s} />, "en-US");
    const live = screen.getByRole("switch");
    fireEvent.click(live);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("storage refused"));
    expect((live as HTMLInputElement).checked).toBe(true);
  });

  it("builds the reconciliation sheet and names it, with the ledger it checked", async () => {
    const s = services();
    renderScreen(<FunctionsPanel services={s} />, "en-US");
    fireEvent.click(screen.getByRole("button", { name: "Build the reconciliation sheet" }));
    await screen.findByText(
      'Sheet "Conciliação ValePix" built: it updates with the functions. Payment history: 3 distribution(s) checked.',
    );
    expect(s.buildReconciliationSheet).toHaveBeenCalledTimes(1);
  });

  it("says so when no cell uses the functions, and offers no sheet without a workbook", async () => {
    const { buildReconciliationSheet: _, ...withoutWorkbook } = services({
      refresh: jest.fn(() => Promise.resolve({ questions: 0, failed: 0, cells: 0 })),
    });
    renderScreen(<FunctionsPanel services={withoutWorkbook} />);
    fireEvent.click(screen.getByRole("button", { name: "Atualizar agora" }));
    await screen.findByText("Nenhuma célula desta pasta usa as funções VALEPIX ainda.");
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Montar planilha de conciliação" })).toBeNull(),
    );
  });
});
