/**
 * The validation result: a summary (employees, total per product, grand total, balance and
 * shortfall) and the list of problems, each a button that selects the offending cell in Excel
 * through the Workbook port; then a checker that shows, for a chosen cell, the raw value and the
 * cents it became.
 */
import {
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  makeStyles,
  Select,
  Subtitle2,
  tokens,
} from "@fluentui/react-components";
import { type Ref, useState } from "react";
import type { Issue } from "../../../workbook";
import { useReport } from "../../../taskpane/ui/errors/ErrorCenter";
import { formatBRL, formatCount, useMessages, useWords } from "../../../taskpane/ui/i18n";
import type { CellInspection, DistributeServices, MappingView, ValidationView } from "../services";
import { useLayoutStyles } from "../../../taskpane/ui/layout";
import { DISTRIBUTE_WORDS } from "../words";
import { OutcomeHeading } from "./OutcomeHeading";
import { ProblemList } from "./ProblemList";

const useStyles = makeStyles({
  strong: { fontWeight: tokens.fontWeightSemibold },
  inspect: { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: tokens.spacingHorizontalS },
  rowField: { flex: "0 1 120px", minWidth: 0 },
  colField: { flex: "1 1 140px", minWidth: 0 },
  select: { minWidth: 0, width: "100%", "& select": { minWidth: 0 } },
  input: { minWidth: 0, width: "100%" },
});

export interface ValidationPanelProps {
  table: string;
  result: ValidationView;
  mapping: MappingView | undefined;
  services: Pick<DistributeServices, "selectIssue" | "inspectCell">;
  /** Opens Fund for the shortfall (shown under the summary when there is one). */
  onFund?: () => void;
  /** The problems' heading, focused after a validation (WCAG 2.4.3). */
  problemsHeadingRef?: Ref<HTMLHeadingElement>;
}

export function ValidationPanel({
  table,
  result,
  mapping,
  services,
  onFund,
  problemsHeadingRef,
}: ValidationPanelProps) {
  const { locale } = useMessages();
  const d = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const layout = useLayoutStyles();
  const report = useReport();
  const s = result.summary;
  const productName = (id: string) => mapping?.products.find((p) => p.id === id)?.name ?? id;
  const [row, setRow] = useState("");
  const [column, setColumn] = useState("");
  const [inspected, setInspected] = useState<CellInspection | undefined>(undefined);
  const productHeaders = mapping?.columns.filter((c) => c.role.role === "product").map((c) => c.header) ?? [];

  const select = (issue: Issue) => {
    // The checker follows the problem clicked, for an amount cell.
    if (issue.row !== undefined && issue.column && productHeaders.includes(issue.column)) {
      setRow(String(issue.row));
      setColumn(issue.column);
    }
    void services.selectIssue(table, issue).catch((e: unknown) => report.error(e));
  };
  const inspect = async () => {
    const n = Number(row);
    if (!Number.isInteger(n) || n < 1 || column === "") return;
    try {
      setInspected(await services.inspectCell(table, n, column));
    } catch (e) {
      report.error(e);
    }
  };

  return (
    <div className={layout.stack}>
      <Subtitle2 as="h3">{d.summary}</Subtitle2>
      <dl className={layout.facts} data-testid="summary">
        <dt>{d.employees}</dt>
        <dd>{formatCount(s.employees, locale)}</dd>
        {[...s.perProduct].map(([id, cents]) => (
          <div key={id} style={{ display: "contents" }}>
            <dt>{productName(id)}</dt>
            <dd>{formatBRL(cents, locale)}</dd>
          </div>
        ))}
        <dt className={styles.strong}>{d.grandTotal}</dt>
        <dd className={styles.strong}>{formatBRL(s.grandTotalCents, locale)}</dd>
        {s.availableBalanceCents !== undefined && (
          <>
            <dt>{d.balance}</dt>
            <dd>{formatBRL(s.availableBalanceCents, locale)}</dd>
          </>
        )}
        {s.shortfallCents !== undefined && s.shortfallCents > 0 && (
          <>
            <dt>{d.shortfall}</dt>
            <dd>{formatBRL(s.shortfallCents, locale)}</dd>
          </>
        )}
        {s.rowsWithErrors > 0 && (
          <>
            <dt>{d.rowsWithErrors}</dt>
            <dd>{formatCount(s.rowsWithErrors, locale)}</dd>
          </>
        )}
      </dl>
      {onFund && (
        <div>
          <Button onClick={onFund}>{d.fundShortfall}</Button>
        </div>
      )}

      <OutcomeHeading headingRef={problemsHeadingRef}>
        {d.problems({ count: formatCount(result.issues.length, locale) })}
      </OutcomeHeading>
      {result.issues.length === 0 && <Body1>{d.noProblems}</Body1>}
      {!result.ok && <Body1 role="note">{d.errorsBlock}</Body1>}
      <ProblemList issues={result.issues} onSelect={select} />

      {productHeaders.length > 0 && (
        <>
          <Subtitle2 as="h3">{d.inspect}</Subtitle2>
          <div className={styles.inspect}>
            <Field className={styles.rowField} label={d.inspectRow}>
              <Input
                className={styles.input}
                type="number"
                min={1}
                value={row}
                onChange={(_, v) => setRow(v.value)}
              />
            </Field>
            <Field className={styles.colField} label={d.inspectColumn}>
              <Select className={styles.select} value={column} onChange={(_, v) => setColumn(v.value)}>
                <option value="" />
                {productHeaders.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </Select>
            </Field>
            <Button onClick={() => void inspect()}>{d.inspectGo}</Button>
          </div>
          {inspected?.outside && <Caption1 role="status">{d.inspectOutside}</Caption1>}
          {inspected && !inspected.outside && (
            <dl className={layout.facts} data-testid="inspection">
              <dt>{d.inspectRaw}</dt>
              <dd>{inspected.raw === "" ? "—" : String(inspected.raw)}</dd>
              {inspected.cents !== undefined ? (
                <>
                  <dt>{d.inspectCents}</dt>
                  <dd>{inspected.cents}</dd>
                  <dt>{d.inspectReais}</dt>
                  <dd>{formatBRL(inspected.cents, locale)}</dd>
                </>
              ) : (
                <>
                  <dt>{d.inspectProblem}</dt>
                  <dd />
                </>
              )}
            </dl>
          )}
          {inspected?.problem && (
            <Body1 data-testid="inspection-problem">{inspected.problem.message[locale]}</Body1>
          )}
          {inspected && inspected.raw === "" && <Caption1>{d.inspectEmpty}</Caption1>}
        </>
      )}
    </div>
  );
}
