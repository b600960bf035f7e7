/**
 * The distribution table's column mapping: which header is an identity column, which holds
 * a product's amounts in reais, which the add-in owns (status, message, row total), and which
 * are the user's own.
 *
 * Header matching is case-, accent-, punctuation- and space-insensitive ("E-mail" = "email",
 * "Situação" = "SITUACAO"), in Portuguese and English.
 *
 * Products, strictest first (a wrong product moves money to the wrong benefit):
 * 1. "Anything [id]": an explicit product id in brackets (what the template writes when two
 *    products share a name).
 * 2. Exact normalized product name, then id, then code. "Vale Refeição" = "VALE REFEICAO".
 * 3. Loose: the header and a product name are equal once generic words ("vale", "auxílio",
 *    "benefício", "valor", "R$" ...) are dropped, and exactly one product fits: "Refeição" →
 *    "Vale Refeição". Applied, but reported as a warning to confirm (saving the mapping does).
 * No edit-distance fuzzy matching: "Refeicão" with a typo, or two products that both fit,
 * stay unmatched and are reported with the candidates, so the user picks.
 *
 * Known non-amount columns (Situação/Status, Matrícula, Cargo, Salário, Total, ...) are "info":
 * read by people, never sent. "Matrícula" is the company's registration number, not the API's
 * employee_id, so it is not an identity column unless the user maps it so.
 *
 * The user's corrections are an override object (header → role) kept in the workbook settings
 * (./mapping-store.ts). Overrides naming headers that are gone, or products that no longer
 * exist, are reported and not applied. Header comparison and aliases: ./headers.ts.
 */
import type { Product } from "../api/schemas";
import { pushTo } from "./group";
import { aliasRole, headerKey, looseKey } from "./headers";
import { type Issue, makeIssue } from "./issues";
import type { ColumnRole, RoleName } from "./roles";

/** How a column got its role. */
type MatchHow =
  | "alias"
  | "product_bracket_id"
  | "product_name"
  | "product_id"
  | "product_code"
  | "product_loose"
  | "override"
  | "none";

interface MappedColumn {
  /** 0-based index in the header. */
  index: number;
  header: string;
  role: ColumnRole;
  how: MatchHow;
}

export interface TableMapping {
  columns: MappedColumn[];
  /** Column index of each identity and add-in column (the first one when duplicated). */
  employeeIdColumn?: number;
  cpfColumn?: number;
  emailColumn?: number;
  nameColumn?: number;
  statusColumn?: number;
  messageColumn?: number;
  totalColumn?: number;
  /** Product columns, left to right. */
  products: Array<{ index: number; header: string; product_id: string }>;
  /** Mapping problems (duplicates, stale overrides, loose matches), as whole-table issues. */
  issues: Issue[];
}

/** The user's corrections, by header text. */
export type MappingOverride = Record<string, ColumnRole>;

// ---------------------------------------------------------------------------------------------
// Computing the mapping

interface ProductIndex {
  byId: Map<string, Product>;
  byName: Map<string, Product[]>;
  byIdKey: Map<string, Product[]>;
  byCode: Map<string, Product[]>;
  byLoose: Map<string, Product[]>;
}

function indexProducts(products: readonly Product[]): ProductIndex {
  const push = (m: Map<string, Product[]>, k: string, p: Product): void => {
    if (k !== "") pushTo(m, k, p);
  };
  const ix: ProductIndex = {
    byId: new Map(),
    byName: new Map(),
    byIdKey: new Map(),
    byCode: new Map(),
    byLoose: new Map(),
  };
  for (const p of products) {
    ix.byId.set(p.id, p);
    push(ix.byName, headerKey(p.name), p);
    push(ix.byIdKey, headerKey(p.id), p);
    if (p.code) push(ix.byCode, headerKey(p.code), p);
    push(ix.byLoose, looseKey(p.name), p);
  }
  return ix;
}

/** The product a header names, strictest rule first; `candidates` when several fit loosely. */
function matchProduct(
  header: string,
  ix: ProductIndex,
): { product?: Product; how?: MatchHow; candidates?: Product[] } {
  const bracket = /\[([^[\]]+)\]\s*$/.exec(header);
  if (bracket?.[1]) {
    const p = ix.byId.get(bracket[1].trim());
    if (p) return { product: p, how: "product_bracket_id" };
  }
  const key = headerKey(header);
  if (key === "") return {};
  for (const [m, how] of [
    [ix.byName, "product_name"],
    [ix.byIdKey, "product_id"],
    [ix.byCode, "product_code"],
  ] as const) {
    const l = m.get(key);
    if (l?.length === 1) return { product: l[0]!, how };
    if (l && l.length > 1) return { candidates: l };
  }
  const loose = looseKey(header);
  const l = loose === "" ? undefined : ix.byLoose.get(loose);
  if (l?.length === 1) return { product: l[0]!, how: "product_loose" };
  if (l && l.length > 1) return { candidates: l };
  return {};
}

