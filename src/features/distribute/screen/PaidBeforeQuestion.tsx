/**
 * The question asked when what is about to go pays exactly what an earlier distribution paid
 * (docs/architecture.md §2 "No double payment"): the warning naming that payment, its id under
 * "Detalhes", and a box that must be ticked on purpose. Asked before sending again
 * (./SendPanel.tsx) and before paying (./ConfirmPanel.tsx).
 */
import { Checkbox, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { LiveMessageBar } from "../../../ui/LiveMessageBar";
import { useMessages, useWords } from "../../../ui/i18n";
import { describePaidBefore, type PaidBefore } from "../paid-before";
import { DISTRIBUTE_WORDS } from "../words";
import { PaidBeforeDetails } from "./PaidBeforeDetails";

export function PaidBeforeQuestion({
  paid,
  checked,
  onChecked,
  titled = false,
}: {
  paid: PaidBefore;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  /** The warning with its title, read out as a status (the send's question); else its words only. */
  titled?: boolean;
}) {
  const { locale } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const text = words.confirmDouble(describePaidBefore(paid, locale));
  return (
    <>
      {titled ? (
        <LiveMessageBar titled intent="error" layout="multiline" role="status">
          <MessageBarBody>
            <MessageBarTitle>{words.doubleTitle}</MessageBarTitle>
            {text}
          </MessageBarBody>
        </LiveMessageBar>
      ) : (
        <LiveMessageBar intent="error" layout="multiline">
          <MessageBarBody>{text}</MessageBarBody>
        </LiveMessageBar>
      )}
      <PaidBeforeDetails paid={paid} testId="repeat-details" />
      <Checkbox
        checked={checked}
        onChange={(_, v) => onChecked(v.checked === true)}
        label={words.confirmDoubleCheck}
      />
    </>
  );
}
