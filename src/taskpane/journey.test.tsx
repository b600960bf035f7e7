/**
 * @jest-environment node
 *
 * A person's whole Distribute journey, through the pane as they use it (React, Fluent UI, the
 * real adapter and workflows) against the sandbox over loopback (manual clock) and the test
 * workbook: validate a table with a bad cell, click the problem (the cell is selected through the
 * port), check the cell, fix it in the sheet (live validation clears the problem), send, review,
 * finalize with BALANCE, wait for the final state, statuses in the cells, the run-log entry in
 * Activity; then the same table again is blocked as a double payment until confirmed on purpose.
 *
 * Node's environment with a jsdom DOM (src/ui/testing/node-dom.ts): the sandbox and Node's fetch and
 * crypto.subtle do not run inside jest's jsdom environment.
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
import { collectAll, type Employee, type ValePixClient } from "../api";
import { formatCpf } from "../money";
import type { MemoryWorkbook } from "../excel/memory-workbook";
import type { CellValue } from "../workbook";
import { App } from "./App";

jest.setTimeout(120_000);

const TABLE = "Novembro";
// test/setup-dom.ts loaded the testing library before this DOM existed: bind queries to it here.
const view = within(document.body);
const norm = (s: string | null | undefined) => (s ?? "").replace(/\s/g, " ");

let env: WorkflowEnv;
afterEach(async () => {
  cleanup();
  await env.close();
});
afterAll(() => closeDom());

/** The send button once enabled (shown disabled until the table validates). */
async function sendEnabled(): Promise<HTMLElement> {
  const button = await view.findByRole("button", { name: "Enviar para rascunho" });
  await waitFor(() => expect(button).toHaveProperty("disabled", false));
  return button;
}

async function people(api: ValePixClient) {
  const employees = await collectAll(api.employees.list(), { max: 1000 });
  const products = await collectAll(api.products.list(), { max: 100 });
  return {
    active: employees.filter((e) => e.situation === "active"),
    products,
  };
}

function column(wb: MemoryWorkbook, header: string): CellValue[] {
  const values = wb.sheetValues(TABLE);
  const i = values[0]!.indexOf(header);
  return values.slice(1).map((r) => r[i] ?? "");
}

