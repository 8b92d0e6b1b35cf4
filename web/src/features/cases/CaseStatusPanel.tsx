import { Link } from 'react-router-dom';
import { caseStatusLabel, MESSAGES, routePath, type CaseDetail } from '@casebridge/contracts';
import { formatDateTime } from '../../lib/format';
import { latestResponse, openInformationRequest, responseText } from './case-format';
import './cases.css';

/** Right column of the case detail: the panel of the case's status (response, more information or rejection). */
export function CaseStatusPanel({ detail }: { detail: CaseDetail }) {
  const isReceiver = detail.direction === 'inbound';
  return (
    <section className="card case-status" aria-labelledby="case-status-title">
      <h2 id="case-status-title">{caseStatusLabel(detail.status, detail.turn)}</h2>
      {(detail.status === 'accepted' || detail.status === 'open' || detail.status === 'closed') && (
        <ResponsePanel detail={detail} isReceiver={isReceiver} />
      )}
      {detail.status === 'information' && <MoreInfoPanel detail={detail} isReceiver={isReceiver} />}
      {detail.status === 'rejected' && <RejectionPanel detail={detail} />}
    </section>
  );
}

/** The receiver may respond now; the sender waits for the member. */
function RespondOrWait({ detail, isReceiver }: { detail: CaseDetail; isReceiver: boolean }) {
  return isReceiver ? (
    <p>
      <Link className="button" to={routePath('case-response', { token: detail.token })}>
        Respond to Case
      </Link>
    </p>
  ) : (
    <p className="notice">{MESSAGES.waitingForMember}</p>
  );
}

function ResponsePanel({ detail, isReceiver }: { detail: CaseDetail; isReceiver: boolean }) {
  if (detail.status === 'open') {
    return <RespondOrWait detail={detail} isReceiver={isReceiver} />;
  }
  const approval = latestResponse(detail.responses, 'approval');
  const engineer = detail.receiver_engineer;
  return (
    <dl className="case-facts">
      <dt>Partner Case#</dt>
      <dd>{detail.receiver_case_number || '—'}</dd>
      <dt>Engineer</dt>
      <dd>
        {engineer.name || '—'}
        {engineer.email && (
          <>
            <br />
            <a href={`mailto:${engineer.email}`}>{engineer.email}</a>
          </>
        )}
        {engineer.phone && (
          <>
            <br />
            {engineer.phone}
          </>
        )}
      </dd>
      {approval && (
        <>
          <dt>Next Steps</dt>
          <dd className="pre-wrap">{approval.next_steps || '—'}</dd>
          <dt>Accepted</dt>
          <dd>{formatDateTime(approval.created_at)}</dd>
        </>
      )}
    </dl>
  );
}

function MoreInfoPanel({ detail, isReceiver }: { detail: CaseDetail; isReceiver: boolean }) {
  const { request, answer } = openInformationRequest(detail.responses);
  return (
    <div className="stack">
      <h3>Request</h3>
      <p className="pre-wrap">{responseText(request) || '—'}</p>
      {request && <p className="muted small">Requested {formatDateTime(request.created_at)}</p>}
      {answer ? (
        <>
          <h3>Information Supplied</h3>
          <p className="pre-wrap">{answer.additional_information || '—'}</p>
          <RespondOrWait detail={detail} isReceiver={isReceiver} />
        </>
      ) : isReceiver ? (
        <p className="notice">{MESSAGES.waitingForSender}</p>
      ) : (
        <>
          <p className="notice">{MESSAGES.waitingForMember}</p>
          <p>
            <Link className="button" to={routePath('case-provide-information', { token: detail.token })}>
              Provide Information
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

function RejectionPanel({ detail }: { detail: CaseDetail }) {
  const rejection = latestResponse(detail.responses, 'rejection');
  return (
    <div className="stack">
      <p className="pre-wrap">{responseText(rejection) || 'The partner declined this collaboration request.'}</p>
      {rejection?.reviewer_name && <p className="muted small">Reviewed by {rejection.reviewer_name}</p>}
      {rejection && <p className="muted small">Rejected {formatDateTime(rejection.created_at)}</p>}
    </div>
  );
}
