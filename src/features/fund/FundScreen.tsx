/**
 * Fund: an amount or exactly the draft's shortfall (its amount shown before anything is created),
 * the payer (remembered per connection, outside the workbook: ./payer-memory.ts), the PIX charge
 * (./ChargePanel: copy-and-paste code with a copy button, its QR code, the expiry counting down),
 * progress while waiting for the payment, cancel, and once paid a receipt in place of the code
 * (./ChargeReceipt). A charge that exists can be followed by its id (./FollowChargeForm), and a
 * creation whose answer was lost is read there on its own. State and actions: ./useFund.ts; the
 * workflow: ./fund.ts and ./charges.ts (through FundServices).
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
import { type FormEvent, type RefObject, useEffect, useId, useRef } from "react";
import { ChargePanel } from "./ChargePanel";
import { ChargeReceipt } from "./ChargeReceipt";
import { FollowChargeForm } from "./FollowChargeForm";
import { ProgressPanel } from "../../ui/ProgressPanel";
import { formatBRL, useMessages, useWords } from "../../ui/i18n";
import type { FundServices } from "./services";
import { useLayoutStyles } from "../../ui/layout";
import { type ShortfallView, useFund } from "./useFund";
import { FUND_WORDS, type FundWords } from "./words";

export interface FundScreenProps {
  services: FundServices;
  /** The draft of the distribution being prepared, when there is one (for "fund the shortfall"). */
  draftId?: string;
  /** What Distribute found missing, when the person came from there (pre-fills the amount). */
  suggestedCents?: number;
  /** Back to Distribute, when the person came from there for a shortfall. */
  onBack?: () => void;
}

function shortfallLabel(shortfall: ShortfallView, words: FundWords, locale: "pt-BR" | "en-US"): string {
  switch (shortfall.state) {
    case "reading":
      return words.shortfallReading;
    case "known":
      return shortfall.cents === 0
        ? words.shortfallNone
        : words.shortfallAmount({ amount: formatBRL(shortfall.cents, locale) });
    case "no-draft":
    case "unknown":
      return words.byShortfall;
  }
}

/**
 * Opened from Distribute for a shortfall, the form's first empty field takes the focus (the
 * amount is already chosen: the payer is what is left to type), else its submit button: the
 * button that opened this screen went with Distribute.
 */
function useFirstEmptyField(form: RefObject<HTMLFormElement | null>, fromDistribute: boolean) {
  useEffect(() => {
    if (!fromDistribute || !form.current) return;
    const fields = [...form.current.querySelectorAll<HTMLInputElement>("input:not([type='radio'])")];
    (
      fields.find((f) => f.value === "") ?? form.current.querySelector<HTMLElement>("[type='submit']")
    )?.focus();
  }, [form, fromDistribute]);
}

/** A new charge: an amount or the draft's shortfall, and the payer. */
function NewChargeForm({
  fund,
  formRef,
}: {
  fund: ReturnType<typeof useFund>;
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const { t, locale } = useMessages();
  const words = useWords(FUND_WORDS);
  const layout = useLayoutStyles();
  const { shortfall, errors } = fund;
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    void fund.create();
  };
  return (
    <form ref={formRef} className={layout.stack} onSubmit={submit} noValidate aria-label={words.title}>
      <Field
        label={words.what}
        {...(shortfall.state === "no-draft" ? { hint: words.shortfallNeedsDraft } : {})}
      >
        <RadioGroup value={fund.what} onChange={(_, d) => fund.choose(d.value as "amount" | "shortfall")}>
          <Radio value="amount" label={words.byAmount} />
          <Radio
            value="shortfall"
            data-testid="shortfall-option"
            label={shortfallLabel(shortfall, words, locale)}
            disabled={shortfall.state === "no-draft" || fund.noShortfallNow}
          />
        </RadioGroup>
      </Field>
      {fund.what === "amount" && (
        <Field label={t.common.amount} required validationMessage={errors.amount}>
          <Input inputMode="decimal" value={fund.amount} onChange={(_, d) => fund.setAmount(d.value)} />
        </Field>
      )}
      <Field label={t.common.payerName} required validationMessage={errors.name}>
        <Input
          value={fund.name}
          onChange={(_, d) => fund.typePayer("name", d.value)}
          autoComplete="organization"
        />
      </Field>
      <Field label={t.common.payerDocument} required validationMessage={errors.document}>
        <Input
          inputMode="numeric"
          value={fund.document}
          onChange={(_, d) => fund.typePayer("document", d.value)}
        />
      </Field>
      {fund.recalled && <Caption1>{words.payerRecalled}</Caption1>}
      <div className={layout.actions}>
        <Button type="submit" appearance="primary">
          {words.create}
        </Button>
      </div>
    </form>
  );
}

export function FundScreen({ services, draftId, suggestedCents, onBack }: FundScreenProps) {
  const { locale } = useMessages();
  const words = useWords(FUND_WORDS);
  const layout = useLayoutStyles();
  const headingId = useId();
  const fund = useFund(services, draftId, suggestedCents);
  const { task, errors, charge, outcome } = fund;
  const form = useRef<HTMLFormElement>(null);
  useFirstEmptyField(form, onBack !== undefined);

  return (
    <section className={layout.screen} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        {words.title}
      </Subtitle2>
      {onBack && (
        <div className={layout.actions}>
          <Button appearance="secondary" onClick={onBack}>
            {words.backToDistribute}
          </Button>
        </div>
      )}
      {fund.balance !== undefined && (
        <Body1 data-testid="balance">{words.balanceNow({ balance: formatBRL(fund.balance, locale) })}</Body1>
      )}

      {!charge && !task.running && (
        <>
          <NewChargeForm fund={fund} formRef={form} />
          <FollowChargeForm
            transactionId={fund.followId}
            onChange={fund.setFollowId}
            onFollow={() => void fund.follow()}
            error={errors.transactionId}
          />
        </>
      )}

      {charge && outcome?.paid && <ChargeReceipt outcome={{ ...outcome, charge }} />}
      {charge && !outcome?.paid && (
        <ChargePanel
          charge={charge}
          finalStatus={outcome?.charge.status}
          {...(!outcome && task.running ? { onCancel: () => void fund.cancelCharge() } : {})}
        />
      )}
      {charge && outcome && (
        <div className={layout.actions}>
          <Button onClick={fund.startOver}>{words.newCharge}</Button>
        </div>
      )}
      <ProgressPanel task={task} label={words.waiting} />
    </section>
  );
}
