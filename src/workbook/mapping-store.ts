/**
 * The user's corrections to a table's mapping (an override: header → role), saved in the
 * workbook settings as versioned JSON and validated with zod on load. An unreadable setting is
 * reported (`mapping_invalid`) and ignored, never trusted.
 */
import { z } from "zod";
import type { Product } from "../api/schemas";
import { type Issue, makeIssue } from "./issues";
import { computeMapping, type MappingOverride, type TableMapping } from "./mapping";
import { RoleSchema } from "./roles";
import type { Workbook } from "./port";

export const MAPPING_SETTING = "valepix.mapping";
const MAPPING_VERSION = 1;

const SavedTableMapping = z.object({
  columns: z.record(z.string().max(255), RoleSchema),
  savedAt: z.string().optional(),
});

const SavedMappings = z.object({
  version: z.literal(MAPPING_VERSION),
  /** By table name, lower-cased (Excel table names are case-insensitive). */
  tables: z.record(z.string(), SavedTableMapping),
});
type SavedMappings = z.infer<typeof SavedMappings>;

export interface LoadedOverride {
  override: MappingOverride;
  /** `mapping_invalid` when the saved value could not be read (it is then ignored). */
  issues: Issue[];
}

async function readAll(workbook: Workbook): Promise<{ saved: SavedMappings; invalid: boolean }> {
  const raw = await workbook.getSetting(MAPPING_SETTING);
  if (raw === undefined) return { saved: { version: MAPPING_VERSION, tables: {} }, invalid: false };
  const parsed = SavedMappings.safeParse(raw);
  if (!parsed.success) return { saved: { version: MAPPING_VERSION, tables: {} }, invalid: true };
  return { saved: parsed.data, invalid: false };
}

/** The saved override of a table ({} when none); an unreadable setting is reported and ignored. */
export async function loadMappingOverride(workbook: Workbook, table: string): Promise<LoadedOverride> {
  const { saved, invalid } = await readAll(workbook);
  const entry = Object.prototype.hasOwnProperty.call(saved.tables, table.toLowerCase())
    ? saved.tables[table.toLowerCase()]
    : undefined;
  return {
    override: entry ? { ...entry.columns } : {},
    issues: invalid ? [makeIssue("mapping_invalid", {})] : [],
  };
}

/** Saves a table's override (replacing the previous one), keeping other tables' overrides. */
export async function saveMappingOverride(
  workbook: Workbook,
  table: string,
  override: MappingOverride,
  now: Date = new Date(),
): Promise<void> {
  const checked = z.record(z.string().max(255), RoleSchema).parse(override);
  const { saved } = await readAll(workbook);
  const tables = { ...saved.tables, [table.toLowerCase()]: { columns: checked, savedAt: now.toISOString() } };
  const value: SavedMappings = { version: MAPPING_VERSION, tables };
  await workbook.setSetting(MAPPING_SETTING, value);
}

/** Loads the saved override and computes the mapping with it. */
export async function loadMapping(
  workbook: Workbook,
  table: string,
  header: readonly string[],
  products: readonly Product[],
): Promise<TableMapping> {
  const { override, issues } = await loadMappingOverride(workbook, table);
  const mapping = computeMapping(header, products, override);
  mapping.issues.unshift(...issues);
  return mapping;
}
