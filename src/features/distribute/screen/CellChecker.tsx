/**
 * "Conferir uma célula": for a worksheet row and an amount column, what the cell holds and the
 * cents it became (or why it is not an amount). Folded into one line until opened, or until a
 * problem in the list is followed (the panel then opens on that cell), so that at 320 × 600 the
 * send step stays right under the problems.
 */
import {
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  makeStyles,
  Select,
  tokens,
} from "@fluentui/react-components";
import { useState } from "react";
import { Disclosure } from "../../../ui/Disclosure";
import { useReport } from "../../../ui/errors/ErrorCenter";
import { formatBRL, useMessages, useWords } from "../../../ui/i18n";
import { useLayoutStyles } from "../../../ui/layout";
import type { CellInspection } from "../services";
import { DISTRIBUTE_WORDS } from "../words";

const useStyles = makeStyles({
  inspect: { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: tokens.spacingHorizontalS },
  rowField: { flex: "0 1 120px", minWidth: 0 },
  colField: { flex: "1 1 140px", minWidth: 0 },
  select: { minWidth: 0, width: "100%", "& select": { minWidth: 0 } },
  input: { minWidth: 0, width: "100%" },
});

export interface CellCheckerProps {
  open: boolean;
  onOpen: (open: boolean) => void;
  row: string;
  column: string;
  onRow: (row: string) => void;
  onColumn: (column: string) => void;
  /** The amount columns' headers. */
  columns: readonly string[];
  inspect: (row: number, column: string) => Promise<CellInspection>;
}

export function CellChecker({
  open,
  onOpen,
  row,
  column,
  onRow,
  onColumn,
  columns,
  inspect,
}: CellCheckerProps) {
  const { locale } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const layout = useLayoutStyles();
  const report = useReport();
  const [inspected, setInspected] = useState<CellInspection | undefined>(undefined);

  const check = async () => {
    const rowNumber = Number(row);
    if (!Number.isInteger(rowNumber) || rowNumber < 1 || column === "") return;
    try {
      setInspected(await inspect(rowNumber, column));
    } catch (e) {
      report.error(e);
    }
  };

  return (
    <Disclosure title={words.inspect} as="h3" open={open} onOpenChange={onOpen}>
      <div className={layout.stack}>
        <div className={styles.inspect}>
          <Field className={styles.rowField} label={words.inspectRow}>
            <Input
              className={styles.input}
              type="number"
              min={1}
              value={row}
              onChange={(_, v) => onRow(v.value)}
            />
          </Field>
          <Field className={styles.colField} label={words.inspectColumn}>
            <Select className={styles.select} value={column} onChange={(_, v) => onColumn(v.value)}>
              <option value="" />
              {columns.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </Select>
          </Field>
          <Button onClick={() => void check()}>{words.inspectGo}</Button>
        </div>
        {inspected?.outside && <Caption1 role="status">{words.inspectOutside}</Caption1>}
        {inspected && !inspected.outside && (
          <dl className={layout.facts} data-testid="inspection">
            <dt>{words.inspectRaw}</dt>
            <dd>{inspected.raw === "" ? "—" : String(inspected.raw)}</dd>
            {inspected.cents !== undefined ? (
              <>
                <dt>{words.inspectCents}</dt>
                <dd>{inspected.cents}</dd>
                <dt>{words.inspectReais}</dt>
                <dd>{formatBRL(inspected.cents, locale)}</dd>
              </>
            ) : (
              <>
                <dt>{words.inspectProblem}</dt>
                <dd />
              </>
            )}
          </dl>
        )}
        {inspected?.problem && (
          <Body1 data-testid="inspection-problem">{inspected.problem.message[locale]}</Body1>
        )}
        {inspected && inspected.raw === "" && <Caption1>{words.inspectEmpty}</Caption1>}
      </div>
    </Disclosure>
  );
}
