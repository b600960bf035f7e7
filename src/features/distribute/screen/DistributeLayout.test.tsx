/**
 * The Distribute screen at 320 × 600 and for finance staff (issue 20, items 5, 6 and 9): a mapping
 * with every column recognised folds into one line; a long problem list is grouped by kind and
 * column, each row still a button that selects its cell; the draft's id and API calls wait under
 * "Detalhes"; focus moves to each action's outcome.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { makeIssue } from "../../../workbook";
import { renderDistribute } from "../testing/render";
import type { ValidationView } from "../services";
import { DistributeScreen } from "./DistributeScreen";
import { fake, failing, passing, pickTable, sendEnabled } from "../testing/fake-services";
import { ProblemList } from "./ProblemList";

describe("the column mapping", () => {
  it("folds into one line when every column is recognised, and opens to edit", async () => {
    renderDistribute(<DistributeScreen services={fake()} />);
    await pickTable();
    expect(screen.getByTestId("mapping-folded").textContent).toBe("3 colunas reconhecidas");
    expect(screen.queryByLabelText("Papel da coluna Refeição")).toBeNull();
    // Validate is right under it, not under one select per column.
    expect(screen.getByRole("button", { name: "Validar" })).toBeTruthy();
    const edit = screen.getByRole("button", { name: "Editar mapeamento das colunas" });
    expect(edit.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(edit);
    expect(screen.getByLabelText<HTMLSelectElement>("Papel da coluna Refeição").value).toBe("product:p-ref");
    fireEvent.click(screen.getByRole("button", { name: "Salvar mapeamento" }));
    expect(await screen.findByTestId("mapping-folded")).toBeTruthy();
  });

  it("stays open when a column is not recognised (en-US)", async () => {
    const base = fake();
    const mapping = await base.mapping("Novembro");
    const s = fake({
      mapping: jest.fn(() =>
        Promise.resolve({
          ...mapping,
          columns: [...mapping.columns, { index: 3, header: "Bônus", role: { role: "unmapped" as const } }],
        }),
      ),
    });
    renderDistribute(<DistributeScreen services={s} />, "en-US");
    const select = await screen.findByLabelText("Table");
    await screen.findByRole("option", { name: "Novembro (Distribuição, 3)" });
    fireEvent.change(select, { target: { value: "Novembro" } });
    expect((await screen.findByLabelText<HTMLSelectElement>("Role of column Bônus")).value).toBe("unmapped");
    expect(screen.queryByTestId("mapping-folded")).toBeNull();
  });
});

describe("a long problem list", () => {
  const cpfRows = [4, 7, 12, 15, 18, 21, 22, 30, 41];
  const issues = [
    makeIssue("no_product_column", {}),
    ...cpfRows.map((row) =>
      makeIssue(
        "cpf_invalid",
        { input: "111.222.333-00", reason: "check_digits" },
        { row, rowIndex: row - 2, column: "CPF" },
      ),
    ),
    makeIssue("amount_not_a_number", { input: "abc" }, { row: 9, rowIndex: 7, column: "Refeição" }),
  ];

  it("is grouped by kind and column, each row a button named by its problem, with no icon glyph", () => {
    const onSelect = jest.fn();
    renderDistribute(<ProblemList issues={issues} onSelect={onSelect} />);
    const list = screen.getByRole("list", { name: "Problemas (11)" });
    const cpf = within(list).getByRole("group", {
      name: "CPF inválido (coluna CPF): linhas 4, 7, 12, 15, 18, 21, 22, 30 e 41",
    });
    expect(within(list).getByText("CPF inválido (coluna CPF) — linhas")).toBeTruthy();
    const buttons = within(cpf).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(cpfRows.map(String));
    const row12 = within(cpf).getByRole("button", { name: /^Linha 12, coluna CPF: / });
    fireEvent.click(row12);
    expect(onSelect).toHaveBeenCalledWith(issues[3]);
    const amount = within(list).getByRole("group", {
      name: /^Valor que não é número \(coluna Refeição\): linhas 9$/,
    });
    expect(within(amount).getByRole("button").textContent).toBe("9");
    // The whole-table problem is text, not a button; no accessible name starts with an icon.
    expect(within(list).getByText(/Nenhuma coluna|produto/)).toBeTruthy();
    for (const b of within(list).getAllByRole("button"))
      expect(b.getAttribute("aria-label")).toMatch(/^Linha \d+/);
  });

  it("is not grouped when short: each problem a button named by its message alone", () => {
    renderDistribute(<ProblemList issues={issues.slice(0, 3)} onSelect={() => {}} />, "en-US");
    const list = screen.getByRole("list", { name: "Problems (3)" });
    // Accessible names, computed as a screen reader does: the icon's glyph is not in them.
    expect(within(list).getAllByRole("button", { name: /^Row \d+, column CPF: the CPF/ })).toHaveLength(2);
    expect(within(list).queryAllByRole("button", { name: /^!/ })).toHaveLength(0);
  });
});

describe("focus and words after each action", () => {
  it("moves focus to the problems after Validate and to the review after Send; the draft's id is under Detalhes", async () => {
    const validations: ValidationView[] = [failing, passing];
    const s = fake({ validate: jest.fn(() => Promise.resolve(validations.shift() ?? passing)) });
    renderDistribute(<DistributeScreen services={s} />);
    await pickTable();
    fireEvent.click(screen.getByRole("button", { name: "Validar" }));
    await screen.findByRole("list", { name: "Problemas (1)" });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Problemas (1)" })),
    );
    fireEvent.click(screen.getByRole("button", { name: "Validar" }));
    fireEvent.click(await sendEnabled("Enviar para rascunho"));
    const review = await screen.findByRole("heading", { name: "Revisão" });
    await waitFor(() => expect(document.activeElement).toBe(review));

    const sent = screen.getByText(/^Rascunho pronto:/);
    expect(sent.getAttribute("role")).toBe("status");
    expect(sent.textContent?.replace(/\s/g, " ")).toBe("Rascunho pronto: 2 colaborador(es), R$ 1.234,56.");
    expect(screen.queryByText("d-1")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Detalhes" }));
    expect((await screen.findByTestId("sent-details")).textContent).toBe(
      "Código da distribuiçãod-1Chamadas à API5",
    );
  });
});
