import type { CaseResponseShape } from '@casebridge/contracts';
import { formatDateTime } from '../../../lib/format';
import '../cases.css';

const RESPONSE_TYPE_LABELS: Record<CaseResponseShape['type'], string> = {
  approval: 'Accepted',
  rejection: 'Rejected',
  'information-request': 'Information Requested',
  'information-response': 'Information Supplied',
};

/** Every answer given on a case, oldest first, as the token pages show them. */
function ResponsesList({ responses }: { responses: CaseResponseShape[] }) {
  if (responses.length === 0) return <p className="muted">No responses yet.</p>;
  return (
    <ol className="response-list">
      {responses.map((response) => (
        <li key={response.id} className="response-item">
          <p>
            <strong>{RESPONSE_TYPE_LABELS[response.type]}</strong>{' '}
            <span className="muted small">{formatDateTime(response.created_at)}</span>
          </p>
          {response.next_steps && <p className="pre-wrap">{response.next_steps}</p>}
          {response.additional_information && <p className="pre-wrap">{response.additional_information}</p>}
          {(response.engineer_name || response.case_number) && (
            <p className="muted small">
              {response.engineer_name && <>Engineer: {response.engineer_name}</>}
              {response.engineer_email && <> ({response.engineer_email})</>}
              {response.engineer_phone && <> · {response.engineer_phone}</>}
              {response.case_number && <> · Case# {response.case_number}</>}
            </p>
          )}
          {response.reviewer_name && <p className="muted small">Reviewed by {response.reviewer_name}</p>}
        </li>
      ))}
    </ol>
  );
}

/** The Responses card of the case pages: the list under its heading. */
export function ResponsesCard({
  responses,
  titleId = 'responses-title',
}: {
  responses: CaseResponseShape[];
  titleId?: string;
}) {
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>Responses</h2>
      <ResponsesList responses={responses} />
    </section>
  );
}
