/**
 * The benchmark's distribution sheets: N active employees of the sandbox by P products, with
 * amounts as payrolls hold them (most rows share the product's standard amount, about 20 %
 * individual amounts, about 10 % zeros), and the "second month" edit of such a sheet (5 % of the
 * amounts changed, 1 % of the rows added and 1 % removed). Deterministic (seeded), so every run
 * sends the same sheets.
 */
import type { Employee, Product } from "../src/api";
import { formatCpf } from "../src/money";
import type { CellValue } from "../src/workbook";

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard monthly amounts in cents, by product position (meal, food, mobility, health). */
const STANDARD = [88_000, 60_000, 22_000, 15_000];

export interface BenchSheet {
  header: string[];
  /** Cells as people keep them: CPF formatted as text, amounts in reais as numbers. */
  rows: CellValue[][];
  /** Cents per row and product (0 = blank), to derive the second month from. */
  cents: number[][];
  /** Employees of the sheet, one per row. */
  employees: Employee[];
  /** Rows whose every amount is blank (not part of the payment; the second month adds them). */
  idle: number[];
}

/** A realistic amount of product `p`: standard (70 %), individual (20 %) or none (10 %). */
function amount(random: () => number, p: number): number {
  const r = random();
  if (r < 0.1) return 0;
  if (r < 0.3) return 1_000 + Math.floor(random() * 150_000);
  return STANDARD[p % STANDARD.length]!;
}

function toRow(e: Employee, cents: readonly number[]): CellValue[] {
  return [formatCpf(e.cpf!), e.name, ...cents.map((c) => (c === 0 ? "" : c / 100))];
}

/**
 * The first month: `employees` (active ones) by `products`. The last 1 % of the rows are idle
 * (no amount), so that the second month can add them.
 */
export function firstMonth(
  employees: readonly Employee[],
  products: readonly Product[],
  seed = 1,
): BenchSheet {
  const random = rng(seed);
  const header = ["CPF", "Nome", ...products.map((p) => p.name)];
  const idleFrom = employees.length - Math.floor(employees.length / 100);
  const cents = employees.map((_, i) => products.map((_, p) => (i >= idleFrom ? 0 : amount(random, p))));
  const idle = employees.map((_, i) => i).filter((i) => cents[i]!.every((c) => c === 0));
  return {
    header,
    rows: employees.map((e, i) => toRow(e, cents[i]!)),
    cents,
    employees: [...employees],
    idle,
  };
}

/**
 * The second month of `sheet`: 5 % of the amounts changed (a new individual amount), 1 % of
 * the rows removed (every amount cleared) and the idle rows added (given amounts).
 */
export function secondMonth(sheet: BenchSheet, seed = 2): BenchSheet {
  const random = rng(seed);
  const n = sheet.employees.length;
  const idle = new Set(sheet.idle);
  const cents = sheet.cents.map((r) => [...r]);
  const paid = cents.map((_, i) => i).filter((i) => !idle.has(i));
  for (const i of paid) {
    for (let p = 0; p < cents[i]!.length; p++)
      if (random() < 0.05) cents[i]![p] = 1_000 + Math.floor(random() * 150_000);
  }
  const removed = new Set<number>();
  while (removed.size < Math.floor(n / 100)) removed.add(paid[Math.floor(random() * paid.length)]!);
  for (const i of removed) cents[i] = cents[i]!.map(() => 0);
  for (const i of idle)
    cents[i] = cents[i]!.map((_, p) => amount(random, p) || STANDARD[p % STANDARD.length]!);
  return {
    header: sheet.header,
    rows: sheet.employees.map((e, i) => toRow(e, cents[i]!)),
    cents,
    employees: sheet.employees,
    idle: [...removed].sort((a, b) => a - b),
  };
}
