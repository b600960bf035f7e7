/**
 * The column mapping, shown and correctable: one select per column (identity roles, the
 * add-in's own columns, ignore, or a product). Saving keeps the choices with the workbook
 * (src/workbook's mapping override). A mapping where every column is recognised (a template's,
 * or one just saved) folds into one line, "14 colunas reconhecidas · Editar", so Validate is
 * on the first screen at 320 × 600; one with a column not recognised opens.
 */
import {
  Body1,
  Button,
  Caption1,
  Field,
  makeStyles,
  Select,
  Subtitle2,
  tokens,
} from "@fluentui/react-components";
import { useState } from "react";
import type { ColumnRole, MappingOverride } from "../../../workbook";
import { formatCount, useMessages, useWords } from "../../../ui/i18n";
import type { MappingView } from "../services";
import { useLayoutStyles } from "../../../ui/layout";
import { DISTRIBUTE_WORDS } from "../words";

const useStyles = makeStyles({
  grid: {
    display: "grid",
    // Never wider than the pane: at 200% zoom a 320 px pane is 160 CSS px (WCAG 1.4.10).
    gridTemplateColumns: "repeat(auto-fill, minmax(min(200px, 100%), 1fr))",
    gap: tokens.spacingVerticalS,
  },
  field: { minWidth: 0, "& label": { overflowWrap: "break-word" } },
  select: {
    minWidth: 0,
    maxWidth: "100%",
    width: "100%",
    "& select": { minWidth: 0, textOverflow: "ellipsis" },
  },
  folded: { display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: tokens.spacingHorizontalS },
});

const PLAIN_ROLES = [
  "employee_id",
  "cpf",
  "email",
  "name",
  "info",
  "cost_centre",
  "status",
  "message",
  "total",
  "ignore",
  "unmapped",
] as const;

const encode = (r: ColumnRole): string => (r.role === "product" ? `product:${r.product_id}` : r.role);
function decode(value: string): ColumnRole {
  if (value.startsWith("product:")) return { role: "product", product_id: value.slice("product:".length) };
  return { role: value as (typeof PLAIN_ROLES)[number] };
}

export function MappingEditor({
  mapping,
  onSave,
}: {
  mapping: MappingView;
  onSave: (o: MappingOverride) => void;
}) {
  const { locale } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const recognised = mapping.columns.filter((c) => c.role.role !== "unmapped").length;
  const [open, setOpen] = useState(recognised < mapping.columns.length);
  const layout = useLayoutStyles();
  const [roles, setRoles] = useState<Record<string, string>>(() =>
    Object.fromEntries(mapping.columns.map((c) => [c.header, encode(c.role)])),
  );
  if (!open)
    return (
      <div className={styles.folded}>
        <Body1 data-testid="mapping-folded">
          {words.mappingFolded({ count: formatCount(recognised, locale) })}
        </Body1>
        <span aria-hidden>·</span>
        <Button
          appearance="transparent"
          size="small"
          aria-expanded={false}
          aria-label={`${words.mappingEdit} ${words.mapping.toLowerCase()}`}
          onClick={() => setOpen(true)}
        >
          {words.mappingEdit}
        </Button>
      </div>
    );
  return (
    <div className={layout.stack}>
      <Subtitle2 as="h3">{words.mapping}</Subtitle2>
      <Caption1>{words.mappingHint}</Caption1>
      <div className={styles.grid}>
        {mapping.columns.map((c) => (
          <Field key={c.index} className={styles.field} label={c.header || `#${c.index + 1}`}>
            <Select
              className={styles.select}
              aria-label={words.roleLabel({ header: c.header })}
              value={roles[c.header] ?? "unmapped"}
              onChange={(_, v) => setRoles({ ...roles, [c.header]: v.value })}
            >
              {PLAIN_ROLES.map((r) => (
                <option key={r} value={r}>
                  {words.roles[r]}
                </option>
              ))}
              {mapping.products.map((p) => (
                <option key={p.id} value={`product:${p.id}`}>
                  {words.productRole({ name: p.name })}
                </option>
              ))}
            </Select>
          </Field>
        ))}
      </div>
      <div>
        <Button
          onClick={() => {
            onSave(Object.fromEntries(Object.entries(roles).map(([h, v]) => [h, decode(v)])));
            setOpen(false);
          }}
        >
          {words.saveMapping}
        </Button>
      </div>
    </div>
  );
}
