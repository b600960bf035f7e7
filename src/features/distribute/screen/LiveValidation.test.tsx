/**
 * Live validation as a person sees it: the real Distribute screen and adapter over the fake
 * Excel (as in the preview). Typing into the sheet updates the problem list and the row's status
 * cell; clicking the problem selects the cell; fixing it clears both.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMemoryWorkbook } from "../../../excel/memory-workbook";
import { PRODUCTS, makeEmployees } from "../../../workbook/testing/people";
import { distributeServices } from "../adapter/adapter";
import { directoryClient } from "../testing/directory-client";
import { renderDistribute } from "../testing/render";
import { DistributeScreen } from "./DistributeScreen";

it("typing a wrong amount shows it in the pane and in the status cell, and fixing it clears both", async () => {
  const employees = makeEmployees(6);
  const wb = createMemoryWorkbook({
    tables: [
      {
        name: "Dist",
        sheet: "Folha",
        header: ["CPF", "Nome", "Vale Refeição"],
        rows: employees.map((e) => [e.cpf!, e.name, 600]),
      },
    ],
  });
  const services = distributeServices(directoryClient(employees, PRODUCTS), wb, "pt-BR");
  renderDistribute(<DistributeScreen services={services} />);
  const select = await screen.findByLabelText("Tabela");
  await screen.findByRole("option", { name: /^Dist/ });
  fireEvent.change(select, { target: { value: "Dist" } });
  fireEvent.click(await screen.findByRole("button", { name: "Validar" }));
  await screen.findByRole("list", { name: "Problemas (0)" });
  await waitFor(() => expect(wb.cell("Folha", "D4")).toBe("Pronto"));

  // The pane starts listening to the table after the validation: its round trips to Excel end first.
  await wb.excel.settle();
  wb.typeCell("Folha", "C4", "12,345");
  const list = await screen.findByRole("list", { name: "Problemas (1)" }, { timeout: 10_000 });
  expect(wb.cell("Folha", "D4")).toBe("Erro");
  expect(String(wb.cell("Folha", "E4"))).toMatch(/12,345/);
  fireEvent.click(within(list).getByRole("button", { name: /12,345/ }));
  await waitFor(() => expect(wb.excel.selection()).toEqual({ sheet: "Folha", address: "C4" }));

  wb.typeCell("Folha", "C4", "12,34");
  await screen.findByRole("list", { name: "Problemas (0)" }, { timeout: 10_000 });
  expect(wb.cell("Folha", "D4")).toBe("Pronto");
  expect(wb.cell("Folha", "F4")).toBe(12.34);
}, 30_000);
