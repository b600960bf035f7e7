/**
 * Creating and updating benefits (conventions) from a table: one row per
 * benefit, a name, an optional description, and one column per product holding its monthly
 * amount in reais; the layout `pullBenefits` writes (./directory.ts), so pull, edit, save.
 *
 * - A row without an id is created (`POST /benefits`) and gets the returned `benefit_id` in
 *   the id column; a row with an id is updated (`PUT /benefits/{id}`, which replaces the benefit
 *   whole: docs/api-assumptions.md) only when it differs from what the API holds.
 * - A blank amount cell means the product is not in the benefit; amounts are read by src/money
 *   (integer cents; a sub-cent value is an error, never rounded).
 * - A product the API knows but the table has no column for keeps its item on update: the
 *   replacement never drops what the table does not show.
 * - A new row named like an existing benefit is refused (with that benefit's id): after a lost
 *   answer, saving again must not create the benefit twice.
 * Each row gets a status and a message; a bad row is not sent, the others still are.
 */
import { APIUserAbortError, ApiError, type Benefit, type BenefitItem, type ValePixClient } from "../../api";
import { parseCents } from "../../money";
import { computeMapping } from "../../workbook/mapping";
import type { Locale } from "../../workbook/messages";
import type { CellValue, TableInfo, Workbook } from "../../workbook/port";
import { pullAll } from "../../api";
import { benefitColumns, DEFAULT_TABLES, DirectoryInputError } from "./directory";
import { localTableName } from "../../workbook/names";
import { type OnProgress, safeProgress } from "../../api/progress";
import { DIRECTORY_TEXT, type RowStatus, writeRowStatuses } from "../../workbook/row-status";
import { headerIndex, readAllRows } from "../../workbook/table-sync";

export interface BenefitSaveResult {
  table: TableInfo;
  created: number;
  updated: number;
  unchanged: number;
  errors: number;
  statuses: RowStatus[];
}

const text = (v: CellValue | undefined): string => (v === undefined ? "" : String(v).trim());
const sameItems = (left: readonly BenefitItem[], right: readonly BenefitItem[]): boolean => {
  const key = (xs: readonly BenefitItem[]) =>
    JSON.stringify(
      [...xs]
        .sort((x, y) => x.product_id.localeCompare(y.product_id))
        .map((i) => [i.product_id, i.monthly_amount]),
    );
  return key(left) === key(right);
};

/** A row's amounts as benefit items (a blank cell is no item), and the cells that are not amounts. */
function rowItems(
  row: readonly CellValue[],
  productColumns: ReturnType<typeof computeMapping>["products"],
  locale: Locale,
): { items: BenefitItem[]; problems: string[] } {
  const words = DIRECTORY_TEXT[locale];
  const problems: string[] = [];
  const items: BenefitItem[] = [];
  for (const column of productColumns) {
    const parsed = parseCents(row[column.index], { locale });
    if (!parsed.ok) problems.push(words.amountInvalid(column.header, parsed.problem.input));
    else if (!parsed.blank) items.push({ product_id: column.product_id, monthly_amount: parsed.cents });
  }
  return { items, problems };
}

/**
 * A checked row sent: a benefit it names by id is updated (unless nothing changed), keeping the
 * items of products the table does not show; one without an id is created.
 */
async function sendBenefit(
  benefits: Pick<ValePixClient["benefits"], "create" | "update">,
  current: Benefit | undefined,
  row: { name: string; description: string; items: BenefitItem[] },
  shown: ReadonlySet<string>,
  signal: AbortSignal | undefined,
): Promise<{ outcome: "unchanged" | "updated" | "created"; createdId?: string }> {
  const { name, description, items } = row;
  if (current) {
    const body = {
      name,
      ...(description !== "" ? { description } : {}),
      items: [...items, ...(current.items ?? []).filter((i) => !shown.has(i.product_id))],
    };
    if (isSame(current, body)) return { outcome: "unchanged" };
    await benefits.update(current.id, body, { signal });
    return { outcome: "updated" };
  }
  const created = await benefits.create(
    { name, ...(description !== "" ? { description } : {}), items },
    { signal },
  );
  return { outcome: "created", createdId: created.benefit_id };
}

