import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageFrame } from '../../../app/PageFrame';
import { CaseErrorBox } from '../CaseErrorBox';
import { openInformationRequest, responseText } from '../case-format';
import { ProvideInformationForm } from './ProvideInformationForm';
import { PublicCaseHeader } from './PublicCaseHeader';
import { ResponsesCard } from './ResponsesList';
import { queryErrorText } from '../../../lib/queries';
import { usePublicCase } from './use-public-case';

/** /case/{token}/information: the submitter answers the partner's request for information. */
export function ProvideInformationPage() {
  const { token = '' } = useParams();
  const query = usePublicCase(token);
  const data = query.data;
  const [sent, setSent] = useState(false);

  if (!data) {
    return (
      <PageFrame title="Provide Information">
        {query.isError ? <CaseErrorBox message={queryErrorText(query.error)} /> : <p className="muted">Loading…</p>}
      </PageFrame>
    );
  }
  const { request, answer } = openInformationRequest(data.allResponses);
  return (
    <PageFrame title="Provide Information">
      <PublicCaseHeader data={data} />
      <section className="card" aria-labelledby="info-request-title">
        <h2 id="info-request-title">{data.receiver.name} Requests More Information</h2>
        <p>
          <strong>{data.case.summary}</strong> (Case# {data.case.internal_case_number})
        </p>
        {request ? (
          <p className="pre-wrap">{responseText(request) || '—'}</p>
        ) : (
          <p className="muted">No information has been requested on this case.</p>
        )}
      </section>
      {data.allowed.provide_information && !sent ? (
        // The answer comes back as a live entry of the case; until then the form is gone already.
        <ProvideInformationForm token={token} onSent={() => setSent(true)} />
      ) : (
        answer && (
          <section className="card" aria-labelledby="info-answer-title">
            <h2 id="info-answer-title">Information Supplied</h2>
            <p className="pre-wrap">{answer.additional_information || '—'}</p>
          </section>
        )
      )}
      <ResponsesCard responses={data.allResponses} />
    </PageFrame>
  );
}
