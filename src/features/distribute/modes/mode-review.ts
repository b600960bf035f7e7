/**
 * Modes `batch` and `group`, the pure part and the review table.
 *
 * In these modes the server chooses the employees (API document, "Distribution modes": `batch`
 * is all active and eligible employees, `group` those of the given benefit conventions), so the
 * desired state is derived from the draft's items as read: every item keeps what it holds, then
 * takes the values for all items (per product, from a values row or a form), then the
 * per-employee overrides (from an overrides table). `planItems` (../send/plan.ts) then finds the fewest
 * calls that reach it: one "value for all items" per product and per-employee calls where an
 * item differs, or per-employee calls only, whichever is fewer.
 *
 * The review table lists the items the draft holds once the values are sent (one row per
 * employee, one column per product, in reais), refreshed in place by employee id
 * (src/workbook/table-sync.ts): the person who signs off reads exactly what will be paid.
 */
import { defineWords } from "../../../money";
import type { Employee, Product } from "../../../api";
import type { Locale } from "../../../workbook/messages";
import type { Workbook } from "../../../workbook/port";
import { IDENTITY_HEADERS } from "../../../workbook/headers";
import { type CellValue, TEXT_FORMAT } from "../../../workbook/port";
import { CURRENCY_FORMAT, productHeaders } from "../../../workbook/template";
import { asDesired } from "../send/plan";
import { type Stage, stageMessage } from "../send/row-results";
import type { DraftItems } from "../send/review";
import {
  type SyncColumn,
  type TableSpec,
  headerIndex,
  readAllRows,
  syncTable,
} from "../../../workbook/table-sync";

/** Cents per product_id: a `Map` or a plain object (a form's state). */
export type ProductValues = ReadonlyMap<string, number> | Readonly<Record<string, number>>;

export const toValueMap = (values: ProductValues): Map<string, number> =>
  values instanceof Map
    ? new Map<string, number>(values as ReadonlyMap<string, number>)
    : new Map<string, number>(Object.entries(values));

const HEADERS = defineWords(
  {
    total: "Total",
    override: "Ajuste individual",
    distribution: "Distribuição",
    status: "Situação",
  },
  { total: "Total", override: "Override", distribution: "Distribution", status: "Status" },
);

/** The review table's own headers (with the identity ones). */
const reviewHeaders = (locale: Locale) => ({ ...IDENTITY_HEADERS[locale], ...HEADERS[locale] });

/** One line of the review table. */
export interface ReviewLine {
  employee_id: string;
  values: ReadonlyMap<string, number>;
  overridden: boolean;
  /** The mismatch with what was wanted, when there is one. */
  mismatch?: string | undefined;
}

interface ReviewTableContext {
  table: string;
  distributionId: string;
  stage: Stage;
  products: readonly Product[];
  employees: readonly Employee[];
  locale: Locale;
}

/** The review table's spec: id, name, one column per product that any line pays, total, override, status. */
function reviewTableSpec(lines: readonly ReviewLine[], ctx: ReviewTableContext): TableSpec<ReviewLine> {
  const reviewNames = reviewHeaders(ctx.locale);
  const used = new Set<string>();
  for (const line of lines) for (const [p, c] of line.values) if (c !== 0) used.add(p);
  const products = ctx.products.filter((p) => used.has(p.id));
  const headers = productHeaders(products, Object.values(reviewNames));
  const names = new Map(ctx.employees.map((e) => [e.employee_id, e.name]));
  const yes = ctx.locale === "pt-BR" ? "sim" : "yes";
  const money = (cents: number) => cents / 100;
  const sum = (l: ReviewLine) => [...l.values.values()].reduce((s, c) => s + c, 0);
  const columns: SyncColumn<ReviewLine>[] = [
    {
      header: reviewNames.employee_id,
      value: (l) => l.employee_id,
      numberFormat: TEXT_FORMAT,
      widthPoints: 120,
    },
    { header: reviewNames.name, value: (l) => names.get(l.employee_id) ?? "", widthPoints: 180 },
    ...products.map((p, i): SyncColumn<ReviewLine> => ({
      header: headers[i]!,
      value: (l) => money(l.values.get(p.id) ?? 0),
      numberFormat: CURRENCY_FORMAT,
      widthPoints: 100,
    })),
    {
      header: reviewNames.total,
      value: (l) => money(sum(l)),
      numberFormat: CURRENCY_FORMAT,
      widthPoints: 100,
    },
    { header: reviewNames.override, value: (l) => (l.overridden ? yes : ""), widthPoints: 90 },
    {
      header: reviewNames.distribution,
      value: () => ctx.distributionId,
      numberFormat: TEXT_FORMAT,
      widthPoints: 120,
    },
    {
      header: reviewNames.status,
      value: (l) => l.mismatch ?? stageMessage(ctx.stage, ctx.distributionId, ctx.locale, sum(l)),
      widthPoints: 260,
    },
  ];
  return {
    table: ctx.table,
    sheet: ctx.table,
    key: (l) => l.employee_id,
    keyHeader: reviewNames.employee_id,
    columns,
  };
}

export const DEFAULT_REVIEW_TABLES = { batch: "ValePix_Lote", group: "ValePix_Grupo" } as const;

/** Writes the items into the review table (created, or refreshed in place by employee id). */
export async function writeReviewTable(
  workbook: Workbook,
  items: DraftItems,
  ctx: {
    table: string;
    distributionId: string;
    stage: Stage;
    locale: Locale;
    run: { products: readonly Product[]; employees: readonly Employee[] };
  },
  extra: (employeeId: string) => { overridden: boolean; mismatch?: string | undefined },
) {
  const lines: ReviewLine[] = asDesired(items.items).map((d) => ({ ...d, ...extra(d.employee_id) }));
  const spec = reviewTableSpec(lines, { ...ctx, products: ctx.run.products, employees: ctx.run.employees });
  return syncTable(workbook, spec, lines);
}

/** The employees the review table marks as overridden (kept as they are when finalize rewrites it). */
export async function overriddenInTable(
  workbook: Workbook,
  table: string,
  locale: Locale,
  signal: AbortSignal | undefined,
): Promise<Set<string>> {
  const info = await workbook.getTable(table);
  const headers = reviewHeaders(locale);
  const key = info ? headerIndex(info.header, headers.employee_id) : -1;
  const mark = info ? headerIndex(info.header, headers.override) : -1;
  if (!info || key < 0 || mark < 0) return new Set();
  const text = (v: CellValue | undefined) =>
    String(v ?? "")
      .replace(/^'/, "")
      .trim();
  const rows = await readAllRows(workbook, info.name, signal);
  return new Set(rows.filter((r) => text(r[mark]) !== "").map((r) => text(r[key])));
}
