/**
 * Contabilização, a section of the Data screen: choose a month the ledger has payments in, open
 * the accounts table, book the month; the last booking's figures and where its PivotTable is. The
 * actions are ./useBooks.ts.
 */
import { Button, Caption1, Field, Select, Subtitle2 } from "@fluentui/react-components";
import { useId } from "react";
import { ProgressPanel } from "../../ui/ProgressPanel";
import { formatBRL, formatCount, useMessages, useWords } from "../../ui/i18n";
import { useLayoutStyles } from "../../ui/layout";
import type { BooksOutcome } from "./books";
import { monthLabel } from "./month-label";
import { BOOKS_NAMES } from "./names";
import type { BooksServices } from "./services";
import { useBooks } from "./useBooks";
import { BOOKS_WORDS } from "./words";

function BookedFacts({ outcome }: { outcome: BooksOutcome }) {
  const { locale } = useMessages();
  const words = useWords(BOOKS_WORDS);
  const layout = useLayoutStyles();
  const facts: Array<[string, string]> = [
    [words.month, monthLabel(outcome.month, locale)],
    [words.distributions, formatCount(outcome.distributions, locale)],
    [words.deposits, formatCount(outcome.deposits, locale)],
    [words.debits, formatBRL(outcome.debitCents, locale)],
    [words.credits, formatBRL(outcome.creditCents, locale)],
  ];
  if (outcome.replaced > 0) facts.push([words.replaced, formatCount(outcome.replaced, locale)]);
  if (outcome.withoutCostCentreCents > 0)
    facts.push([words.withoutCostCentre, formatBRL(outcome.withoutCostCentreCents, locale)]);
  if (outcome.undatedDeposits > 0)
    facts.push([words.undatedDeposits, formatCount(outcome.undatedDeposits, locale)]);
  return (
    <>
      <dl className={layout.facts} data-testid="books-result">
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: "contents" }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {outcome.pivot && (
        <Caption1>
          {words.pivot}: {words.pivotSheet({ sheet: outcome.pivot.sheet })}
        </Caption1>
      )}
    </>
  );
}

export function BooksSection({ services }: { services: BooksServices }) {
  const { locale } = useMessages();
  const words = useWords(BOOKS_WORDS);
  const layout = useLayoutStyles();
  const headingId = useId();
  const { task, months, month, setMonth, outcome, openAccounts, book } = useBooks(services);
  const none = months !== undefined && months.length === 0;
  return (
    <section className={layout.stack} aria-labelledby={headingId} data-testid="books">
      <Subtitle2 as="h3" id={headingId}>
        {BOOKS_NAMES[locale].title}
      </Subtitle2>
      <Caption1>{words.hint}</Caption1>
      {none ? (
        <Caption1>{words.noMonths}</Caption1>
      ) : (
        <Field label={words.month}>
          <Select value={month} onChange={(_, v) => setMonth(v.value)}>
            {(months ?? []).map((m) => (
              <option key={m} value={m}>
                {monthLabel(m, locale)}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <div className={layout.actions}>
        <Button appearance="primary" disabledFocusable={task.running || month === ""} onClick={book}>
          {words.book}
        </Button>
        <Button disabledFocusable={task.running} onClick={openAccounts}>
          {words.accountsGo}
        </Button>
      </div>
      <ProgressPanel task={task} />
      {outcome && (
        <>
          <Subtitle2 as="h4">{words.result}</Subtitle2>
          <BookedFacts outcome={outcome} />
        </>
      )}
    </section>
  );
}
