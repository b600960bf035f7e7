/**
 * @jest-environment node
 *
 * A finalize that gets no answer, through the pane as a person uses it (React, Fluent UI, the
 * real adapter and workflows) against the sandbox over loopback: the finalize request fails with
 * a 503 before the server sees it, or the server applies it late (as its `slow` fault does: the
 * answer never arrives, the change lands afterwards). The pane explains that the payment may have
 * been applied, "check status" reads before anything else, and "finalize anyway" comes only after
 * a check that found it not applied. Finalize reaches the server at most once per decision.
 *
 * Node's environment with a jsdom DOM (src/ui/testing/node-dom.ts), as src/taskpane/journey.test.tsx.
 */
import { closeDom } from "../ui/testing/node-dom";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { cleanup, fireEvent, render, waitFor, within } from "@testing-library/react";
import {
  fundBalance,
  newWorkbook,
  startWorkflowEnv,
  type WorkflowEnv,
} from "../features/testing/workflows-env";
import { connectedServices } from "./testing/pane-env";
import { collectAll, type ValePixClient } from "../api";
import { formatCpf } from "../money";
import { readRunLogEntries } from "../workbook/run-log";
import { App } from "./App";

jest.setTimeout(120_000);

const TABLE = "Novembro";
const view = within(document.body);

let env: WorkflowEnv;
afterEach(async () => {
  cleanup();
  await env.close();
});
afterAll(() => closeDom());

/**
 * The pane over the sandbox, with `onFinalize` deciding what becomes of each finalize request:
 * "drop" answers 503 without sending it, "late" keeps it to send later (`late()`), "pass" sends it.
 */
async function paneOverSandbox(plan: Array<"drop" | "late" | "pass">) {
  env = await startWorkflowEnv();
  const employees = (await collectAll(env.client.employees.list(), { max: 1000 })).filter(
    (e) => e.situation === "active",
  );
  const rows = employees.slice(0, 3).map((e) => [formatCpf(e.cpf!), e.name, 600, 450]);
  const wb = newWorkbook([{ name: TABLE, header: ["CPF", "Nome", "Refeição", "Alimentação"], rows }]);
  await fundBalance(env, env.client, 1_000_000);
  const held: Array<() => Promise<Response>> = [];
  const finalizeCalls = { seen: 0 };
  const services = await connectedServices(env, wb, async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith("/finalize")) {
      finalizeCalls.seen++;
      const what = plan.shift() ?? "pass";
      if (what === "drop") return new Response("{}", { status: 503 });
      if (what === "late") {
        held.push(() => globalThis.fetch(input, init));
        return new Response("{}", { status: 504 });
      }
    }
    return globalThis.fetch(input, init);
  });
  render(
    <FluentProvider theme={webLightTheme}>
      <App locale="pt-BR" services={services} sandboxUrl={env.sb.url} initialScreen="distribute" />
    </FluentProvider>,
  );
  const picker = await view.findByLabelText("Tabela");
  await view.findByRole("option", { name: `${TABLE} (${TABLE}, 3)` });
  fireEvent.change(picker, { target: { value: TABLE } });
  await view.findByText(/colunas reconhecidas/); // the mapping, read and folded
  fireEvent.click(view.getByRole("button", { name: "Validar" }));
  const send = await view.findByRole("button", { name: "Enviar para rascunho" });
  await waitFor(() => expect(send).toHaveProperty("disabled", false));
  fireEvent.click(send);
  await view.findByText("A planilha e o rascunho conferem, centavo por centavo.", {}, { timeout: 30_000 });
  fireEvent.change(view.getByLabelText("Nome do pagador"), { target: { value: "Financeiro Acme" } });
  fireEvent.change(view.getByLabelText("CPF ou CNPJ do pagador"), {
    target: { value: "11.222.333/0001-81" },
  });
  fireEvent.click(view.getByRole("button", { name: "Continuar" }));
  fireEvent.click(await view.findByRole("button", { name: "Finalizar e pagar" }));
  return {
    wb,
    held,
    finalizeCalls,
    served: () => env.sb.requests.count({ operation: "finalizeDistribution" }),
  };
}

const distributionOf = async (api: ValePixClient, wb: Parameters<typeof readRunLogEntries>[0]) => {
  const id = (await readRunLogEntries(wb)).at(-1)!.distributionId;
  return api.distributions.get(id);
};

test("not applied: the check says so; finalize anyway (ticked on purpose) pays once", async () => {
  const { wb, served } = await paneOverSandbox(["drop", "pass"]);
  const panel = await view.findByTestId("unknown-outcome", {}, { timeout: 30_000 });
  expect(within(panel).getByRole("alert").textContent).toContain("O pagamento pode ter sido feito.");
  expect((await readRunLogEntries(wb)).at(-1)!.state).toBe("unknown");
  expect(served()).toBe(0);

  fireEvent.click(within(panel).getByRole("button", { name: "Verificar o estado" }));
  expect((await view.findByTestId("unknown-checked")).textContent).toContain("continua em rascunho");
  expect(served()).toBe(0);
  fireEvent.click(view.getByLabelText("Verifiquei o estado e quero finalizar de novo"));
  fireEvent.click(view.getByRole("button", { name: "Finalizar mesmo assim" }));
  const result = await view.findByTestId("result", {}, { timeout: 30_000 });
  expect(result.textContent).toMatch(/concluída/);
  expect(served()).toBe(1);
  expect((await distributionOf(env.client, wb)).status).toBe("completed");
});

test("applied late by a slow server: the check finds it and follows it to completed; finalize is never sent again", async () => {
  const { wb, held, finalizeCalls, served } = await paneOverSandbox(["late"]);
  const panel = await view.findByTestId("unknown-outcome", {}, { timeout: 30_000 });
  expect(served()).toBe(0);
  // The server gets the request now, after the pane gave up on its answer.
  await held[0]!();
  expect(served()).toBe(1);

  fireEvent.click(within(panel).getByRole("button", { name: "Verificar o estado" }));
  const result = await view.findByTestId("result", {}, { timeout: 30_000 });
  expect(result.textContent).toMatch(/concluída/);
  expect(view.queryByText(/falhou/)).toBeNull();
  expect(view.getByText(/só acompanhada, nada foi pago de novo/)).toBeTruthy();
  expect(finalizeCalls.seen).toBe(1);
  expect(served()).toBe(1);
  expect((await readRunLogEntries(wb)).at(-1)!.state).toBe("completed");
  expect((await distributionOf(env.client, wb)).status).toBe("completed");
});
