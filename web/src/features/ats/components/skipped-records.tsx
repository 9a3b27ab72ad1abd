import { useId } from 'react';
import type { AtsSyncView } from '@contracts/ats';
import { skippedSentences } from '../format';

/**
 * The records the sync could not read, by kind and why (reasons name a field or a rule, never a
 * value); nothing when it skipped none.
 */
export function SkippedRecords({ sync }: { readonly sync: Pick<AtsSyncView, 'counts' | 'skippedReasons'> }) {
  const leadId = useId();
  const sentences = skippedSentences(sync);
  if (sentences.length === 0) return null;
  return (
    <div className="ats-notice">
      <p id={leadId}>
        Some records in your ATS could not be read, so the sync skipped them and stored everything else. Once they are corrected in your
        ATS, a later sync reads them.
      </p>
      <ul aria-labelledby={leadId}>
        {sentences.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </div>
  );
}
