/**
 * The column mapping, shown and correctable: one select per column (identity roles, the
 * add-in's own columns, ignore, or a product). Saving keeps the choices with the workbook
 * (src/workbook's mapping override).
 */
import { Button, Caption1, Field, makeStyles, Select, Subtitle2, tokens } from "@fluentui/react-components";
import { useState } from "react";
import type { ColumnRole, MappingOverride } from "../../../workbook";
import { useWords } from "../../../taskpane/ui/i18n";
import type { MappingView } from "../services";
import { useLayoutStyles } from "../../../taskpane/ui/layout";
import { DISTRIBUTE_WORDS } from "../words";

const useStyles = makeStyles({
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))",
    gap: tokens.spacingVerticalS,
  },
});

const PLAIN_ROLES = [
  "employee_id",
  "cpf",
  "email",
  "name",
  "info",
  "status",
  "message",
  "total",
  "ignore",
  "unmapped",
] as const;

const encode = (r: ColumnRole): string => (r.role === "product" ? `product:${r.product_id}` : r.role);
function decode(v: string): ColumnRole {
  if (v.startsWith("product:")) return { role: "product", product_id: v.slice("product:".length) };
  return { role: v as (typeof PLAIN_ROLES)[number] };
}

export function MappingEditor({
  mapping,
  onSave,
}: {
  mapping: MappingView;
  onSave: (o: MappingOverride) => void;
}) {
  const d = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const layout = useLayoutStyles();
  const [roles, setRoles] = useState<Record<string, string>>(() =>
    Object.fromEntries(mapping.columns.map((c) => [c.header, encode(c.role)])),
  );
  return (
    <div className={layout.stack}>
      <Subtitle2 as="h3">{d.mapping}</Subtitle2>
      <Caption1>{d.mappingHint}</Caption1>
      <div className={styles.grid}>
        {mapping.columns.map((c) => (
          <Field key={c.index} label={c.header || `#${c.index + 1}`}>
            <Select
              aria-label={d.roleLabel({ header: c.header })}
              value={roles[c.header] ?? "unmapped"}
              onChange={(_, v) => setRoles({ ...roles, [c.header]: v.value })}
            >
              {PLAIN_ROLES.map((r) => (
                <option key={r} value={r}>
                  {d.roles[r]}
                </option>
              ))}
              {mapping.products.map((p) => (
                <option key={p.id} value={`product:${p.id}`}>
                  {d.productRole({ name: p.name })}
                </option>
              ))}
            </Select>
          </Field>
        ))}
      </div>
      <div>
        <Button
          onClick={() => onSave(Object.fromEntries(Object.entries(roles).map(([h, v]) => [h, decode(v)])))}
        >
          {d.saveMapping}
        </Button>
      </div>
    </div>
  );
}
