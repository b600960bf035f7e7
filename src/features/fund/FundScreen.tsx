/**
 * Fund: an amount or exactly the draft's shortfall (its amount shown before anything is created),
 * the payer (remembered per connection, outside the workbook: ./payer-memory.ts), the PIX charge
 * (./ChargePanel: copy-and-paste code with a copy button, its QR code, the expiry counting down),
 * progress while waiting for the payment, and cancel. The workflow is src/features/fund/fund.ts
 * (through FundServices).
 */
import {
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  Radio,
  RadioGroup,
  Subtitle2,
} from "@fluentui/react-components";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { Charge, ChargeOutcome } from "./charges";
import { ChargePanel } from "./ChargePanel";
import { ProgressPanel } from "../../taskpane/ui/ProgressPanel";
import { useReport } from "../../taskpane/ui/errors/ErrorCenter";
import { payerDocumentProblem, type PayerDocumentProblem } from "./payer";
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

/** The draft's shortfall as the screen knows it: read when it opens, read again before creating. */
type ShortfallView =
  { state: "no-draft" } | { state: "reading" } | { state: "unknown" } | { state: "known"; cents: number };

function documentWords(problem: PayerDocumentProblem, f: (typeof FUND_WORDS)["pt-BR"]): string {
  switch (problem.code) {
    case "empty":
      return f.documentEmpty;
    case "not_digits":
      return f.documentNotDigits;
    case "wrong_length":
      return f.documentLength({ count: problem.length });
    case "repeated_digits":
      return f.documentRepeated;
    case "check_digits":
      return f.documentCheckDigits({ kind: problem.kind });
  }
}

export function FundScreen({ services, draftId, suggestedCents, onBack }: FundScreenProps) {
  const { t, locale } = useMessages();
  const f = useWords(FUND_WORDS);
  const layout = useLayoutStyles();
  const report = useReport();
  const task = useTask();
  const headingId = useId();
  const [balance, setBalance] = useState<number | undefined>(undefined);
  const [chosen, setWhat] = useState<"amount" | "shortfall">(
    draftId && suggestedCents !== undefined ? "shortfall" : "amount",
  );
  const [amount, setAmount] = useState(suggestedCents ? formatBRL(suggestedCents, locale) : "");
  const [name, setName] = useState("");
  const [document, setDocument] = useState("");
  const [recalled, setRecalled] = useState(false);
  const [draftShortfall, setShortfall] = useState<ShortfallView>(
    suggestedCents !== undefined ? { state: "known", cents: suggestedCents } : { state: "reading" },
  );
  const [errors, setErrors] = useState<Errors>({});
  const [charge, setCharge] = useState<Charge | undefined>(undefined);
  const [outcome, setOutcome] = useState<ChargeOutcome | undefined>(undefined);
  const keptId = useRef<string | undefined>(undefined);
  const typedPayer = useRef(false);

  useEffect(() => {
    const c = new AbortController();
    services.balance(c.signal).then(setBalance, () => {
      // The balance is a convenience here; the charge itself reports its errors.
    });
    return () => c.abort();
  }, [services]);

  // The payer of the last charge on this connection (per-user storage, never the workbook).
  useEffect(() => {
    let live = true;
    services.payer.recall().then(
      (p) => {
        // Never over what the person has started typing.
        if (!live || !p || typedPayer.current) return;
        setName(p.name);
        setDocument(p.document);
        setRecalled(true);
      },
      () => {
        // A convenience: the person types the payer when it cannot be read.
      },
    );
    return () => {
      live = false;
    };
  }, [services]);

  // The amount is shown before the charge is created: read what the draft lacks now.
  useEffect(() => {
    if (!draftId) return;
    const c = new AbortController();
    services.shortfall(draftId, c.signal).then(
      (cents) => setShortfall({ state: "known", cents }),
      () => {
        if (!c.signal.aborted) setShortfall((old) => (old.state === "known" ? old : { state: "unknown" }));
      },
    );
    return () => c.abort();
  }, [services, draftId]);

  const shortfall: ShortfallView = draftId ? draftShortfall : { state: "no-draft" };
  const noShortfallNow = shortfall.state === "known" && shortfall.cents === 0;
  // Nothing missing: only an amount can be deposited.
  const what = noShortfallNow ? "amount" : chosen;

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const errs: Errors = {};
    const cents = what === "amount" ? readAmount(amount, locale) : undefined;
    if (what === "amount" && cents === undefined) errs.amount = t.common.amountInvalid;
    if (name.trim() === "") errs.name = t.common.payerNameRequired;
    const problem = payerDocumentProblem(document);
    if (problem) errs.document = documentWords(problem, f);
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    setOutcome(undefined);
    setCharge(undefined);
    const payer = { name: name.trim(), document: document.trim() };
    await task.run(async (run) => {
      let amountCents = cents;
      if (amountCents === undefined) {
        // Read again: the balance may have moved since the amount was shown.
        amountCents = draftId ? await services.shortfall(draftId, run.signal) : 0;
        const shown = shortfall.state === "known" ? shortfall.cents : undefined;
        if (draftId) setShortfall({ state: "known", cents: amountCents });
        if (amountCents === 0) {
          report.notice(f.noShortfall, "info");
          return;
        }
        if (shown !== amountCents) {
          // Never charge an amount the person has not seen.
          const amountText = formatBRL(amountCents, locale);
          report.notice(
            shown === undefined
              ? f.shortfallIs({ amount: amountText })
              : f.shortfallChanged({ amount: amountText }),
            "warning",
          );
          return;
        }
      }
      await services.payer.remember(payer).catch(() => {
        // Remembering is a convenience; the charge does not wait on the storage.
      });
      const created = await services.createCharge({ amountCents, payer }, run.signal, (id) => {
        // The charge's own id, kept before anything is sent: whatever happens to the answer, it
        // can be followed (never create a second charge to find out).
        keptId.current = id;
      });
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
          <Field label={f.what} {...(shortfall.state === "no-draft" ? { hint: f.shortfallNeedsDraft } : {})}>
            <RadioGroup value={what} onChange={(_, d) => setWhat(d.value as "amount" | "shortfall")}>
              <Radio value="amount" label={f.byAmount} />
              <Radio
                value="shortfall"
                data-testid="shortfall-option"
                label={
                  shortfall.state === "reading"
                    ? f.shortfallReading
                    : shortfall.state === "known"
                      ? shortfall.cents === 0
                        ? f.shortfallNone
                        : f.shortfallAmount({ amount: formatBRL(shortfall.cents, locale) })
                      : f.byShortfall
                }
                disabled={shortfall.state === "no-draft" || noShortfallNow}
              />
            </RadioGroup>
          </Field>
          {what === "amount" && (
            <Field label={t.common.amount} required validationMessage={errors.amount}>
              <Input inputMode="decimal" value={amount} onChange={(_, d) => setAmount(d.value)} />
            </Field>
          )}
          <Field label={t.common.payerName} required validationMessage={errors.name}>
            <Input
              value={name}
              onChange={(_, d) => {
                typedPayer.current = true;
                setName(d.value);
              }}
              autoComplete="organization"
            />
          </Field>
          <Field label={t.common.payerDocument} required validationMessage={errors.document}>
            <Input
              inputMode="numeric"
              value={document}
              onChange={(_, d) => {
                typedPayer.current = true;
                setDocument(d.value);
              }}
            />
          </Field>
          {recalled && <Caption1>{f.payerRecalled}</Caption1>}
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
