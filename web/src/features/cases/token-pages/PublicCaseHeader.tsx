import { caseStatusLabel, type PublicCaseResponse } from '@casebridge/contracts';
import { formatDateTime } from '../../../lib/format';
import { TestCaseBadge } from '../TestCaseBadge';
import '../cases.css';

/** Who asked whom, when, and where the case stands: the top of every token page. */
export function PublicCaseHeader({ data }: { data: PublicCaseResponse }) {
  const entry = data.case;
  return (
    <div className="card public-case-header">
      <p>
        <span className={`status-badge status-${entry.status}`}>{caseStatusLabel(entry.status, entry.turn)}</span>
        <TestCaseBadge isTest={entry.is_test} />
      </p>
      <dl className="case-facts">
        <dt>From</dt>
        <dd>{entry.company.name}</dd>
        <dt>To</dt>
        <dd>
          {data.receiver.name}
          {entry.receiver.department && <> ({entry.receiver.department})</>}
        </dd>
        <dt>Process</dt>
        <dd>{entry.document.name}</dd>
        <dt>Submitted</dt>
        <dd>{formatDateTime(entry.created_at)}</dd>
      </dl>
    </div>
  );
}
