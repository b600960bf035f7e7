import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createServices } from "./pane-services";
import { MemoryTokenStore, MemoryUserStorage } from "../api/testing/memory-storage";
import { App } from "./App";

function renderApp(
  locale: "pt-BR" | "en-US",
  services = createServices({ userStorage: new MemoryUserStorage(), tokenStore: new MemoryTokenStore() }),
) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <App locale={locale} services={services} sandboxUrl="http://127.0.0.1:4010" />
    </FluentProvider>,
  );
}

describe("the pane's shell", () => {
  it("says what it is and that nothing is connected, in Portuguese", async () => {
    renderApp("pt-BR");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("ValePix para Excel");
    expect(screen.getByTestId("connection-status").textContent).toBe("Não conectado");
    expect(await screen.findByRole("navigation", { name: "Telas do ValePix" })).toBeTruthy();
    expect(await screen.findByLabelText(/Token da API/)).toBeTruthy();
  });

  it("shows the active connection, in English", async () => {
    const services = createServices({
      userStorage: new MemoryUserStorage(),
      tokenStore: new MemoryTokenStore(),
    });
    await services.connections.save({
      label: "Acme",
      environment: "production",
      baseUrl: "https://api.acme.com.br",
      persistence: "device",
      token: "tok_1234567",
    });
    renderApp("en-US", services);
    await waitFor(() => expect(screen.getByTestId("connection-status").textContent).toBe("Connected: Acme"));
  });

  it("shows only wired screens, asks to connect first, and loads a rarely used screen on demand", async () => {
    const base = createServices({ userStorage: new MemoryUserStorage(), tokenStore: new MemoryTokenStore() });
    const activity = {
      runLog: () => Promise.resolve([]),
      goToTable: () => Promise.resolve(),
      distribution: () => Promise.reject(new Error("unused")),
    };
    renderApp("pt-BR", { ...base, activity });
    expect(screen.queryByRole("tab", { name: "Distribuir" })).toBeNull();
    fireEvent.click(await screen.findByRole("tab", { name: "Depositar" }));
    expect(await screen.findByText("Conecte-se à API antes de usar esta tela.")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Atividade" }));
    expect(
      await screen.findByText("Nenhuma distribuição registrada nesta pasta de trabalho ainda."),
    ).toBeTruthy();
  });
});
