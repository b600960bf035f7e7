/**
 * The validation result: a summary (employees, total per product, grand total, balance and
 * shortfall) and the list of problems, each a button that selects the offending cell in Excel
 * through the Workbook port; then a checker (./CellChecker, folded until opened or a problem is
 * followed) that shows, for a chosen cell, the raw value and the cents it became.
 */
import { Body1, Button, makeStyles, Subtitle2, tokens } from "@fluentui/react-components";
import { type Ref, useState } from "react";
import type { Issue } from "../../../workbook";
import { useReport } from "../../../ui/errors/ErrorCenter";
import { formatBRL, formatCount, useMessages, useWords } from "../../../ui/i18n";
import type { DistributeServices, MappingView, ValidationView } from "../services";
import { useLayoutStyles } from "../../../ui/layout";
import { DISTRIBUTE_WORDS } from "../words";
import { CellChecker } from "./CellChecker";
import { OutcomeHeading } from "./OutcomeHeading";
import { ProblemList } from "./ProblemList";

const useStyles = makeStyles({
  strong: { fontWeight: tokens.fontWeightSemibold },
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
  const words = useWords(DISTRIBUTE_WORDS);
  const layout = useLayoutStyles();
  const report = useReport();
  const summary = result.summary;
  const productName = (id: string) => mapping?.products.find((p) => p.id === id)?.name ?? id;
  const [row, setRow] = useState("");
  const [column, setColumn] = useState("");
  /** The checker is folded (Send stays in view under the problems) until opened or a problem is followed. */
  const [checkerOpen, setCheckerOpen] = useState(false);
  const productHeaders = mapping?.columns.filter((c) => c.role.role === "product").map((c) => c.header) ?? [];

  const select = (issue: Issue) => {
    // The checker follows the problem clicked, for an amount cell.
    if (issue.row !== undefined && issue.column && productHeaders.includes(issue.column)) {
      setRow(String(issue.row));
      setColumn(issue.column);
      setCheckerOpen(true);
    }
    void services.selectIssue(table, issue).catch((e: unknown) => report.error(e));
  };
  return (
    <div className={layout.stack}>
      <Subtitle2 as="h3">{words.summary}</Subtitle2>
      <SummaryFacts summary={summary} productName={productName} />
      {onFund && (
        <div>
          <Button onClick={onFund}>{words.fundShortfall}</Button>
        </div>
      )}

      <OutcomeHeading headingRef={problemsHeadingRef} live>
        {words.problems({ count: formatCount(result.issues.length, locale) })}
      </OutcomeHeading>
      {result.issues.length === 0 && <Body1>{words.noProblems}</Body1>}
      {!result.ok && <Body1 role="note">{words.errorsBlock}</Body1>}
      <ProblemList issues={result.issues} onSelect={select} />

      {productHeaders.length > 0 && (
        <CellChecker
          open={checkerOpen}
          onOpen={setCheckerOpen}
          row={row}
          column={column}
          onRow={setRow}
          onColumn={setColumn}
          columns={productHeaders}
          inspect={(n, c) => services.inspectCell(table, n, c)}
        />
      )}
    </div>
  );
}

/** The table's figures: employees, each product's total, the grand total, the balance and what it lacks. */
function SummaryFacts({
  summary,
  productName,
}: {
  summary: ValidationView["summary"];
  productName: (id: string) => string;
}) {
  const { locale } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const layout = useLayoutStyles();
  return (
    <dl className={layout.facts} data-testid="summary">
      <dt>{words.employees}</dt>
      <dd>{formatCount(summary.employees, locale)}</dd>
      {[...summary.perProduct].map(([id, cents]) => (
        <div key={id} style={{ display: "contents" }}>
          <dt>{productName(id)}</dt>
          <dd>{formatBRL(cents, locale)}</dd>
        </div>
      ))}
      <dt className={styles.strong}>{words.grandTotal}</dt>
      <dd className={styles.strong}>{formatBRL(summary.grandTotalCents, locale)}</dd>
      {summary.availableBalanceCents !== undefined && (
        <>
          <dt>{words.balance}</dt>
          <dd>{formatBRL(summary.availableBalanceCents, locale)}</dd>
        </>
      )}
      {summary.shortfallCents !== undefined && summary.shortfallCents > 0 && (
        <>
          <dt>{words.shortfall}</dt>
          <dd>{formatBRL(summary.shortfallCents, locale)}</dd>
        </>
      )}
      {summary.rowsWithErrors > 0 && (
        <>
          <dt>{words.rowsWithErrors}</dt>
          <dd>{formatCount(summary.rowsWithErrors, locale)}</dd>
        </>
      )}
      {summary.withoutCostCentre !== undefined && summary.withoutCostCentre > 0 && (
        <>
          <dt>{words.withoutCostCentre}</dt>
          <dd>{formatCount(summary.withoutCostCentre, locale)}</dd>
        </>
      )}
    </dl>
  );
}
