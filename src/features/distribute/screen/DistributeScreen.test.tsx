import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { TableChange } from "../../../workbook";
import { DoublePaymentError } from "../../../workbook/run-log";
import type { DistributeServices } from "../services";
import type { Run } from "../../../api/progress";
import { renderDistribute } from "../testing/render";
import { DistributeScreen } from "./DistributeScreen";
import { badCell, failing, fake, matching, passing, pickTable, sendEnabled } from "../testing/fake-services";
import { FinalizeForm } from "./FinalizeForm";

describe("Distribute screen", () => {
  it("shows the mapping and saves a correction", async () => {
    const s = fake();
    renderDistribute(<DistributeScreen services={s} />);
    await pickTable();
    fireEvent.click(screen.getByRole("button", { name: "Editar mapeamento das colunas" }));
    const role = screen.getByLabelText("Papel da coluna Alimentação");
    expect((role as HTMLSelectElement).value).toBe("product:p-ali");
    fireEvent.change(role, { target: { value: "ignore" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar mapeamento" }));
    await waitFor(() =>
      expect(s.saveMapping).toHaveBeenCalledWith("Novembro", {
        CPF: { role: "cpf" },
        Refeição: { role: "product", product_id: "p-ref" },
        Alimentação: { role: "ignore" },
      }),
    );
    expect(await screen.findByText("Mapeamento salvo na pasta de trabalho.")).toBeTruthy();
  });

  it("lists problems that select their cell through the port, blocks sending, and checks a cell's cents", async () => {
    const s = fake();
    renderDistribute(<DistributeScreen services={s} />);
    await pickTable();
    fireEvent.click(screen.getByRole("button", { name: "Validar" }));
    const list = await screen.findByRole("list", { name: "Problemas (1)" });
    const summaryText = screen.getByTestId("summary").textContent?.replace(/\s/g, " ");
    expect(summaryText).toContain("Vale RefeiçãoR$ 1.200,00");
    expect(summaryText).toContain("Total geralR$ 1.234,56");
    expect(summaryText).toContain("Falta depositarR$ 234,56");
    expect(screen.getByText(/nada é enviado enquanto houver erros/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enviar para rascunho" })).toHaveProperty("disabled", true);
    expect(screen.getByText("Valide a tabela, sem erros, antes de enviar.")).toBeTruthy();
    const problem = within(list).getByRole("button", {
      name: /Linha 3, coluna Refeição: 'abc' não é um valor em reais/,
    });
    // The cell checker is folded (Send stays under the problems) until a problem is followed.
    expect(screen.queryByLabelText("Linha da planilha")).toBeNull();
    fireEvent.click(problem);
    await waitFor(() => expect(s.selectIssue).toHaveBeenCalledWith("Novembro", badCell));

    fireEvent.change(screen.getByLabelText("Linha da planilha"), { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText("Coluna"), { target: { value: "Refeição" } });
    fireEvent.click(screen.getByRole("button", { name: "Conferir" }));
    const inspection = await screen.findByTestId("inspection");
    expect(s.inspectCell).toHaveBeenCalledWith("Novembro", 3, "Refeição");
    expect(inspection.textContent?.replace(/\s/g, " ")).toBe(
      "Na célulaR$ 1.234,56Virou (centavos)123456Em reaisR$ 1.234,56",
    );
  });

  it("sends with progress and cancel, then reviews against the last run", async () => {
    let started: Run | undefined;
    const s = fake({
      send: jest.fn(
        (_r, run: Run) =>
          new Promise((_resolve, reject) => {
            started = run;
            run.onProgress({ phase: "values", done: 40, total: 100, etaMs: 65_000 });
            run.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          }),
      ),
    });
    renderDistribute(<DistributeScreen services={s} />);
    await pickTable();
    fireEvent.click(screen.getByRole("button", { name: "Validar" }));
    await screen.findByRole("list", { name: "Problemas (1)" });
    fireEvent.click(screen.getByRole("button", { name: "Validar" }));
    fireEvent.click(await sendEnabled("Enviar para rascunho"));
    const progress = await screen.findByTestId("progress");
    expect(progress.textContent).toContain("Definindo valores");
    expect(progress.textContent).toContain("40 de 100");
    expect(progress.textContent).toContain("cerca de 1 min 5 s restante(s)");
    fireEvent.click(within(progress).getByRole("button", { name: "Cancelar" }));
    expect(started?.signal.aborted).toBe(true);
    expect(await screen.findByText(/Cancelado. Nada mais foi enviado/)).toBeTruthy();
  });

  it("reviews, refuses a bad finalize form, confirms with totals and asks again for a repeated table", async () => {
    const s = fake(
      {},
      {
        ...matching,
        repeats: {
          distributionId: "d-0",
          at: "2026-10-20T15:00:00Z",
          table: "Outubro",
          totalEmployees: 6,
        },
      },
    );
    renderDistribute(<DistributeScreen services={s} />);
    await pickTable();
    fireEvent.click(screen.getByRole("button", { name: "Validar" }));
    await screen.findByRole("list", { name: "Problemas (1)" });
    fireEvent.click(screen.getByRole("button", { name: "Validar" }));
    fireEvent.click(await sendEnabled("Enviar para rascunho"));
    expect(await screen.findByText("A planilha e o rascunho conferem, centavo por centavo.")).toBeTruthy();
    expect(screen.getByTestId("since-last").textContent?.replace(/\s/g, " ")).toContain(
      "Diferença no total+R$ 100,00",
    );
    expect(s.send).toHaveBeenCalledWith({ table: "Novembro", mode: "selected" }, expect.anything());

    fireEvent.click(screen.getByLabelText("Agendar"));
    fireEvent.change(screen.getByLabelText(/Data e hora/), { target: { value: "2020-01-01T10:00" } });
    fireEvent.change(screen.getByLabelText("CPF ou CNPJ do pagador"), {
      target: { value: "11.222.333/0001-00" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Incluir descrição" }));
    fireEvent.change(screen.getByLabelText("Descrição", { selector: "[role=group] input" }), {
      target: { value: "x" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Continuar" }));
    expect(await screen.findByText("Escolha a data e a hora, no futuro.")).toBeTruthy();
    expect(screen.getByText(/os dígitos verificadores não conferem/)).toBeTruthy();
    expect(screen.getByText("Informe o nome do pagador.")).toBeTruthy();
    expect(screen.getByText("Dê uma categoria a esta descrição.")).toBeTruthy();

    fireEvent.click(screen.getByLabelText("Agora"));
    fireEvent.change(screen.getByLabelText("Nome do pagador"), { target: { value: "Acme Ltda" } });
    fireEvent.change(screen.getByLabelText("CPF ou CNPJ do pagador"), {
      target: { value: "11.222.333/0001-81" },
    });
    fireEvent.change(screen.getByLabelText("Categoria"), { target: { value: "alimentacao" } });
    fireEvent.click(screen.getByLabelText("Saldo + PIX pela diferença"));
    fireEvent.click(screen.getByRole("button", { name: "Continuar" }));

    expect((await screen.findByTestId("confirm-total")).textContent?.replace(/\s/g, " ")).toBe(
      "Pagar R$ 1.234,56 a 2 colaborador(es)",
    );
    expect(screen.getByText("Forma de pagamento: Saldo + PIX pela diferença")).toBeTruthy();
    // The earlier payment by its date and table; its id only under "Detalhes" (issue 20, item 6).
    const warning = screen.getByText(/já foi paga em/);
    expect(warning.textContent).toMatch(
      /já foi paga em 20\/10\/2026.* \(distribuição da tabela Outubro, 6 colaboradores\)\.$/,
    );
    expect(warning.textContent).not.toContain("d-0");
    expect(screen.queryByTestId("repeat-details")).toBeNull();
    // The sent summary above has its own "Detalhes": open them all.
    for (const details of screen.getAllByRole("button", { name: "Detalhes" })) fireEvent.click(details);
    expect(screen.getByTestId("repeat-details").querySelector("dd")?.textContent).toBe("d-0");
    const pay = screen.getByRole("button", { name: "Finalizar e pagar" });
    expect(pay).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByLabelText("Sei que é um pagamento repetido e quero pagar de novo"));
    fireEvent.click(pay);
    expect((await screen.findByTestId("result")).textContent?.replace(/\s/g, " ")).toContain(
      "Distribuição concluída. 2 colaborador(es), R$ 1.234,56.",
    );
    expect(s.finalize).toHaveBeenCalledWith(
      {
        table: "Novembro",
        distributionId: "d-1",
        confirmRepeat: true,
        body: {
          payment_method: "BALANCE_WITH_PIX",
          scheduled_for: null,
          payer_name: "Acme Ltda",
          payer_document: "11222333000181",
          invoice_descriptions: { alimentacao: "x" },
        },
      },
      expect.anything(),
    );
  });

  it("group mode needs a benefit, each label ticks its own; a failed send goes to the message area", async () => {
    const s = fake({
      validate: jest.fn(() => Promise.resolve(passing)),
      benefits: jest.fn(() =>
        Promise.resolve([
          { id: "b-0", name: "Administrativo" },
          { id: "b-1", name: "Operacional" },
        ]),
      ),
      send: jest.fn(() => Promise.reject(new Error("nope"))),
    });
    renderDistribute(<DistributeScreen services={s} />, "en-US");
    const select = await screen.findByLabelText("Table");
    await screen.findByRole("option", { name: "Novembro (Distribuição, 3)" });
    fireEvent.change(select, { target: { value: "Novembro" } });
    fireEvent.click(await screen.findByRole("button", { name: "Validate" }));
    fireEvent.click(await screen.findByLabelText("Employees of chosen benefits"));
    const send = screen.getByRole("button", { name: "Send to draft" });
    expect(send).toHaveProperty("disabled", true);
    fireEvent.click(await screen.findByLabelText("Operacional"));
    fireEvent.click(send);
    expect((await screen.findByRole("alert")).textContent).toContain("Technical detail: nope");
    expect(s.send).toHaveBeenCalledWith(
      { table: "Novembro", mode: "group", benefitIds: ["b-1"], values: {}, overridesFromTable: false },
      expect.anything(),
    );
  });
});

describe("Distribute screen, modes and a repeated table", () => {
  it("shows modes the host cannot send yet as disabled, with the reason", async () => {
    const s = fake({ modes: ["selected"], validate: jest.fn(() => Promise.resolve(passing)) });
    renderDistribute(<DistributeScreen services={s} />);
    await pickTable();
    fireEvent.click(screen.getByRole("button", { name: "Validar" }));
    const batch = await screen.findByLabelText("Todos os colaboradores ativos");
    expect(batch).toHaveProperty("disabled", true);
    expect(screen.getByLabelText("Colaboradores de benefícios escolhidos")).toHaveProperty("disabled", true);
    expect(screen.getByLabelText("Os colaboradores da tabela")).toHaveProperty("disabled", false);
    expect(screen.getByText(/Em breve nesta versão/)).toBeTruthy();
  });

  it("asks again when the table was already paid, and sends only once the box is ticked", async () => {
    const paid = new DoublePaymentError("fp-1", [
      {
        at: "2026-10-20T15:00:00Z",
        table: "Novembro",
        mode: "selected",
        distributionId: "d-0",
        state: "completed",
        fingerprint: "fp-1",
      },
    ]);
    const base = fake({ validate: jest.fn(() => Promise.resolve(passing)) });
    const send = jest.fn<ReturnType<DistributeServices["send"]>, Parameters<DistributeServices["send"]>>();
    send.mockRejectedValueOnce(paid);
    send.mockImplementation((...args) => base.send(...args));
    const s = { ...base, send };
    renderDistribute(<DistributeScreen services={s} />);
    await pickTable();
    fireEvent.click(screen.getByRole("button", { name: "Validar" }));
    fireEvent.click(await sendEnabled("Enviar para rascunho"));
    expect(await screen.findByText("Esta tabela já foi paga")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText(/já foi paga em/).textContent).toMatch(
      /já foi paga em 20\/10\/2026.* \(distribuição da tabela Novembro\)\.$/,
    );
    fireEvent.click(screen.getByRole("button", { name: "Detalhes" }));
    expect(screen.getByTestId("repeat-details").querySelector("dd")?.textContent).toBe("d-0");
    const anyway = screen.getByRole("button", { name: "Enviar mesmo assim" });
    expect(anyway).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByLabelText("Sei que é um pagamento repetido e quero pagar de novo"));
    fireEvent.click(anyway);
    expect(await screen.findByText("A planilha e o rascunho conferem, centavo por centavo.")).toBeTruthy();
    expect(send).toHaveBeenLastCalledWith(
      { table: "Novembro", mode: "selected", confirmRepeatOf: "fp-1" },
      expect.anything(),
    );
  });

  it("offers Fund for a shortfall, and revalidates live when the table changes", async () => {
    let changed: ((change: TableChange) => void) | undefined;
    const onFund = jest.fn();
    const s = fake({
      validate: jest.fn(() => Promise.resolve(passing)),
      watchTable: jest.fn((_t: string, cb: (change: TableChange) => void) => {
        changed = cb;
        return Promise.resolve(() => {});
      }),
      revalidate: jest.fn(() => Promise.resolve(failing)),
    });
    renderDistribute(<DistributeScreen services={s} onFund={onFund} />);
    await pickTable();
    fireEvent.click(screen.getByRole("button", { name: "Validar" }));
    fireEvent.click(await screen.findByRole("button", { name: "Depositar o que falta" }));
    expect(onFund).toHaveBeenCalledWith(23_456);
    await waitFor(() => expect(changed).toBeDefined());
    const edit = {
      table: "Novembro",
      firstRow: 3,
      rowCount: 1,
      firstColumn: 4,
      columnCount: 1,
      structural: false,
    };
    changed!(edit);
    changed!({ ...edit, firstRow: 5 });
    expect(await screen.findByRole("list", { name: "Problemas (1)" }, { timeout: 3000 })).toBeTruthy();
    // The burst goes as one revalidation, with both changes.
    expect(s.revalidate).toHaveBeenCalledTimes(1);
    expect(s.revalidate).toHaveBeenCalledWith("Novembro", expect.anything(), [
      edit,
      { ...edit, firstRow: 5 },
    ]);
    expect(screen.getByText(/Atualizado enquanto você digita/)).toBeTruthy();
  });
});

describe("Distribute screen, mode batch", () => {
  it("takes a value for everyone per product, refuses text that is not an amount, and sends cents", async () => {
    const s = fake({ validate: jest.fn(() => Promise.resolve(passing)) });
    renderDistribute(<DistributeScreen services={s} />);
    await pickTable();
    // The server picks the employees: without overrides, the table need not be validated.
    fireEvent.click(await screen.findByLabelText("Todos os colaboradores ativos"));
    expect(screen.getByRole("button", { name: "Enviar para rascunho" })).toHaveProperty("disabled", false);
    const values = screen.getByRole("group", { name: "Valor para todos, por produto" });
    fireEvent.change(within(values).getByLabelText("Vale Refeição"), { target: { value: "abc" } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar para rascunho" }));
    expect(
      await screen.findByText("Escreva um valor em reais, como 450,00, ou deixe em branco."),
    ).toBeTruthy();
    expect(s.send).not.toHaveBeenCalled();
    fireEvent.change(within(values).getByLabelText("Vale Refeição"), { target: { value: "R$ 450,00" } });
    fireEvent.change(within(values).getByLabelText("Vale Alimentação"), { target: { value: "0" } });
    // Its rows as overrides: then the table must validate first.
    fireEvent.click(
      screen.getByLabelText("Usar as linhas da tabela escolhida como valores de cada colaborador"),
    );
    expect(screen.getByRole("button", { name: "Enviar para rascunho" })).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("button", { name: "Validar" }));
    fireEvent.click(await sendEnabled("Enviar para rascunho"));
    await waitFor(() =>
      expect(s.send).toHaveBeenCalledWith(
        {
          table: "Novembro",
          mode: "batch",
          values: { "p-ref": 45_000, "p-ali": 0 },
          overridesFromTable: true,
        },
        expect.anything(),
      ),
    );
  });
});

describe("Distribute screen, batch and group after the send", () => {
  it("shows what changed since last time and checks again (the same input, nothing sent)", async () => {
    const changed = {
      ...matching,
      matches: false,
      mismatches: [{ employee: "Ana", product: "p-ref", sheetCents: 45_000, draftCents: 1 }],
    };
    const s = fake({
      send: jest.fn(() =>
        Promise.resolve({
          distributionId: "d-9",
          mode: "batch" as const,
          reviewTable: "ValePix_Lote",
          created: true,
          calls: 3,
          totalEmployees: 2,
          totalCents: 123_456,
          review: matching,
        }),
      ),
      review: jest.fn(() => Promise.resolve(changed)),
    });
    renderDistribute(<DistributeScreen services={s} />);
    await pickTable();
    fireEvent.click(await screen.findByLabelText("Todos os colaboradores ativos"));
    const values = screen.getByRole("group", { name: "Valor para todos, por produto" });
    fireEvent.change(within(values).getByLabelText("Vale Refeição"), { target: { value: "450" } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar para rascunho" }));
    const since = await screen.findByTestId("since-last");
    expect(since.textContent?.replace(/\s/g, " ")).toContain("Valores alterados2");
    fireEvent.click(screen.getByRole("button", { name: "Conferir de novo" }));
    expect((await screen.findByTestId("mismatches")).textContent).toContain("Ana, Vale Refeição");
    expect(s.review).toHaveBeenCalledWith("Novembro", "d-9", expect.anything());
    expect(s.send).toHaveBeenCalledTimes(1);
  });
});

describe("Finalize form", () => {
  it("refuses an invoice category used twice and a payer document whose check digits fail", async () => {
    const onSubmit = jest.fn();
    renderDistribute(<FinalizeForm onSubmit={onSubmit} />, "en-US");
    fireEvent.click(screen.getByRole("button", { name: "Add a description" }));
    fireEvent.click(screen.getByRole("button", { name: "Add a description" }));
    const categories = screen.getAllByLabelText("Category");
    fireEvent.change(categories[0]!, { target: { value: "meal" } });
    fireEvent.change(categories[1]!, { target: { value: "meal" } });
    fireEvent.change(screen.getByLabelText("Payer CPF or CNPJ"), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("This category is already used.")).toBeTruthy();
    expect(screen.getByText(/check digits do not match/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
