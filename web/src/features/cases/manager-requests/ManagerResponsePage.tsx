import { keepPreviousData } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { API } from '../../../lib/api-routes';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { PageFrame } from '../../../app/PageFrame';
import { CaseErrorBox } from '../CaseErrorBox';
import { ManagerRequestDetails, ManagerResponses } from './ManagerRequestDetails';
import { ManagerResponseForm } from './ManagerResponseForm';
import '../cases.css';

/** /manager/response/{token}: a manager of the receiving company answers a critical escalation. */
export function ManagerResponsePage() {
  const { token = '' } = useParams();
  // The last request stays on screen while it is read again (after an answer, or for another link).
  const request = useApiQuery(API.manager.get, { params: { token }, placeholderData: keepPreviousData });
  const data = request.data;

  return (
    <PageFrame title="Manager Escalation Response">
      {!data ? (
        request.isError ? (
          <CaseErrorBox message={queryErrorText(request.error)} title="This request cannot be shown." />
        ) : (
          <p className="muted">Loading…</p>
        )
      ) : (
        <div className="case-columns">
          <div className="stack">
            <ManagerRequestDetails request={data.request} />
            <ManagerResponses responses={data.responses} />
          </div>
          {data.request.answered ? (
            <section className="card" aria-labelledby="manager-answered-title">
              <h2 id="manager-answered-title">Answered</h2>
              <p>This escalation request has been answered; the link takes no further answer.</p>
            </section>
          ) : (
            <ManagerResponseForm token={token} />
          )}
        </div>
      )}
    </PageFrame>
  );
}
