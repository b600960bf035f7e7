/**
 * @jest-environment node
 *
 * Funding through the pane as a person does it (React, Fluent UI, the real adapter and client)
 * against the sandbox over loopback (manual clock) with a workbook open: the payer typed once is
 * remembered for the connection (its API address) in the per-user storage the connections use,
 * filled in next time, not offered on another address, and never written into the workbook (no
 * cell, no workbook setting, nothing in the saved .xlsx).
 *
 * The preview's host: the pane (src/taskpane/App.tsx) over the fake Excel, saved as the preview
 * saves a .xlsx. Node's environment with a jsdom DOM (src/ui/testing/node-dom.ts), as
 * src/taskpane/journey.test.tsx.
 */
import { closeDom } from "../ui/testing/node-dom";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { cleanup, fireEvent, render, waitFor, within } from "@testing-library/react";
import { inflateRawSync } from "node:zlib";
import { newWorkbook, startWorkflowEnv, type WorkflowEnv } from "../features/testing/workflows-env";
import { TOKEN_A } from "../../sandbox/test-harness";
import { normalizeBaseUrl } from "../api";
import { readSnapshot } from "./fake-io";
import { writeXlsx } from "./xlsx";
import { App } from "../taskpane/App";
import { MemoryTokenStore, MemoryUserStorage } from "../api/testing/memory-storage";
import { createServices } from "../taskpane/pane-services";

/** Where the fund feature remembers payers (src/features/fund/payer-memory.ts): a stored key, so it does not change. */
const PAYERS_KEY = "valepix.fund.payers.v1";

jest.setTimeout(120_000);

const view = within(document.body);
const PAYER = "Padaria Central Ltda";
const CNPJ = "11.222.333/0001-81";

let env: WorkflowEnv;
afterEach(async () => {
  cleanup();
  await env.close();
});
afterAll(() => closeDom());

/** Every entry of a .xlsx (a zip), inflated (PKZIP central directory, as exceljs writes it). */
function unzip(bytes: Uint8Array): string[] {
  const buf = Buffer.from(bytes);
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end--;
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const local = buf.readUInt32LE(at + 42);
    const data = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(data, data + size);
    out.push((method === 8 ? inflateRawSync(raw) : raw).toString("utf8"));
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return out;
}

function pane(services: ReturnType<typeof createServices>, url: string) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <App locale="pt-BR" services={services} sandboxUrl={url} initialScreen="fund" />
    </FluentProvider>,
  );
}

test("the payer is remembered per connection, outside the workbook, and filled in next time", async () => {
  env = await startWorkflowEnv();
  const wb = newWorkbook([
    { name: "Novembro", header: ["CPF", "Nome", "Refeição"], rows: [["", "Ana", 600]] },
  ]);
  const storage = new MemoryUserStorage();
  const services = createServices({
    userStorage: storage,
    tokenStore: new MemoryTokenStore(),
    workbook: wb,
    client: {
      sleep: (ms) => {
        env.clock.advance(ms);
        return Promise.resolve();
      },
      now: env.clock.now,
      random: () => 0.5,
    },
  });
  const sandbox = await services.connections.save({
    label: "Sandbox",
    environment: "sandbox",
    baseUrl: env.sb.url,
    persistence: "session",
    token: TOKEN_A,
  });

  // First time: nothing to fill in; the person types the payer and creates the charge.
  pane(services, env.sb.url);
  const name = await view.findByLabelText<HTMLInputElement>(/Nome do pagador/);
  expect(name.value).toBe("");
  fireEvent.change(view.getByLabelText(/Valor \(R\$\)/), { target: { value: "150,00" } });
  fireEvent.change(name, { target: { value: PAYER } });
  fireEvent.change(view.getByLabelText(/CPF ou CNPJ do pagador/), { target: { value: CNPJ } });
  fireEvent.click(view.getByRole("button", { name: "Gerar cobrança PIX" }));
  // The sandbox pays after its delay; the client's waits move its clock.
  expect(await view.findByText(/Pago: o valor entrou no saldo/, {}, { timeout: 60_000 })).toBeTruthy();

  // Kept in the per-user storage under the connection's address...
  expect(JSON.parse((await storage.getItem(PAYERS_KEY))!)).toEqual({
    version: 1,
    byAddress: { [normalizeBaseUrl(env.sb.url)]: { name: PAYER, document: CNPJ } },
  });
  // ...and nowhere in the workbook: no cell, no workbook setting, nothing in the saved file.
  const digits = CNPJ.replace(/\D/g, "");
  const snapshot = await readSnapshot(wb.excel);
  const saved = unzip(new Uint8Array(await writeXlsx(snapshot))).join("\n");
  expect(saved).toContain("Novembro");
  for (const text of [JSON.stringify(snapshot), JSON.stringify(wb.excel.settings()), saved]) {
    expect(text).not.toContain(PAYER);
    expect(text).not.toContain(CNPJ);
    expect(text).not.toContain(digits);
  }
  cleanup();

  // Next time on the same connection: filled in, and said so.
  pane(services, env.sb.url);
  await waitFor(() => expect(view.getByLabelText<HTMLInputElement>(/Nome do pagador/).value).toBe(PAYER));
  expect(view.getByLabelText<HTMLInputElement>(/CPF ou CNPJ do pagador/).value).toBe(CNPJ);
  expect(view.getByText("Pagador da última cobrança nesta conexão. Confira antes de gerar.")).toBeTruthy();
  cleanup();

  // Another connection (another API address): not offered there.
  await services.connections.save({
    label: "Outra",
    environment: "custom",
    baseUrl: env.sb.url.replace("127.0.0.1", "localhost"),
    persistence: "session",
    token: TOKEN_A,
  });
  expect(await services.fund!.payer.recall()).toBeUndefined();
  pane(services, env.sb.url);
  await view.findByText(/Saldo disponível/);
  expect(view.getByLabelText<HTMLInputElement>(/Nome do pagador/).value).toBe("");
  expect(view.getByLabelText<HTMLInputElement>(/CPF ou CNPJ do pagador/).value).toBe("");
  cleanup();

  // Back on the first: filled in again.
  await services.connections.activate(sandbox.id);
  pane(services, env.sb.url);
  await waitFor(() => expect(view.getByLabelText<HTMLInputElement>(/Nome do pagador/).value).toBe(PAYER));
});
