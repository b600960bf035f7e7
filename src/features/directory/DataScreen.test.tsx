import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { DataServices } from "./services";
import type { Run } from "../../api/progress";
import { renderScreen } from "../../ui/testing/render";
import { DataScreen } from "./DataScreen";

const table = (name: string) => ({
  name,
  sheet: name,
  header: [],
  rowCount: 3,
  headerRow: 1,
  firstColumn: 0,
  hasTotalsRow: false,
});

function services(over: Partial<DataServices> = {}): DataServices {
  return {
    listTables: jest.fn(() => Promise.resolve([table("Pessoas"), table("Beneficios")])),
    situations: jest.fn(() =>
      Promise.resolve([
        { value: "active", label: "Ativo" },
        { value: "inactive", label: "Inativo" },
      ]),
    ),
    pull: jest.fn((_k, _f, run: Run) => {
      run.onProgress({ phase: "employees", done: 1, total: 2 });
      return Promise.resolve({ table: "ValePix_Colaboradores", added: 3, updated: 1 });
    }),
    registerEmployees: jest.fn(() =>
      Promise.resolve({
        created: 2,
        alreadyRegistered: 1,
        errors: 1,
        notSent: 0,
        problems: [{ what: "Invalid CPF", rows: [4, 7] }],
      }),
    ),
    saveBenefits: jest.fn(() =>
      Promise.resolve({ created: 1, updated: 1, unchanged: 0, errors: 0, problems: [] }),
    ),
    ...over,
  };
}

describe("Data screen", () => {
  it.each(["pt-BR", "en-US"] as const)(
    "offers the transaction types and situations in words, never the API's codes (%s)",
    async (locale) => {
      const s = services({
        situations: jest.fn(() => Promise.reject(new Error("offline"))),
        pullTransactions: jest.fn(() => Promise.resolve({ table: "T", added: 0, updated: 0 })),
      });
      renderScreen(<DataScreen services={s} />, locale);
      await screen.findAllByRole("option");
      const shown = screen.getAllByRole("option").map((o) => o.textContent ?? "");
      expect(shown.length).toBeGreaterThan(3);
      for (const text of shown) expect(text).not.toMatch(/\b[A-Z]{3,}\b|^[a-z_]+$/);
    },
  );

  it("pulls employees with the chosen situation and reports the table", async () => {
    const s = services();
    renderScreen(<DataScreen services={s} />);
    const select = await screen.findByLabelText("Situação dos colaboradores");
    await screen.findByRole("option", { name: "Inativo" });
    fireEvent.change(select, { target: { value: "inactive" } });
    fireEvent.click(screen.getByRole("button", { name: "Colaboradores" }));
    expect((await screen.findByTestId("pane-message")).textContent).toContain(
      "Tabela ValePix_Colaboradores: 3 nova(s), 1 atualizada(s).",
    );
    expect(s.pull).toHaveBeenCalledWith(
      "employees",
      { situation: "inactive" },
      expect.objectContaining({ signal: expect.any(AbortSignal) as unknown }),
    );
    fireEvent.change(select, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Produtos" }));
    await waitFor(() => expect(s.pull).toHaveBeenLastCalledWith("products", {}, expect.anything()));
  });

  it("registers employees from the chosen table and says how many failed", async () => {
    const s = services();
    renderScreen(<DataScreen services={s} />, "en-US");
    const register = await screen.findByRole("button", { name: "Register" });
    expect(register).toHaveProperty("disabled", true);
    const [registerPicker] = await screen.findAllByLabelText("Table");
    await screen.findAllByRole("option", { name: "Pessoas (Pessoas, 3)" });
    fireEvent.change(registerPicker!, { target: { value: "Pessoas" } });
    fireEvent.click(register);
    const message = await screen.findByTestId("pane-message");
    // The rows that failed are named, with what is wrong.
    expect(message.textContent).toContain(
      "2 registered, 1 already there, 1 with errors. Rows 4 and 7: Invalid CPF.",
    );
    expect(s.registerEmployees).toHaveBeenCalledWith("Pessoas", expect.anything());
  });

  it("saves benefits from a table, and shows the reconciliation only when it is wired", async () => {
    const s = services();
    const { unmount } = renderScreen(<DataScreen services={s} />);
    const pickers = await screen.findAllByLabelText("Tabela");
    await screen.findAllByRole("option", { name: "Beneficios (Beneficios, 3)" });
    fireEvent.change(pickers[1]!, { target: { value: "Beneficios" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar benefícios" }));
    expect((await screen.findByTestId("pane-message")).textContent).toContain(
      "1 criado(s), 1 atualizado(s), 0 com erro",
    );
    expect(screen.queryByRole("button", { name: "Conciliar" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Transações" })).toBeNull();
    unmount();

    renderScreen(
      <DataScreen
        services={services({
          reconcile: () =>
            Promise.resolve({
              depositsCents: 500_000,
              distributionsCents: 300_000,
              expectedCents: 200_000,
              balanceCents: 190_000,
              differenceCents: -10_000,
              unlinkedDebits: 2,
            }),
        })}
      />,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Conciliar" }));
    const facts = await screen.findByTestId("reconciliation");
    expect(facts.textContent?.replace(/\s/g, " ")).toContain("Diferença-R$ 100,00");
    expect(screen.getByText("Não confere: veja as transações na tabela de conciliação.")).toBeTruthy();
    expect(screen.getByText("2 débito(s) sem registro no histórico desta pasta.")).toBeTruthy();
  });

  it("sends a failed pull to the message area", async () => {
    const s = services({ pull: () => Promise.reject(new Error("kaput")) });
    renderScreen(<DataScreen services={s} />);
    fireEvent.click(await screen.findByRole("button", { name: "Benefícios" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Detalhe técnico: kaput");
  });
});
