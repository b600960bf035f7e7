/**
 * Activity: the workbook's run log, newest first; each entry links to its table (selects it in
 * Excel) and to its distribution (reads its current state from the API).
 */
import { Body1, Button, Caption1, makeStyles, Subtitle2, tokens } from "@fluentui/react-components";
import { useCallback, useEffect, useId, useState } from "react";
import { useReport } from "../../taskpane/ui/errors/ErrorCenter";
import { formatBRL, formatCount, formatDateTime, useMessages, useWords } from "../../taskpane/ui/i18n";
import type { ActivityServices, RunLogView } from "./services";
import { useLayoutStyles } from "../../taskpane/ui/layout";
import { DISTRIBUTE_WORDS } from "../distribute";
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
    gridTemplateColumns: "auto 1fr",
    columnGap: tokens.spacingHorizontalS,
  },
});

type Current = { status: string; totalEmployees: number; totalCents: number };

export function ActivityScreen({ services }: { services: ActivityServices }) {
  const { t, locale } = useMessages();
  const a = useWords(ACTIVITY_WORDS);
  const distributeWords = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const layout = useLayoutStyles();
  const report = useReport();
  const headingId = useId();
  const [entries, setEntries] = useState<RunLogView[] | undefined>(undefined);
  const [current, setCurrent] = useState<Record<string, Current>>({});

  const load = useCallback(
    () =>
      services.runLog().then(setEntries, (e: unknown) => {
        report.error(e);
      }),
    [services, report],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const check = async (id: string) => {
    try {
      const d = await services.distribution(id, new AbortController().signal);
      setCurrent((c) => ({ ...c, [id]: d }));
    } catch (e) {
      report.error(e);
    }
  };

  return (
    <section className={layout.screen} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        {a.title}
      </Subtitle2>
      <div className={layout.actions}>
        <Button onClick={() => void load()}>{t.common.refresh}</Button>
      </div>
      {entries?.length === 0 && <Body1>{a.empty}</Body1>}
      <ol className={layout.list} aria-label={a.title}>
        {entries?.map((e, i) => {
          const now = e.distributionId ? current[e.distributionId] : undefined;
          return (
            <li key={`${e.at}-${i}`} className={styles.item}>
              <Body1>
                <strong>{a.entry({ when: formatDateTime(e.at, locale), table: e.table })}</strong>
              </Body1>
              <dl className={styles.facts}>
                <dt>{a.mode}</dt>
                <dd>{a.modes[e.mode] ?? e.mode}</dd>
                <dt>{a.state}</dt>
                <dd>
                  {e.state === "interrupted" ? a.interrupted : (distributeWords.statuses[e.state] ?? e.state)}
                </dd>
                {e.totalCents !== undefined && (
                  <>
                    <dt>{a.total}</dt>
                    <dd>{formatBRL(e.totalCents, locale)}</dd>
                  </>
                )}
                {e.paymentMethod && (
                  <>
                    <dt>{a.method}</dt>
                    <dd>
                      {distributeWords.methods[e.paymentMethod as keyof typeof distributeWords.methods] ??
                        e.paymentMethod}
                    </dd>
                  </>
                )}
                {e.distributionId && (
                  <>
                    <dt>{a.distribution}</dt>
                    <dd>{e.distributionId}</dd>
                  </>
                )}
              </dl>
              {e.state === "interrupted" && <Body1>{a.interruptedExplain}</Body1>}
              {now && (
                <Caption1 role="status">
                  {a.current({
                    status: distributeWords.statuses[now.status] ?? now.status,
                    employees: formatCount(now.totalEmployees, locale),
                    total: formatBRL(now.totalCents, locale),
                  })}
                </Caption1>
              )}
              <div className={layout.actions}>
                <Button
                  size="small"
                  onClick={() => void services.goToTable(e.table).catch((err: unknown) => report.error(err))}
                >
                  {a.goToTable({ table: e.table })}
                </Button>
                {e.distributionId && (
                  <Button size="small" onClick={() => void check(e.distributionId!)}>
                    {a.checkDistribution({ id: e.distributionId })}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
