/**
 * The problems list words amounts in the pane's language: the same validation result (a pt-BR
 * sheet, read by src/workbook) shows "R$ 1,234.56" in an en-US pane and "R$ 1.234,56" in a pt-BR
 * one, as the pane's own summary does.
 */
import { screen, within } from "@testing-library/react";
import { computeMapping, EmployeeIndex, validateRows } from "../../../workbook";
import { PRODUCTS, makeCpf, makeEmployees } from "../../../workbook/testing/people";
import type { Locale } from "../../../ui/i18n";
import { renderDistribute } from "../testing/render";
import { ValidationPanel } from "./ValidationPanel";

const HEADER = ["CPF", "Vale Refeição"];
const result = validateRows(
  {
    header: HEADER,
    mapping: computeMapping(HEADER, PRODUCTS),
    employees: new EmployeeIndex(makeEmployees(2)),
    products: PRODUCTS,
    options: { moneyLocale: "pt-BR", warnAboveCents: 100_000 },
  },
  [[makeCpf(1), "R$ 1.234,56"]],
);
const services = { selectIssue: jest.fn(), inspectCell: jest.fn() };
const nbsp = (s: string | null) => (s ?? "").replace(/\u00a0/g, " ");

test.each<[Locale, string, RegExp]>([
  ["en-US", "Row 2, column Vale Refeição: R$ 1,234.56 is a large amount for a benefit", /^Problems/],
  ["pt-BR", "Linha 2, coluna Vale Refeição: R$ 1.234,56 é um valor alto para um benefício", /^Problemas/],
])("a %s pane shows the amount of a problem in its own format", (locale, text, list) => {
  renderDistribute(
    <ValidationPanel table="Dist" result={result} mapping={undefined} services={services} />,
    locale,
  );
  const problem = within(screen.getByRole("list", { name: list })).getByRole("button");
  expect(nbsp(problem.textContent)).toContain(text);
  // The summary's grand total is the same amount in the same format (Intl's, no-break space aside).
  expect(nbsp(screen.getByTestId("summary").textContent)).toContain(text.match(/R\$ ?[\d.,]+/)![0]);
});
