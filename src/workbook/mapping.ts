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
import { aliasRole, costCentreRank, headerKey, looseKey } from "./headers";
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
  /** The cost-centre column (booked in the ledger, never sent). */
  costCentreColumn?: number;
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
  const push = (byKey: Map<string, Product[]>, key: string, product: Product): void => {
    if (key !== "") pushTo(byKey, key, product);
  };
  const ix: ProductIndex = {
    byId: new Map(),
    byName: new Map(),
    byIdKey: new Map(),
    byCode: new Map(),
    byLoose: new Map(),
  };
  for (const product of products) {
    ix.byId.set(product.id, product);
    push(ix.byName, headerKey(product.name), product);
    push(ix.byIdKey, headerKey(product.id), product);
    if (product.code) push(ix.byCode, headerKey(product.code), product);
    push(ix.byLoose, looseKey(product.name), product);
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
    const product = ix.byId.get(bracket[1].trim());
    if (product) return { product, how: "product_bracket_id" };
  }
  const key = headerKey(header);
  if (key === "") return {};
  for (const [byKey, how] of [
    [ix.byName, "product_name"],
    [ix.byIdKey, "product_id"],
    [ix.byCode, "product_code"],
  ] as const) {
    const matches = byKey.get(key);
    if (matches?.length === 1) return { product: matches[0]!, how };
    if (matches && matches.length > 1) return { candidates: matches };
  }
  const loose = looseKey(header);
  const looseMatches = loose === "" ? undefined : ix.byLoose.get(loose);
  if (looseMatches?.length === 1) return { product: looseMatches[0]!, how: "product_loose" };
  if (looseMatches && looseMatches.length > 1) return { candidates: looseMatches };
  return {};
}

/** Products whose loose name contains the header's loose key or the reverse (for messages only). */
export function productCandidates(header: string, products: readonly Product[]): string[] {
  const key = looseKey(header);
  if (key.length < 3) return [];
  return products
    .filter((product) => {
      const productKey = looseKey(product.name);
      return productKey.length >= 3 && (productKey.includes(key) || key.includes(productKey));
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

  const columns: MappedColumn[] = header.map((columnHeader, index) => {
    const exact = Object.prototype.hasOwnProperty.call(override, columnHeader)
      ? { header: columnHeader, role: override[columnHeader]! }
      : undefined;
    const columnOverride = exact ?? overrideByKey.get(headerKey(columnHeader));
    if (columnOverride) {
      usedOverrides.add(columnOverride.header);
      if (columnOverride.role.role === "product" && !ix.byId.has(columnOverride.role.product_id)) {
        issues.push(
          makeIssue(
            "mapping_unknown_product",
            { product: columnOverride.role.product_id },
            { column: columnHeader },
          ),
        );
      } else {
        return { index, header: columnHeader, role: columnOverride.role, how: "override" };
      }
    }
    const alias = aliasRole(columnHeader);
    if (alias) return { index, header: columnHeader, role: alias, how: "alias" };
    const match = matchProduct(columnHeader, ix);
    if (match.product && match.how) {
      if (match.how === "product_loose") {
        issues.push(
          makeIssue("product_loose_match", { product: match.product.name }, { column: columnHeader }),
        );
      }
      return {
        index,
        header: columnHeader,
        role: { role: "product", product_id: match.product.id },
        how: match.how,
      };
    }
    return { index, header: columnHeader, role: { role: "unmapped" }, how: "none" };
  });

  keepOneCostCentre(columns);
  const stale = Object.keys(override).filter((h) => !usedOverrides.has(h));
  if (stale.length > 0) issues.push(makeIssue("mapping_stale", { headers: stale }));

  const mapping: TableMapping = { columns, products: [], issues };
  const seen = new Map<string, MappedColumn[]>();
  for (const column of columns) {
    const role = column.role;
    const key = role.role === "product" ? `product:${role.product_id}` : role.role;
    if (role.role === "product")
      mapping.products.push({ index: column.index, header: column.header, product_id: role.product_id });
    pushTo(seen, key, column);
  }
  indexRoles(mapping, seen);

  // Two columns for the same product or identity make the desired state ambiguous.
  for (const [key, cols] of seen) {
    if (cols.length < 2) continue;
    const isProduct = key.startsWith("product:");
    const single = ["employee_id", "cpf", "email", "status", "message", "total", "cost_centre"];
    if (!isProduct && !single.includes(key)) continue;
    const product = isProduct ? products.find((p) => `product:${p.id}` === key)?.name : undefined;
    issues.push(
      makeIssue("duplicate_column", { headers: cols.map((c) => c.header), ...(product ? { product } : {}) }),
    );
  }
  return mapping;
}

/** The column of each identity, add-in and cost-centre role (the first one when duplicated). */
function indexRoles(mapping: TableMapping, seen: ReadonlyMap<string, MappedColumn[]>): void {
  const firstOf = (role: RoleName): number | undefined => seen.get(role)?.[0]?.index;
  const set = <K extends keyof TableMapping>(key: K, value: TableMapping[K] | undefined): void => {
    if (value !== undefined) mapping[key] = value;
  };
  set("employeeIdColumn", firstOf("employee_id"));
  set("cpfColumn", firstOf("cpf"));
  set("emailColumn", firstOf("email"));
  set("nameColumn", firstOf("name"));
  set("statusColumn", firstOf("status"));
  set("messageColumn", firstOf("message"));
  set("totalColumn", firstOf("total"));
  set("costCentreColumn", firstOf("cost_centre"));
}

/**
 * A table often has both "Centro de custo" and "Departamento": the strongest alias is the cost
 * centre and the others become the person's own columns. A column the user chose stays chosen
 * (two chosen ones are reported as a duplicate).
 */
function keepOneCostCentre(columns: MappedColumn[]): void {
  const byAlias = columns.filter((c) => c.role.role === "cost_centre" && c.how === "alias");
  const chosen = columns.some((c) => c.role.role === "cost_centre" && c.how === "override");
  const ranked = [...byAlias].sort((a, b) => costCentreRank(a.header) - costCentreRank(b.header));
  for (const column of chosen ? ranked : ranked.slice(1)) column.role = { role: "info" };
}

/** The mapping as an override that pins every recognized column (e.g. after the user confirms). */
export function mappingToOverride(mapping: TableMapping): MappingOverride {
  const out: MappingOverride = {};
  for (const column of mapping.columns) if (column.role.role !== "unmapped") out[column.header] = column.role;
  return out;
}
