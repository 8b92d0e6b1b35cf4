import { useParams } from 'react-router-dom';
import { type CaseDetail } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { CaseErrorBox } from '../CaseErrorBox';
import { RequestSent, type SentCase } from './RequestSent';

/**
 * case-sent (/my-cases/{token}/sent): the Request Sent view of a case just submitted, at its own address, read
 * from the case page's answer; a reload or a shared link shows the same.
 */
export function CaseSentPage() {
  const { token = '' } = useParams();
  const query = useApiQuery(API.cases.details, { params: { token } });
  const detail = query.data?.case;
  return (
    <PageFrame title={detail ? `Case ${detail.internal_case_number}` : 'Case'}>
      {detail ? (
        <RequestSent submitted={sentCaseOf(detail)} />
      ) : query.isError ? (
        <CaseErrorBox message={queryErrorText(query.error)} />
      ) : (
        <p className="muted">Loading…</p>
      )}
    </PageFrame>
  );
}

/** The fields the view shows, from the case page's answer (a case read here is a stored one, never a sample). */
function sentCaseOf(detail: CaseDetail): SentCase {
  const { receiver } = detail;
  return {
    token: detail.token,
    internal_case_number: detail.internal_case_number,
    summary: detail.summary,
    priority: detail.priority,
    status: detail.status,
    receiver: { name: receiver.department ? `${receiver.name} - ${receiver.department}` : receiver.name },
    created_at: detail.created_at,
    escalation_instructions: detail.document.escalation_instructions,
    is_sample: false,
  };
}
