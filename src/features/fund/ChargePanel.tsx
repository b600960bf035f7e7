/**
 * A charge as the person who pays it needs it: the amount, the PIX copy-and-paste code with a copy
 * button and its QR code, or the boleto's digitable line, the expiry counting down, the state
 * once final, and "cancel the charge" while it is awaited. Used by Fund (a deposit) and by
 * Distribute (the charge a finalize opens with BALANCE_WITH_PIX / BALANCE_WITH_BOLETO, or PIX /
 * BOLETO, for the part the balance does not cover).
 */
import {
  Body1,
  Button,
  Caption1,
  Field,
  makeStyles,
  Spinner,
  Textarea,
  tokens,
} from "@fluentui/react-components";
import { lazy, Suspense } from "react";
import type { Charge } from "./charges";
import { useReport } from "../../ui/errors/ErrorCenter";
import { useCountdown } from "./useCountdown";
import { formatBRL, formatDuration, useMessages, useWords } from "../../ui/i18n";
import { FUND_WORDS } from "./words";

// The QR encoder loads with the first charge shown, not with the pane: it is a few kilobytes of
// the pane's start weight that most sessions never need.
const PixQrCode = lazy(() => import("./PixQrCode").then((m) => ({ default: m.PixQrCode })));

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  code: { fontFamily: tokens.fontFamilyMonospace, wordBreak: "break-all" },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});

export interface ChargePanelProps {
  charge: Charge;
  /** The final state, once reached (the countdown stops). */
  finalStatus?: string | undefined;
  /** The words for each final state (default: a deposit's, Fund's). */
  states?: Record<string, string>;
  /** Shown while the payment is awaited: cancels the charge. */
  onCancel?: (() => void) | undefined;
}

export function ChargePanel({ charge, finalStatus, states, onCancel }: ChargePanelProps) {
  const { locale } = useMessages();
  const words = useWords(FUND_WORDS);
  const styles = useStyles();
  const report = useReport();
  const left = useCountdown(finalStatus ? undefined : charge.expiresAt);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      report.notice(words.copied, "success");
    } catch (e) {
      report.error(e);
    }
  };
  return (
    <div className={styles.root} data-testid="charge">
      {charge.amountCents !== undefined && (
        <Body1>{words.chargeAmount({ amount: formatBRL(charge.amountCents, locale) })}</Body1>
      )}
      {/* A final charge is not payable: its code is gone, so nothing invites paying twice. */}
      {charge.pixCopyPaste && !finalStatus && (
        <>
          <Suspense fallback={<Spinner size="tiny" />}>
            <PixQrCode code={charge.pixCopyPaste} label={words.qrLabel} />
          </Suspense>
          <Field label={words.pixCode}>
            <Textarea className={styles.code} readOnly value={charge.pixCopyPaste} resize="vertical" />
          </Field>
          <div className={styles.actions}>
            <Button appearance="primary" onClick={() => void copy(charge.pixCopyPaste!)}>
              {words.copyCode}
            </Button>
          </div>
        </>
      )}
      {charge.boletoLine && !finalStatus && (
        <>
          <Field label={words.boletoLine}>
            <Textarea className={styles.code} readOnly value={charge.boletoLine} resize="vertical" />
          </Field>
          <div className={styles.actions}>
            <Button appearance="primary" onClick={() => void copy(charge.boletoLine!)}>
              {words.copyBoleto}
            </Button>
          </div>
        </>
      )}
      {left !== undefined && !finalStatus && (
        <Caption1 aria-live="off" data-testid="expiry">
          {left > 0 ? words.expiresIn({ time: formatDuration(left, locale) }) : words.expired}
        </Caption1>
      )}
      {finalStatus && <Body1 role="status">{(states ?? words.states)[finalStatus] ?? finalStatus}</Body1>}
      {onCancel && !finalStatus && (
        <div className={styles.actions}>
          <Button onClick={onCancel}>{words.cancelCharge}</Button>
        </div>
      )}
    </div>
  );
}