test("validate, select and fix a bad cell, send, review, finalize, statuses, activity, double payment", async () => {
  env = await startWorkflowEnv();
  const { active } = await people(env.client);
  const [a, b, c] = active as [Employee, Employee, Employee];
  const wb = newWorkbook([
    {
      name: TABLE,
      header: ["CPF", "Nome", "Refeição", "Alimentação"],
      rows: [
        [formatCpf(a.cpf!), a.name, "R$ 600,00", 450],
        [formatCpf(b.cpf!), b.name, "abc", 450],
        [formatCpf(c.cpf!), c.name, 600, ""],
      ],
    },
  ]);
  // The company has money for it (a PIX deposit that completes after the sandbox's delay).
  await fundBalance(env, env.client, 1_000_000);

  const services = await connectedServices(env, wb);
  render(
    <FluentProvider theme={webLightTheme}>
      <App locale="pt-BR" services={services} sandboxUrl={env.sb.url} initialScreen="distribute" />
    </FluentProvider>,
  );

  // Pick the table; validate: the bad cell is listed, and nothing can be sent.
  const picker = await view.findByLabelText("Tabela");
  await view.findByRole("option", { name: `${TABLE} (${TABLE}, 3)` });
  fireEvent.change(picker, { target: { value: TABLE } });
  await view.findByText(/colunas reconhecidas/);
  fireEvent.click(view.getByRole("button", { name: "Validar" }));
  const problems = await view.findByRole("list", { name: /^Problemas \(\d+\)$/ });
  expect(view.getByRole("button", { name: "Enviar para rascunho" })).toHaveProperty("disabled", true);
  expect(column(wb, "Status ValePix")).toEqual(["Pronto", "Erro", "Pronto"]);

  // Clicking the problem selects its cell in the workbook, and the checker shows what it read.
  fireEvent.click(within(problems).getByRole("button", { name: /Linha 3, coluna Refeição: 'abc'/ }));
  await waitFor(() => expect(wb.excel.selection()).toBeDefined());
  const sel = wb.excel.selection()!;
  expect(wb.cell(sel.sheet, sel.address)).toBe("abc");
  fireEvent.click(view.getByRole("button", { name: "Conferir" }));
  expect((await view.findByTestId("inspection-problem")).textContent).toContain("'abc'");

  // The person fixes the cell in Excel: live validation clears the problem, no button pressed.
  wb.typeCell(TABLE, "C3", "550,00");
  expect(await view.findByText("Nenhum problema: a tabela pode ser enviada.")).toBeTruthy();
  expect(view.getByText(/Atualizado enquanto você digita/)).toBeTruthy();
  expect(norm(view.getByTestId("summary").textContent)).toContain("Total geralR$ 2.650,00");

  // Send; the review reads the draft back: it matches the sheet, and this is the first time.
  fireEvent.click(await sendEnabled());
  expect(
    await view.findByText("A planilha e o rascunho conferem, centavo por centavo.", {}, { timeout: 30_000 }),
  ).toBeTruthy();
  expect(view.getByText("Primeira distribuição finalizada desta tabela.")).toBeTruthy();

  // Finalize with BALANCE (the default), payer validated; confirm with the totals; wait.
  fireEvent.change(view.getByLabelText("Nome do pagador"), { target: { value: "Financeiro Acme" } });
  fireEvent.change(view.getByLabelText("CPF ou CNPJ do pagador"), {
    target: { value: "11.222.333/0001-81" },
  });
  fireEvent.click(view.getByRole("button", { name: "Continuar" }));
  expect(norm((await view.findByTestId("confirm-total")).textContent)).toBe(
    "Pagar R$ 2.650,00 a 3 colaborador(es)",
  );
  expect(view.getByText("Forma de pagamento: Saldo")).toBeTruthy();
  fireEvent.click(view.getByRole("button", { name: "Finalizar e pagar" }));
  const result = await view.findByTestId("result", {}, { timeout: 30_000 });
  expect(norm(result.textContent)).toMatch(/^Distribuição concluída\. 3 colaborador\(es\), R\$ 2\.650,00\.$/);

  // Every row says it was paid, in the workbook.
  // Every row says it was paid, when and in which distribution (the durable record), and the
  // ledger has one row per employee and product paid.
  const today = new Date();
  const paidOn = `Pago em ${String(today.getDate()).padStart(2, "0")}/${String(today.getMonth() + 1).padStart(2, "0")}/${today.getFullYear()}`;
  expect(
    column(wb, "Status ValePix").every((s) => String(s).startsWith(`${paidOn} · Distribuição de `)),
  ).toBe(true);
  expect(column(wb, "Mensagem ValePix").every((m) => / pagos na distribuição \S+$/.test(String(m)))).toBe(
    true,
  );

  // Activity: the run's entry, newest first, linking to its table and its distribution.
  fireEvent.click(view.getByRole("tab", { name: "Atividade" }));
  const entry = (await view.findAllByRole("listitem", {}, { timeout: 20_000 }))[0]!;
  expect(norm(entry.textContent)).toContain(`tabela ${TABLE}`);
  expect(norm(entry.textContent)).toContain("Estadoconcluída");
  expect(norm(entry.textContent)).toContain("R$ 2.650,00");
  fireEvent.click(within(entry).getByRole("button", { name: `Ir para a tabela ${TABLE}` }));
  await waitFor(() => {
    const at = wb.excel.selection()!;
    expect(at.address).not.toBe(sel.address);
    expect(wb.cell(at.sheet, at.address)).toBe(formatCpf(a.cpf!));
  });
  fireEvent.click(within(entry).getByRole("button", { name: /Ver o estado atual da distribuição/ }));
  expect(norm((await within(entry).findByRole("status")).textContent)).toContain("Agora: concluída");

  // The same table again: sending is blocked as a double payment; nothing reaches the server
  // until the person ticks the box on purpose.
  fireEvent.click(view.getByRole("tab", { name: "Distribuir" }));
  fireEvent.click(await view.findByRole("button", { name: "Nova distribuição" }));
  fireEvent.click(await view.findByRole("button", { name: "Validar" }));
  fireEvent.click(await sendEnabled());
  const mark = env.sb.requests.list().length;
  expect(await view.findByText("Esta tabela já foi paga")).toBeTruthy();
  expect(
    env.sb.requests
      .list()
      .slice(mark)
      .filter((r) => r.method !== "GET"),
  ).toEqual([]);
  const anyway = view.getByRole("button", { name: "Enviar mesmo assim" });
  expect(anyway).toHaveProperty("disabled", true);
  fireEvent.click(view.getByLabelText("Sei que é um pagamento repetido e quero pagar de novo"));
  fireEvent.click(anyway);
  expect(
    await view.findByText("A planilha e o rascunho conferem, centavo por centavo.", {}, { timeout: 30_000 }),
  ).toBeTruthy();
  // Finalizing it asks again, before any money moves.
  fireEvent.change(view.getByLabelText("Nome do pagador"), { target: { value: "Financeiro Acme" } });
  fireEvent.change(view.getByLabelText("CPF ou CNPJ do pagador"), {
    target: { value: "11.222.333/0001-81" },
  });
  fireEvent.click(view.getByRole("button", { name: "Continuar" }));
  expect(await view.findByText(/ATENÇÃO: esta mesma tabela/)).toBeTruthy();
  expect(view.getByRole("button", { name: "Finalizar e pagar" })).toHaveProperty("disabled", true);
});
