import { slaLabel, slaViewOf, type CaseStatus } from '@casebridge/contracts';
import { formatDateTimeUtc } from '../../../lib/format';
import { useNow } from './use-now';
import './sla.css';

/** The SLA fields every case row and case page carries (both companies get the same values). */
export interface SlaFields {
  response_due_at: string | null;
  sla_paused: boolean;
  status: CaseStatus;
}

/**
 * The receiver's response clock, live: 'Response due in 3h 12m', 'Paused while information is requested',
 * 'Late by 25m' or 'Responded'. Computed in the browser from the server's fields with the shared SLA calculator,
 * so it ticks without reloading and both sides of a case read the same value.
 */
export function SlaCountdown({ sla }: { sla: SlaFields }) {
  const now = useNow();
  const view = slaViewOf(sla, new Date(now));
  const label = slaLabel(view);
  if (label === null) return null;
  const due =
    sla.response_due_at && view.state !== 'stopped' ? `Due ${formatDateTimeUtc(sla.response_due_at)} UTC` : undefined;
  return (
    <span className={`sla-countdown sla-${view.state}`} title={due}>
      {label}
    </span>
  );
}
