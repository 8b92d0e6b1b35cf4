import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageFrame } from '../../../app/PageFrame';
import { CaseErrorBox } from '../CaseErrorBox';
import { CaseInformation } from '../CaseInformation';
import { PublicCaseHeader } from './PublicCaseHeader';
import { RespondForm } from './RespondForm';
import { ResponsesCard } from './ResponsesList';
import { queryErrorText } from '../../../lib/queries';
import { usePublicCase } from './use-public-case';
import '../cases.css';

const FINAL_STATUSES = new Set(['accepted', 'rejected', 'closed']);

/** /case/{token}/respond: the receiving engineer answers a collaboration request by its link. */
export function CaseRespondPage() {
  const { token = '' } = useParams();
  const query = usePublicCase(token);
  const data = query.data;
  const [responded, setResponded] = useState(false);

  if (!data) {
    return (
      <PageFrame title="Respond to Collaboration Request">
        {query.isError ? <CaseErrorBox message={queryErrorText(query.error)} /> : <p className="muted">Loading…</p>}
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
              // The answer comes back as a live entry of the case; until then the form is gone already.
              onSent={() => setResponded(true)}
            />
          )}
          <ResponsesCard responses={data.allResponses} />
        </div>
      </div>
    </PageFrame>
  );
}