/** Products whose loose name contains the header's loose key or the reverse (for messages only). */
export function productCandidates(header: string, products: readonly Product[]): string[] {
  const k = looseKey(header);
  if (k.length < 3) return [];
  return products
    .filter((p) => {
      const pk = looseKey(p.name);
      return pk.length >= 3 && (pk.includes(k) || k.includes(pk));
    })
    .map((p) => p.name)
    .slice(0, 5);
}

/**
 * Maps a header to roles. `override` (the user's corrections, by header) wins where it is valid;
 * overrides naming absent headers or unknown products are reported and not applied.
 */
export function computeMapping(
  header: readonly string[],
  products: readonly Product[],
  override: MappingOverride = {},
): TableMapping {
  const ix = indexProducts(products);
  const issues: Issue[] = [];

  // Overrides by exact header first, then by normalized header.
  const overrideByKey = new Map<string, { header: string; role: ColumnRole }>();
  for (const [h, role] of Object.entries(override)) overrideByKey.set(headerKey(h), { header: h, role });
  const usedOverrides = new Set<string>();

  const columns: MappedColumn[] = header.map((h, index) => {
    const exact = Object.prototype.hasOwnProperty.call(override, h)
      ? { header: h, role: override[h]! }
      : undefined;
    const o = exact ?? overrideByKey.get(headerKey(h));
    if (o) {
      usedOverrides.add(o.header);
      if (o.role.role === "product" && !ix.byId.has(o.role.product_id)) {
        issues.push(makeIssue("mapping_unknown_product", { product: o.role.product_id }, { column: h }));
      } else {
        return { index, header: h, role: o.role, how: "override" };
      }
    }
    const alias = aliasRole(h);
    if (alias) return { index, header: h, role: alias, how: "alias" };
    const m = matchProduct(h, ix);
    if (m.product && m.how) {
      if (m.how === "product_loose") {
        issues.push(makeIssue("product_loose_match", { product: m.product.name }, { column: h }));
      }
      return { index, header: h, role: { role: "product", product_id: m.product.id }, how: m.how };
    }
    return { index, header: h, role: { role: "unmapped" }, how: "none" };
  });

  const stale = Object.keys(override).filter((h) => !usedOverrides.has(h));
  if (stale.length > 0) issues.push(makeIssue("mapping_stale", { headers: stale }));

  const mapping: TableMapping = { columns, products: [], issues };
  const seen = new Map<string, MappedColumn[]>();
  for (const c of columns) {
    const r = c.role;
    const key = r.role === "product" ? `product:${r.product_id}` : r.role;
    if (r.role === "product")
      mapping.products.push({ index: c.index, header: c.header, product_id: r.product_id });
    pushTo(seen, key, c);
  }
  const firstOf = (role: RoleName): number | undefined => seen.get(role)?.[0]?.index;
  const set = <K extends keyof TableMapping>(k: K, v: TableMapping[K] | undefined): void => {
    if (v !== undefined) mapping[k] = v;
  };
  set("employeeIdColumn", firstOf("employee_id"));
  set("cpfColumn", firstOf("cpf"));
  set("emailColumn", firstOf("email"));
  set("nameColumn", firstOf("name"));
  set("statusColumn", firstOf("status"));
  set("messageColumn", firstOf("message"));
  set("totalColumn", firstOf("total"));

  // Two columns for the same product or identity make the desired state ambiguous.
  for (const [key, cols] of seen) {
    if (cols.length < 2) continue;
    const isProduct = key.startsWith("product:");
    if (!isProduct && !["employee_id", "cpf", "email", "status", "message", "total"].includes(key)) continue;
    const product = isProduct ? products.find((p) => `product:${p.id}` === key)?.name : undefined;
    issues.push(
      makeIssue("duplicate_column", { headers: cols.map((c) => c.header), ...(product ? { product } : {}) }),
    );
  }
  return mapping;
}

/** The mapping as an override that pins every recognized column (e.g. after the user confirms). */
export function mappingToOverride(mapping: TableMapping): MappingOverride {
  const out: MappingOverride = {};
  for (const c of mapping.columns) if (c.role.role !== "unmapped") out[c.header] = c.role;
  return out;
}
