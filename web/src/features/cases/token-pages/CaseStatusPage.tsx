import { useParams } from 'react-router-dom';
import { caseStatusLabel, PRIORITY_LABELS } from '@casebridge/contracts';
import { PageFrame } from '../../../app/PageFrame';
import { CaseErrorBox } from '../CaseErrorBox';
import { PublicCaseHeader } from './PublicCaseHeader';
import { ResponsesCard } from './ResponsesList';
import { queryErrorText } from '../../../lib/queries';
import { usePublicCase } from './use-public-case';
import '../cases.css';

/** /case/{token}/response: where a case stands, for anyone holding its link. */
export function CaseStatusPage() {
  const { token = '' } = useParams();
  const query = usePublicCase(token);
  const data = query.data;

  if (!data) {
    return (
      <PageFrame title="Case Response">
        {query.isError ? <CaseErrorBox message={queryErrorText(query.error)} /> : <p className="muted">Loading…</p>}
      </PageFrame>
    );
  }
  const entry = data.case;
  return (
    <PageFrame title={`Case Response: ${caseStatusLabel(entry.status, entry.turn)}`}>
      <PublicCaseHeader data={data} />
      <section className="card" aria-labelledby="case-summary-title">
        <h2 id="case-summary-title">Case Summary</h2>
        <dl className="case-facts">
          <dt>Case#</dt>
          <dd>{entry.internal_case_number}</dd>
          <dt>Partner Case#</dt>
          <dd>{entry.receiver_case_number || '—'}</dd>
          <dt>Summary</dt>
          <dd>{entry.summary}</dd>
          <dt>Priority</dt>
          <dd>{PRIORITY_LABELS[entry.priority]}</dd>
        </dl>
      </section>
      <ResponsesCard responses={data.allResponses} />
    </PageFrame>
  );
}
