/**
 * The input of a batch or group run, checked before anything is sent:
 * - values for all items: whole, non-negative cents of products the products list holds (API
 *   document, "Distribution item bodies": `product_id`, `value` in cents);
 * - the overrides table: a distribution table (identity and product columns), validated like one
 *   (../send/sheet.ts): its errors are written beside its rows and nothing is sent. A row sets the
 *   products whose cells are filled (0 included); a blank cell keeps what the item would hold;
 * - group conventions: at least one, each a `benefit_id` the benefits list holds (rule 6).
 * An override for an employee the draft does not hold (batch: not active; group: not a member)
 * is refused once the draft is read, its row marked: nothing else is sent.
 */
import { defineWords } from "../../../money";
import { isBlankCell } from "../../../money";
import { type Employee, type Product, type ValePixClient, collectAll } from "../../../api";
import {
  type Locale,
  type RowFacts,
  type RowResult,
  type ValidationOptions,
  type Workbook,
  rowStatus,
  writeRowResults,
} from "../../../workbook";
import { type ProductValues, toValueMap } from "./mode-review";
import type { Override } from "../send/plan";
import { type DirectoryApi, loadDirectory } from "../send/directory";
import { type SheetRead, readDistributionSheet } from "../send/sheet";
import { readAllRows } from "../../../workbook/table-sync";

/** The client methods a batch or group run uses (./modes.ts sends, ./mode-recheck.ts reviews). */
export type ModeApi = DirectoryApi & {
  benefits: Pick<ValePixClient["benefits"], "list">;
  distributions: Pick<
    ValePixClient["distributions"],
    "create" | "get" | "listItems" | "setValueForAll" | "setEmployeeValue" | "addItems" | "removeItems"
  >;
};

export type ModeInputCode =
  | "value_invalid"
  | "product_unknown"
  | "nothing_to_pay"
  | "benefits_missing"
  | "benefit_unknown"
  | "override_not_in_draft";

/** Bad input to a batch or group run: nothing was sent (at most the draft was created). */
export class ModeInputError extends Error {
  override name = "ModeInputError";
  constructor(
    readonly code: ModeInputCode,
    message: string,
    /** The overrides table's rows concerned (0-based data rows), when any. */
    readonly rows: number[] = [],
  ) {
    super(message);
  }
}

export interface ModeInput {
  values: Map<string, number>;
  overrides: Override[];
  products: Product[];
  employees: Employee[];
  /** Marks the rows of `notInDraft` in the overrides table and throws `ModeInputError`. */
  refuseNotInDraft(notInDraft: readonly Override[], distributionId: string): Promise<never>;
  /** Writes each override row's state once the draft holds it (mismatch details by employee). */
  writeOverrides(distributionId: string, mismatches: ReadonlyMap<string, string>): Promise<void>;
}

const WORDS = defineWords(
  {
    notInDraft: (id: string, mode: string) =>
      `Este colaborador não está na distribuição ${id} (modo ${mode}: ${mode === "batch" ? "só colaboradores ativos" : "só membros dos convênios"}); remova a linha ou ajuste o cadastro`,
  },
  {
    notInDraft: (id: string, mode: string) =>
      `This employee is not in distribution ${id} (mode ${mode}: ${mode === "batch" ? "active employees only" : "members of the conventions only"}); remove the row or fix the employee`,
  },
);

/** Values for all: whole, non-negative cents of products the products list holds. */
function checkValues(values: ReadonlyMap<string, number>, products: readonly Product[]): void {
  const known = new Set(products.map((p) => p.id));
  for (const [p, c] of values) {
    if (!known.has(p))
      throw new ModeInputError("product_unknown", `Product ${p} is not in the products list.`);
    if (!Number.isSafeInteger(c) || c < 0)
      throw new ModeInputError(
        "value_invalid",
        `The value for product ${p} must be whole, non-negative cents (got ${c}).`,
      );
  }
}

