/**
 * One entry of the run log: when and which table, its mode, state, total and payment, the
 * distribution it made, and the two ways on: to its table in Excel, and to its current state at
 * the API (shown under it once answered).
 */
import { Body1, Button, Caption1, makeStyles, tokens } from "@fluentui/react-components";
import { formatBRL, formatCount, formatDateTime, useMessages, useWords } from "../../ui/i18n";
import { Breakable } from "../../ui/Breakable";
import { NARROW, useLayoutStyles } from "../../ui/layout";
import { DISTRIBUTE_WORDS } from "../distribute";
import type { CurrentState } from "./activity-state";
import type { RunLogView } from "./services";
import { ACTIVITY_WORDS } from "./words";

const useStyles = makeStyles({
  item: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  facts: {
    margin: 0,
    display: "grid",
    gridTemplateColumns: "auto minmax(0, 1fr)",
    columnGap: tokens.spacingHorizontalS,
    "& dd": { margin: 0 },
    // No room for a label beside its value: the label above, the value under it.
    [NARROW]: {
      gridTemplateColumns: "minmax(0, 1fr)",
      "& dt": { color: tokens.colorNeutralForeground3 },
      "& dd": { marginBottom: tokens.spacingVerticalXS },
    },
  },
});

export interface ActivityEntryProps {
  entry: RunLogView;
  /** The distribution's state as the API last answered it, once asked. */
  current: CurrentState | undefined;
  /** True while its state is being asked. */
  checking: boolean;
  onGoToTable: (table: string) => void;
  onCheck: (distributionId: string) => void;
}

export function ActivityEntry({ entry, current, checking, onGoToTable, onCheck }: ActivityEntryProps) {
  const { locale } = useMessages();
  const words = useWords(ACTIVITY_WORDS);
  const distributeWords = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const layout = useLayoutStyles();
  const { distributionId } = entry;
  const method = entry.paymentMethod as keyof typeof distributeWords.methods | undefined;

  return (
    <li className={styles.item}>
      <Body1>
        <strong>
          <Breakable>{words.entry({ when: formatDateTime(entry.at, locale), table: entry.table })}</Breakable>
        </strong>
      </Body1>
      <dl className={styles.facts}>
        <dt>{words.mode}</dt>
        <dd>{words.modes[entry.mode] ?? entry.mode}</dd>
        <dt>{words.state}</dt>
        <dd>
          {entry.state === "interrupted"
            ? words.interrupted
            : (distributeWords.statuses[entry.state] ?? entry.state)}
        </dd>
        {entry.totalCents !== undefined && (
          <>
            <dt>{words.total}</dt>
            <dd>{formatBRL(entry.totalCents, locale)}</dd>
          </>
        )}
        {method && (
          <>
            <dt>{words.method}</dt>
            <dd>{distributeWords.methods[method] ?? entry.paymentMethod}</dd>
          </>
        )}
        {distributionId && (
          <>
            <dt>{words.distribution}</dt>
            <dd>
              <Breakable>{distributionId}</Breakable>
            </dd>
          </>
        )}
      </dl>
      {entry.state === "interrupted" && <Body1>{words.interruptedExplain}</Body1>}
      {current && (
        <Caption1 role="status">
          {words.current({
            status: distributeWords.statuses[current.status] ?? current.status,
            employees: formatCount(current.totalEmployees, locale),
            total: formatBRL(current.totalCents, locale),
          })}
        </Caption1>
      )}
      <div className={layout.actions}>
        <Button size="small" onClick={() => onGoToTable(entry.table)}>
          <Breakable>{words.goToTable({ table: entry.table })}</Breakable>
        </Button>
        {distributionId && (
          <Button size="small" disabled={checking} onClick={() => onCheck(distributionId)}>
            <Breakable>{words.checkDistribution({ id: distributionId })}</Breakable>
          </Button>
        )}
      </div>
    </li>
  );
}
