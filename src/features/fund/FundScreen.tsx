/**
 * Fund: an amount or exactly the draft's shortfall, the payer, the PIX charge (../components/
 * ChargePanel: copy-and-paste code with a copy button, its QR code, the expiry counting down),
 * progress while waiting for the payment, and cancel. The workflow is src/features/fund/fund.ts
 * (through FundServices).
 */
import { Body1, Button, Field, Input, Radio, RadioGroup, Subtitle2 } from "@fluentui/react-components";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { Charge, ChargeOutcome } from "./charges";
import { ChargePanel } from "./ChargePanel";
import { ProgressPanel } from "../../taskpane/ui/ProgressPanel";
import { useReport } from "../../taskpane/ui/errors/ErrorCenter";
import { validPayerDocument } from "./payer";
import { readAmount } from "../../taskpane/ui/amount-input";
import { useTask } from "../../taskpane/ui/useTask";
import { formatBRL, useMessages, useWords } from "../../taskpane/ui/i18n";
import type { FundServices } from "./services";
import { useLayoutStyles } from "../../taskpane/ui/layout";
import { FUND_WORDS } from "./words";

export interface FundScreenProps {
  services: FundServices;
  /** The draft of the distribution being prepared, when there is one (for "fund the shortfall"). */
  draftId?: string;
  /** What Distribute found missing, when the person came from there (pre-fills the amount). */
  suggestedCents?: number;
  /** Back to Distribute, when the person came from there for a shortfall. */
  onBack?: () => void;
}

type Errors = Partial<Record<"amount" | "name" | "document", string>>;

export function FundScreen({ services, draftId, suggestedCents, onBack }: FundScreenProps) {
  const { t, locale } = useMessages();
  const f = useWords(FUND_WORDS);
  const layout = useLayoutStyles();
  const report = useReport();
  const task = useTask();
  const headingId = useId();
  const [balance, setBalance] = useState<number | undefined>(undefined);
  const [what, setWhat] = useState<"amount" | "shortfall">(
    draftId && suggestedCents !== undefined ? "shortfall" : "amount",
  );
  const [amount, setAmount] = useState(suggestedCents ? formatBRL(suggestedCents, locale) : "");
  const [name, setName] = useState("");
  const [document, setDocument] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [charge, setCharge] = useState<Charge | undefined>(undefined);
  const [outcome, setOutcome] = useState<ChargeOutcome | undefined>(undefined);

  useEffect(() => {
    const c = new AbortController();
    services.balance(c.signal).then(setBalance, () => {
      // The balance is a convenience here; the charge itself reports its errors.
    });
    return () => c.abort();
  }, [services]);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const errs: Errors = {};
    const cents = what === "amount" ? readAmount(amount, locale) : undefined;
    if (what === "amount" && cents === undefined) errs.amount = t.common.amountInvalid;
    if (name.trim() === "") errs.name = t.common.payerNameRequired;
    if (!validPayerDocument(document)) errs.document = t.common.payerDocumentInvalid;
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    setOutcome(undefined);
    setCharge(undefined);
    await task.run(async (run) => {
      let amountCents = cents;
      if (amountCents === undefined) {
        amountCents = draftId ? await services.shortfall(draftId, run.signal) : 0;
        if (amountCents === 0) {
          report.notice(f.noShortfall, "info");
          return;
        }
      }
      const created = await services.createCharge({ amountCents, payer: { name, document } }, run.signal);
      setCharge(created);
      const result = await services.followCharge(created.transactionId, {
        ...run,
        onCharge: (c) => setCharge((old) => ({ ...old, ...c })),
      });
      setOutcome(result);
      if (result.balanceCents !== undefined) setBalance(result.balanceCents);
    });
  };

  const cancelCharge = async () => {
    if (!charge) return;
    try {
      const r = await services.cancelCharge(charge.transactionId);
      // Stop waiting; the outcome of the cancel is what the person needs to read.
      task.cancel(true);
      if (r.outcome === "already_paid") report.notice(f.alreadyPaid, "warning");
      else report.notice(f.states[r.charge.status] ?? r.charge.status, "info");
      setCharge(undefined);
    } catch (e) {
      report.error(e);
    }
  };

  return (
    <section className={layout.screen} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        {f.title}
      </Subtitle2>
      {onBack && (
        <div className={layout.actions}>
          <Button appearance="secondary" onClick={onBack}>
            {f.backToDistribute}
          </Button>
        </div>
      )}
      {balance !== undefined && (
        <Body1 data-testid="balance">{f.balanceNow({ balance: formatBRL(balance, locale) })}</Body1>
      )}

      {!charge && !task.running && (
        <form className={layout.stack} onSubmit={(ev) => void submit(ev)} noValidate aria-label={f.title}>
          <Field label={f.what}>
            <RadioGroup value={what} onChange={(_, d) => setWhat(d.value as "amount" | "shortfall")}>
              <Radio value="amount" label={f.byAmount} />
              <Radio value="shortfall" label={f.byShortfall} disabled={!draftId} />
            </RadioGroup>
          </Field>
          {what === "amount" && (
            <Field label={t.common.amount} required validationMessage={errors.amount}>
              <Input inputMode="decimal" value={amount} onChange={(_, d) => setAmount(d.value)} />
            </Field>
          )}
          <Field label={t.common.payerName} required validationMessage={errors.name}>
            <Input value={name} onChange={(_, d) => setName(d.value)} autoComplete="organization" />
          </Field>
          <Field label={t.common.payerDocument} required validationMessage={errors.document}>
            <Input inputMode="numeric" value={document} onChange={(_, d) => setDocument(d.value)} />
          </Field>
          <div className={layout.actions}>
            <Button type="submit" appearance="primary">
              {f.create}
            </Button>
          </div>
        </form>
      )}

      {charge && (
        <>
          <ChargePanel
            charge={charge}
            finalStatus={outcome?.charge.status}
            {...(!outcome && task.running ? { onCancel: () => void cancelCharge() } : {})}
          />
          {outcome && (
            <div className={layout.actions}>
              <Button
                onClick={() => {
                  setCharge(undefined);
                  setOutcome(undefined);
                }}
              >
                {f.newCharge}
              </Button>
            </div>
          )}
        </>
      )}
      <ProgressPanel task={task} label={f.waiting} />
    </section>
  );
}