/** Group conventions: at least one, each a `benefit_id` the benefits list holds. */
async function checkConventions(
  api: { benefits: Pick<ValePixClient["benefits"], "list"> },
  benefitIds: readonly string[],
  signal: AbortSignal | undefined,
): Promise<void> {
  if (benefitIds.length === 0)
    throw new ModeInputError(
      "benefits_missing",
      "Choose at least one benefit (convention) for a group distribution.",
    );
  const listed = new Set(
    (await collectAll(api.benefits.list({}, { signal }), { max: 10_000 })).map((b) => b.id),
  );
  const unknown = benefitIds.filter((id) => !listed.has(id));
  if (unknown.length > 0)
    throw new ModeInputError(
      "benefit_unknown",
      `Benefit(s) ${unknown.join(", ")} are not in the benefits list.`,
    );
}

/** The override rows' states written by the status rule: refused rows, or their draft. */
function overrideWriters(
  workbook: Workbook,
  mode: "batch" | "group",
  sheet: SheetRead | undefined,
  overrides: readonly Override[],
  locale: Locale,
): Pick<ModeInput, "refuseNotInDraft" | "writeOverrides"> {
  // Every override row's cells by the status rule (src/workbook/status-rule.ts).
  const write = (facts: RowFacts[]) =>
    sheet
      ? writeRowResults(
          workbook,
          sheet.table,
          sheet.mapping,
          facts.map((f) => rowStatus(f, locale)).filter((r): r is RowResult => r !== undefined),
          locale,
        )
      : Promise.resolve();
  const totalOf = (o: Override) => [...o.values.values()].reduce((a, b) => a + b, 0);
  return {
    async refuseNotInDraft(notInDraft, distributionId) {
      const bad = new Set(notInDraft.map((o) => o.rowIndex));
      const message = WORDS[locale].notInDraft(distributionId, mode);
      await write(
        overrides.map((o) =>
          bad.has(o.rowIndex)
            ? { rowIndex: o.rowIndex!, error: message }
            : { rowIndex: o.rowIndex!, totalCents: totalOf(o) },
        ),
      );
      throw new ModeInputError(
        "override_not_in_draft",
        `${notInDraft.length} override row(s) name employees distribution ${distributionId} does not hold ` +
          `(rows ${notInDraft.map((o) => o.rowIndex! + 1).join(", ")}); nothing was sent.`,
        notInDraft.map((o) => o.rowIndex!),
      );
    },
    async writeOverrides(distributionId, mismatches) {
      await write(
        (sheet?.rows ?? []).map((r) => ({
          rowIndex: r.rowIndex,
          totalCents: r.totalCents,
          run: { stage: "draft", distributionId, mismatch: mismatches.get(r.employee_id) },
        })),
      );
    },
  };
}

export async function prepareModeRun(
  api: DirectoryApi & { benefits: Pick<ValePixClient["benefits"], "list"> },
  mode: "batch" | "group",
  input: { workbook: Workbook; values: ProductValues; overridesTable?: string | undefined },
  benefitIds: readonly string[],
  options: { locale: Locale; signal?: AbortSignal | undefined; validation?: ValidationOptions | undefined },
): Promise<ModeInput> {
  const { locale, signal } = options;
  const directory = await loadDirectory(api, signal);
  const values = toValueMap(input.values);
  checkValues(values, directory.products);
  if (mode === "group") await checkConventions(api, benefitIds, signal);
  let sheet: SheetRead | undefined;
  if (input.overridesTable !== undefined)
    sheet = await readDistributionSheet(api, input.workbook, input.overridesTable, { ...options, directory });
  const overrides = sheet ? await filledOverrides(input.workbook, sheet, signal) : [];
  if (mode === "batch" && overrides.length === 0 && ![...values.values()].some((c) => c > 0))
    throw new ModeInputError(
      "nothing_to_pay",
      "Give a positive value for at least one product, or an overrides table.",
    );
  return {
    values,
    overrides,
    ...directory,
    ...overrideWriters(input.workbook, mode, sheet, overrides, locale),
  };
}

/** The sheet's rows as overrides of the products whose cells are filled (validation reads blank as 0). */
async function filledOverrides(
  workbook: Workbook,
  sheet: SheetRead,
  signal?: AbortSignal,
): Promise<Override[]> {
  const cells = await readAllRows(workbook, sheet.table.name, signal);
  return sheet.rows.map((row) => {
    const filled = sheet.mapping.products.filter((p) => !isBlankCell(cells[row.rowIndex]?.[p.index]));
    const values = new Map(filled.map((p) => [p.product_id, row.values.get(p.product_id) ?? 0]));
    return { employee_id: row.employee_id, values, rowIndex: row.rowIndex };
  });
}
