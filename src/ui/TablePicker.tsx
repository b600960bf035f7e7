/** Picks one of the workbook's tables (a native select: keyboard and screen-reader friendly). */
import { Button, Field, makeStyles, Select, tokens } from "@fluentui/react-components";
import type { TableInfo } from "../workbook";
import { useMessages } from "./i18n";

const useStyles = makeStyles({
  row: { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: tokens.spacingHorizontalS },
  // A native select is as wide as its longest option: let it shrink so 320 px never scrolls.
  field: { flex: "1 1 160px", minWidth: 0, maxWidth: "100%" },
  select: { minWidth: 0, width: "100%", "& select": { minWidth: 0, textOverflow: "ellipsis" } },
});

export interface TablePickerProps {
  tables: TableInfo[] | undefined;
  value: string;
  onChange: (table: string) => void;
  onRefresh: () => void;
  label?: string;
}

export function TablePicker({ tables, value, onChange, onRefresh, label }: TablePickerProps) {
  const { t } = useMessages();
  const styles = useStyles();
  const empty = tables !== undefined && tables.length === 0;
  return (
    <div className={styles.row}>
      <Field
        className={styles.field}
        label={label ?? t.common.table}
        hint={empty ? t.common.noTables : undefined}
      >
        <Select
          className={styles.select}
          value={value}
          onChange={(_, d) => onChange(d.value)}
          disabled={!tables || empty}
        >
          <option value="">{t.common.pickTable}</option>
          {tables?.map((x) => (
            <option key={x.name} value={x.name}>
              {`${x.name} (${x.sheet}, ${x.rowCount})`}
            </option>
          ))}
        </Select>
      </Field>
      <Button onClick={onRefresh}>{t.common.refresh}</Button>
    </div>
  );
}