export async function saveBenefits(
  api: {
    benefits: Pick<ValePixClient["benefits"], "create" | "update" | "list">;
    products: Pick<ValePixClient["products"], "list">;
  },
  workbook: Workbook,
  options: { table?: string; locale?: Locale; signal?: AbortSignal; onProgress?: OnProgress } = {},
): Promise<BenefitSaveResult> {
  const { signal } = options;
  const onProgress = safeProgress(options.onProgress);
  const locale = options.locale ?? "pt-BR";
  const words = DIRECTORY_TEXT[locale];
  const tableName = options.table ?? (await localTableName(workbook, DEFAULT_TABLES.benefits, locale));
  const info = await workbook.getTable(tableName);
  if (!info) throw new DirectoryInputError("table_not_found", `There is no table named ${tableName}.`);
  const products = await pullAll(api.products.list({}, { signal }), "products", options);
  const cols = benefitColumns(products, locale);
  const at = { id: headerIndex(info.header, cols.id), name: headerIndex(info.header, cols.name) };
  const descriptionAt = headerIndex(info.header, cols.description);
  const mapping = computeMapping(info.header, products);
  if (at.name < 0 || mapping.products.length === 0) {
    throw new DirectoryInputError(
      "column_missing",
      `Table ${info.name} needs a "${cols.name}" column and at least one product column.`,
    );
  }
  const existing = await pullAll(api.benefits.list({}, { signal }), "benefits", options);
  const byId = new Map(existing.map((b) => [b.id, b]));
  const byName = new Map(existing.map((b) => [b.name.trim().toLowerCase(), b.id]));
  const shown = new Set(mapping.products.map((p) => p.product_id));

  const rows = await readAllRows(workbook, info.name, signal);
  const ids = rows.map((r) => (at.id < 0 ? "" : text(r[at.id])));
  const statuses: RowStatus[] = [];
  try {
    for (const [rowIndex, row] of rows.entries()) {
      onProgress?.({ phase: "save", done: rowIndex, total: rows.length });
      const name = text(row[at.name]);
      const { items, problems } = rowItems(row, mapping.products, locale);
      const id = ids[rowIndex]!;
      if (name === "" && id === "" && items.length === 0 && problems.length === 0) continue; // blank row
      if (name === "") problems.unshift(words.benefitNameMissing);
      const current = id === "" ? undefined : byId.get(id);
      if (id !== "" && !current) problems.push(words.benefitUnknown(id));
      const takenBy = id === "" ? byName.get(name.toLowerCase()) : undefined;
      if (takenBy !== undefined) problems.push(words.benefitNameTaken(takenBy));
      if (problems.length > 0) {
        statuses.push({ rowIndex, outcome: "error", message: problems.join(" ") });
        continue;
      }
      const description = descriptionAt < 0 ? (current?.description ?? "") : text(row[descriptionAt]);
      try {
        const sent = await sendBenefit(api.benefits, current, { name, description, items }, shown, signal);
        if (sent.createdId !== undefined) {
          ids[rowIndex] = sent.createdId;
          byName.set(name.toLowerCase(), sent.createdId);
        }
        statuses.push({ rowIndex, outcome: sent.outcome });
      } catch (err) {
        if (err instanceof APIUserAbortError || !(err instanceof ApiError)) throw err;
        statuses.push({ rowIndex, outcome: "error", message: err.serverMessage ?? err.message });
      }
    }
    onProgress?.({ phase: "save", done: rows.length, total: rows.length });
  } finally {
    // Whatever happened, the sheet shows it (without the caller's signal: it may be aborted).
    await writeRowStatuses(workbook, info, statuses, { locale, ids: { header: cols.id, values: ids } });
  }
  const count = (o: RowStatus["outcome"]) => statuses.filter((s) => s.outcome === o).length;
  return {
    table: (await workbook.getTable(info.name)) ?? info,
    created: count("created"),
    updated: count("updated"),
    unchanged: count("unchanged"),
    errors: count("error"),
    statuses,
  };
}

function isSame(
  current: Benefit,
  body: { name: string; description?: string; items: BenefitItem[] },
): boolean {
  return (
    current.name === body.name &&
    (current.description ?? "") === (body.description ?? "") &&
    sameItems(current.items ?? [], body.items)
  );
}
