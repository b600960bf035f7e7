import { fireEvent, screen, waitFor } from "@testing-library/react";
import { jsonResponse } from "../../api/testing/fake-fetch";
import { MemoryTokenStore, MemoryUserStorage } from "../../api/testing/memory-storage";
import type { Locale } from "../../ui/i18n";
import { renderScreen } from "../../ui/testing/render";
import { clientFactory, connectionStore } from "./client";
import { ConnectionScreen } from "./ConnectionScreen";
import { connectionErrorWords } from "./error-words";

/**
 * The real adapter (ConnectionStore + API client) over a fetch that answers with `answer`, and
 * `show()` to render the screen on it (in `locale`, pt-BR by default).
 */
function setup(answer: (url: string, auth: string | null) => Response) {
  const tokens = new MemoryTokenStore();
  const calls: Array<{ url: string; auth: string | null }> = [];
  const fetch = ((url: string, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get("authorization");
    calls.push({ url, auth });
    return Promise.resolve(answer(url, auth));
  }) as typeof globalThis.fetch;
  const services = {
    connections: connectionStore(new MemoryUserStorage(), tokens, clientFactory({ fetch })),
  };
  const onActiveChange = jest.fn();
  const show = (locale?: Locale) =>
    renderScreen(
      <ConnectionScreen
        services={services.connections}
        sandboxUrl="http://127.0.0.1:4010"
        onActiveChange={onActiveChange}
      />,
      locale,
      [connectionErrorWords],
    );
  return { tokens, calls, services, onActiveChange, show };
}

function fillNew(label: string, url: string, token: string) {
  fireEvent.change(screen.getByLabelText(/Nome da conexão/), { target: { value: label } });
  fireEvent.change(screen.getByLabelText(/Endereço da API/), { target: { value: url } });
  fireEvent.change(screen.getByLabelText(/Token da API/), { target: { value: token } });
  fireEvent.click(screen.getByRole("button", { name: "Salvar e testar" }));
}

describe("Connection screen", () => {
  it("saves a connection, keeps the token out of the page, and shows the balance", async () => {
    const { calls, tokens, onActiveChange, show } = setup(() =>
      jsonResponse(200, { available_amount: 123456 }),
    );
    show();
    const token = await screen.findByLabelText(/Token da API/);
    expect(token).toHaveProperty("type", "password");
    fireEvent.click(screen.getByRole("button", { name: "Mostrar o token" }));
    expect(token).toHaveProperty("type", "text");
    fillNew("Acme", "https://api.acme.com.br", "tok_live_abcdef");
    const message = await screen.findByTestId("pane-message");
    expect(message.textContent?.replace(/\s/g, " ")).toContain("Saldo disponível: R$ 1.234,56");
    expect(calls).toEqual([
      { url: "https://api.acme.com.br/api/v1/valepix/balances", auth: "Bearer tok_live_abcdef" },
    ]);
    expect(await tokens.get("https://api.acme.com.br")).toBe("tok_live_abcdef");
    expect(document.body.innerHTML).not.toContain("tok_live_abcdef");
    expect(onActiveChange).toHaveBeenLastCalledWith(expect.objectContaining({ label: "Acme" }));
    expect(screen.getByText("em uso")).toBeTruthy();
  });

  it("explains a 401 in plain words with the next step", async () => {
    const { show } = setup(() =>
      jsonResponse(401, { error: { code: "unauthorized", message: "token revoked" } }),
    );
    show();
    await screen.findByLabelText(/Token da API/);
    fillNew("Acme", "https://api.acme.com.br", "tok_old_abcdef");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("O token não foi aceito (401)");
    expect(alert.textContent).toContain("expirou ou foi revogado");
    expect(alert.textContent).toContain("cole um token novo");
    expect(alert.textContent).toContain("O servidor disse: token revoked");
    expect(alert.textContent).not.toContain("tok_old_abcdef");
  });

  it("explains a 403 in English, pointing at the right company's connection", async () => {
    const { show } = setup(() => jsonResponse(403, { error: { code: "forbidden", message: "no access" } }));
    show("en-US");
    await screen.findByLabelText(/API token/);
    fireEvent.change(screen.getByLabelText(/Connection name/), { target: { value: "Acme" } });
    fireEvent.click(screen.getByLabelText("Sandbox (testing)"));
    expect(screen.getByLabelText(/API address/)).toHaveProperty("value", "http://127.0.0.1:4010");
    fireEvent.change(screen.getByLabelText(/API token/), { target: { value: "tok_sandbox_1" } });
    fireEvent.click(screen.getByRole("button", { name: "Save and test" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("No access to this resource (403)");
    expect(alert.textContent).toContain("right company's connection");
  });

  it("shows field errors and sends nothing for a plain-http address or a missing token", async () => {
    const { calls, show } = setup(() => jsonResponse(200, { available_amount: 0 }));
    show();
    await screen.findByLabelText(/Token da API/);
    fillNew("Acme", "http://api.acme.com.br", "tok_live_abcdef");
    expect(await screen.findByText(/Use https/)).toBeTruthy();
    fillNew("Acme", "https://api.acme.com.br", "");
    expect(await screen.findByText("Cole o token da API.")).toBeTruthy();
    fillNew("", "https://api.acme.com.br", "tok");
    expect(await screen.findByText("Dê um nome à conexão.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("switches between companies and signs out", async () => {
    const { services, tokens, onActiveChange, show } = setup(() =>
      jsonResponse(200, { available_amount: 500 }),
    );
    await services.connections.save({
      label: "Acme",
      environment: "production",
      baseUrl: "https://api.acme.com.br",
      persistence: "device",
      token: "tok_acme_1",
    });
    await services.connections.save({
      label: "Beta",
      environment: "custom",
      baseUrl: "https://beta.example.com",
      persistence: "session",
      token: "tok_beta_1",
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Usar: Acme" }));
    await waitFor(() =>
      expect(onActiveChange).toHaveBeenLastCalledWith(expect.objectContaining({ label: "Acme" })),
    );
    fireEvent.click(screen.getByRole("button", { name: "Sair (esquecer o token): Beta" }));
    await waitFor(async () => expect(await tokens.get("https://beta.example.com")).toBeUndefined());
    expect(await tokens.get("https://api.acme.com.br")).toBe("tok_acme_1");
    expect(await screen.findByText("Sem token guardado")).toBeTruthy();
  });
});
