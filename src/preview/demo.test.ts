import { seedEmployees, SEED_PRODUCTS } from "../../sandbox/seed";
import { DEMO_COMPANY, DEMO_TOKEN as SANDBOX_DEMO_TOKEN } from "../../sandbox/server";
import { isValidCpf } from "../money";
import { demoWorkbook, DEMO_EMPLOYEES, DEMO_PRODUCTS, DEMO_TOKEN } from "./demo";
import { parseRange } from "./snapshot";

describe("demo workbook", () => {
  it("lists the people the sandbox seeds for its demo company", () => {
    const seeded = seedEmployees(DEMO_COMPANY, DEMO_EMPLOYEES.length);
    expect(DEMO_EMPLOYEES.map(([name, cpf, email, situation]) => ({ name, cpf, email, situation }))).toEqual(
      seeded.map(({ name, cpf, email, situation }) => ({ name, cpf, email, situation })),
    );
  });

  it("connects with the sandbox's demo token", () => {
    expect(DEMO_TOKEN).toBe(SANDBOX_DEMO_TOKEN);
  });

  it("lists the sandbox's products with their convention amounts", () => {
    expect(DEMO_PRODUCTS.map(([code, name, cents]) => ({ code, name, conventionAmount: cents }))).toEqual(
      SEED_PRODUCTS,
    );
  });

  it("has a distribution table with a few mistakes to fix", () => {
    const wb = demoWorkbook();
    const dist = wb.sheets.find((s) => s.name === wb.activeSheet)!;
    const t = dist.tables[0]!;
    const box = parseRange(t.ref);
    expect(box.bottom).toBe(DEMO_EMPLOYEES.length);
    const cpfs = Array.from({ length: box.bottom }, (_, i) => String(dist.cells[`A${i + 2}`]?.value));
    expect(cpfs.filter((c) => !isValidCpf(c.replace(/\D/g, "")))).toEqual(["606.069.617-13"]);
    const amounts = Object.entries(dist.cells).filter(
      ([a]) => /^[C-F]\d+$/.test(a) && a !== "C1" && !/^[C-F]1$/.test(a),
    );
    expect(amounts.filter(([, c]) => typeof c.value !== "number").map(([a, c]) => [a, c.value])).toEqual([
      ["C4", "66O,00"],
    ]);
    expect(amounts.filter(([, c]) => typeof c.value === "number" && c.value < 0).map(([a]) => a)).toEqual([
      "E8",
    ]);
    expect(dist.cells.A5).toEqual({
      value: "05537953412".replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, "$1.$2.$3-$4"),
      format: "@",
    });
  });
});
