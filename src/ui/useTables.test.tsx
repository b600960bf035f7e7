/**
 * A screen's tables: read on mount, read again on demand, a failure in the message area, and a
 * late answer to an earlier read never replacing a newer list.
 */
import { act, fireEvent, screen } from "@testing-library/react";
import type { TableInfo } from "../workbook";
import { renderScreen } from "./testing/render";
import { type TableSource, useTables } from "./useTables";

const table = (name: string): TableInfo => ({
  name,
  sheet: "Plan1",
  header: ["CPF"],
  rowCount: 1,
  headerRow: 1,
  firstColumn: 0,
  hasTotalsRow: false,
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

function Tables({ source }: { source: TableSource }) {
  const { tables, reload } = useTables(source);
  return (
    <>
      <p data-testid="tables">{tables ? tables.map((t) => t.name).join(",") : "…"}</p>
      <button onClick={() => void reload()}>reload</button>
    </>
  );
}
const shown = () => screen.getByTestId("tables").textContent;

it("reads the tables on mount and again on demand", async () => {
  const lists = [[table("Vales")], [table("Vales"), table("Maio")]];
  const source = { listTables: jest.fn(() => Promise.resolve(lists.shift() ?? [])) };
  renderScreen(<Tables source={source} />);
  expect(shown()).toBe("…");
  expect(await screen.findByText("Vales")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "reload" }));
  expect(await screen.findByText("Vales,Maio")).toBeTruthy();
  expect(source.listTables).toHaveBeenCalledTimes(2);
});

it("keeps the newest list when an earlier read answers last", async () => {
  const first = deferred<TableInfo[]>();
  const second = deferred<TableInfo[]>();
  const answers = [first.promise, second.promise];
  renderScreen(<Tables source={{ listTables: () => answers.shift()! }} />);
  fireEvent.click(screen.getByRole("button", { name: "reload" }));
  await act(async () => {
    second.resolve([table("Nova")]);
    await second.promise;
  });
  expect(shown()).toBe("Nova");
  await act(async () => {
    first.resolve([table("Antiga")]);
    await first.promise;
  });
  expect(shown()).toBe("Nova");
});

it("sends a failed read to the message area", async () => {
  const source = { listTables: () => Promise.reject(new Error("the workbook is busy")) };
  renderScreen(<Tables source={source} />);
  expect((await screen.findByRole("alert")).textContent).toContain("the workbook is busy");
});
