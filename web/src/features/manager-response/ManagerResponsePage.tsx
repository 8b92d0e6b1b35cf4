import { useParams } from 'react-router-dom';
import { managerApi } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { PageFrame } from '../../app/PageFrame';
import { CaseErrorBox } from '../cases/CaseErrorBox';
import { useReloadable, useStickyData } from '../cases/use-reloadable';
import { ManagerRequestDetails, ManagerResponses } from './ManagerRequestDetails';
import { ManagerResponseForm } from './ManagerResponseForm';

/** /manager/response/{token}: a manager of the receiving company answers a critical escalation. */
export function ManagerResponsePage() {
  const { token = '' } = useParams();
  const [state, reload] = useReloadable(() => call(managerApi.get, { params: { token } }), [token]);
  const data = useStickyData(state);

  return (
    <PageFrame title="Manager Escalation Response">
      {!data ? (
        state.status === 'failed' ? (
          <CaseErrorBox message={state.error} title="This request cannot be shown." />
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
            <ManagerResponseForm token={token} onSent={reload} />
          )}
        </div>
      )}
    </PageFrame>
  );
}
