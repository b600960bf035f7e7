import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { render, screen } from "@testing-library/react";
import { uiLanguage } from "../i18n";
import { App } from "./App";

function renderApp(displayLanguage: string | undefined) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <App language={uiLanguage(displayLanguage)} />
    </FluentProvider>,
  );
}

describe("first screen", () => {
  it("says what the add-in is and that it is not connected, in Portuguese for pt hosts", () => {
    renderApp("pt-BR");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("ValePix para Excel");
    expect(screen.getByTestId("connection-status").textContent).toBe("Não conectado");
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
  });

  it("speaks English to other hosts", () => {
    renderApp("en-GB");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("ValePix for Excel");
    expect(screen.getByTestId("connection-status").textContent).toBe("Not connected");
  });

  it("defaults to Portuguese when the host does not say", () => {
    expect(uiLanguage(undefined)).toBe("pt-BR");
    expect(uiLanguage("pt-PT")).toBe("pt-BR");
  });
});
