import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageFrame } from '../../app/PageFrame';
import { CaseErrorBox } from '../cases/CaseErrorBox';
import { CaseInformation } from '../cases/CaseInformation';
import { PublicCaseHeader } from './PublicCaseHeader';
import { RespondForm } from './RespondForm';
import { ResponsesList } from './ResponsesList';
import { usePublicCase } from './use-public-case';

const FINAL_STATUSES = new Set(['accepted', 'rejected', 'closed']);

/** /case/{token}/respond: the receiving engineer answers a collaboration request by its link. */
export function CaseRespondPage() {
  const { token = '' } = useParams();
  const { state, data, reload } = usePublicCase(token);
  const [responded, setResponded] = useState(false);

  if (!data) {
    return (
      <PageFrame title="Respond to Collaboration Request">
        {state.status === 'failed' ? <CaseErrorBox message={state.error} /> : <p className="muted">Loading…</p>}
      </PageFrame>
    );
  }
  const { allowed } = data;
  const canAnswer =
    !responded &&
    !FINAL_STATUSES.has(data.case.status) &&
    (allowed.accept || allowed.request_information || allowed.reject);

  return (
    <PageFrame title="Respond to Collaboration Request">
      <PublicCaseHeader data={data} />
      <div className="case-columns">
        <CaseInformation entry={data.case} />
        <div className="stack">
          {canAnswer && (
            <RespondForm
              token={token}
              allowed={allowed}
              onSent={() => {
                setResponded(true);
                reload();
              }}
            />
          )}
          <section className="card" aria-labelledby="responses-title">
            <h2 id="responses-title">Responses</h2>
            <ResponsesList responses={data.allResponses} />
          </section>
        </div>
      </div>
    </PageFrame>
  );
}
