import { FluentProvider, MessageBarBody, MessageBarTitle, webLightTheme } from "@fluentui/react-components";
import { render, screen } from "@testing-library/react";
import { LiveMessageBar } from "./LiveMessageBar";

const wrap = (node: React.ReactNode) => render(<FluentProvider theme={webLightTheme}>{node}</FluentProvider>);

describe("a message bar", () => {
  it("is a status, labelled by nothing when it has no title", () => {
    wrap(
      <LiveMessageBar intent="success">
        <MessageBarBody>Tabela criada.</MessageBarBody>
      </LiveMessageBar>,
    );
    const bar = screen.getByRole("status");
    expect(bar.hasAttribute("aria-labelledby")).toBe(false);
  });

  it("is an alert when it is an error, labelled by its title when it has one", () => {
    wrap(
      <LiveMessageBar titled intent="error">
        <MessageBarBody>
          <MessageBarTitle>Falhou</MessageBarTitle> Tente de novo.
        </MessageBarBody>
      </LiveMessageBar>,
    );
    const bar = screen.getByRole("alert");
    const id = bar.getAttribute("aria-labelledby") ?? "";
    expect(document.getElementById(id)?.textContent).toBe("Falhou");
  });
});
