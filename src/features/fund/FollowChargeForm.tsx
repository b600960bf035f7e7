/**
 * Follow a charge that already exists, by its `transaction_id`: the one a creation left unanswered
 * (filled in by the screen), or one pasted from a receipt or a message. Folded until opened, or
 * open when it holds an id.
 */
import { Button, Field, Input } from "@fluentui/react-components";
import { type FormEvent, useState } from "react";
import { Disclosure } from "../../ui/Disclosure";
import { useWords } from "../../ui/i18n";
import { useLayoutStyles } from "../../ui/layout";
import { FUND_WORDS } from "./words";

export interface FollowChargeFormProps {
  transactionId: string;
  onChange: (transactionId: string) => void;
  onFollow: () => void;
  error?: string | undefined;
}

export function FollowChargeForm({ transactionId, onChange, onFollow, error }: FollowChargeFormProps) {
  const words = useWords(FUND_WORDS);
  const layout = useLayoutStyles();
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    onFollow();
  };
  const [opened, setOpened] = useState(false);
  // Open while it holds an id or an error: a charge to follow is never hidden.
  const open = opened || transactionId !== "" || error !== undefined;
  return (
    <Disclosure title={words.followTitle} as="h3" open={open} onOpenChange={setOpened}>
      <form className={layout.stack} onSubmit={submit} noValidate aria-label={words.followTitle}>
        <Field label={words.followLabel} hint={words.followHint} validationMessage={error}>
          <Input value={transactionId} onChange={(_, d) => onChange(d.value)} spellCheck={false} />
        </Field>
        <div className={layout.actions}>
          <Button type="submit">{words.follow}</Button>
        </div>
      </form>
    </Disclosure>
  );
}
