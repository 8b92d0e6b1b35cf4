import type { CaseEscalationShape } from '@casebridge/contracts';
import { formatDateTime } from '../../../lib/format';

interface CaseEscalationsProps {
  escalations: CaseEscalationShape[];
}

/**
 * The manager escalations linked to a case, newest first, each with the managers' answer once given. Part of the
 * case's feed for both companies whatever their notes setting: an escalation is about the case, not a note.
 */
export function CaseEscalations({ escalations }: CaseEscalationsProps) {
  if (escalations.length === 0) return null;
  const newestFirst = [...escalations].sort(
    (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id,
  );
  return (
    <div className="feed-escalations">
      <h3 className="feed-summary">Manager escalations</h3>
      <ol className="feed-list" aria-label="Manager escalations, newest first">
        {newestFirst.map((escalation) => (
          <li key={escalation.id} className="feed-note feed-escalation">
            <p>
              <strong>{escalation.escalation_type ?? 'Escalation'}</strong> to {escalation.process}
            </p>
            {escalation.business_impact && <p className="pre-wrap">Business impact: {escalation.business_impact}</p>}
            {escalation.notes && <p className="pre-wrap">{escalation.notes}</p>}
            <p className="muted small">
              {escalation.requested_by} · {escalation.company} · {formatDateTime(escalation.created_at)}
            </p>
            <EscalationAnswer answer={escalation.answer} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function EscalationAnswer({ answer }: { answer: CaseEscalationShape['answer'] }) {
  if (!answer) return <p className="muted small">Waiting for the managers’ answer.</p>;
  return (
    <div className="feed-escalation-answer" aria-label="Managers’ answer">
      <p>
        <strong>Answered</strong>
        {answer.escalation_type && <> · {answer.escalation_type}</>}
        {answer.internal_reference && <> · Ref. {answer.internal_reference}</>}
      </p>
      {answer.notes && <p className="pre-wrap">{answer.notes}</p>}
      <p className="muted small">
        {answer.answered_by} · {answer.company} · {formatDateTime(answer.created_at)}
      </p>
    </div>
  );
}
