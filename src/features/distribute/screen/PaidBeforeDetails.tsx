/**
 * The earlier payment's id under "Detalhes": the warning above it names the
 * payment by its date and its table; the id is there for whoever needs to look it up.
 */
import { Disclosure } from "../../../ui/Disclosure";
import { useWords } from "../../../ui/i18n";
import { StackedFacts } from "../../../ui/StackedFacts";
import type { PaidBefore } from "../paid-before";
import { DISTRIBUTE_WORDS } from "../words";

export function PaidBeforeDetails({ paid, testId }: { paid: PaidBefore; testId: string }) {
  const words = useWords(DISTRIBUTE_WORDS);
  return (
    <Disclosure title={words.details} size="small">
      <StackedFacts
        testId={testId}
        facts={[{ label: words.distributionId, value: paid.distributionId, isId: true }]}
      />
    </Disclosure>
  );
}
