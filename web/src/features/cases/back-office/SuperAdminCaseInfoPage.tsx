import { useParams } from 'react-router-dom';
import {
  allowedAnswers,
  applyCaseEventToDetail,
  caseStatusLabel,
  routePath,
  type CaseEventMessage,
  type EscalationCaseDetails,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { useCaseLive } from '../../../lib/live';
import { apiKey, queryClient, queryErrorText, useApiQuery } from '../../../lib/queries';
import { RichText } from '../../../ui/RichText';
import { RespondForm } from '../token-pages/RespondForm';
import { ResponsesCard } from '../token-pages/ResponsesList';
import { AttachmentList } from '../AttachmentList';
import { CaseErrorBox } from '../CaseErrorBox';
import { CaseInformation } from '../CaseInformation';
import { CaseStatusPanel } from '../CaseStatusPanel';
import { CaseTimeline } from '../CaseTimeline';
import { SlaCountdown } from '../sla/SlaCountdown';
import { TestCaseBadge } from '../TestCaseBadge';
import { useCaseReading } from '../../attention/use-case-reading';
import { WatchButton } from '../../attention/WatchButton';
import { Breadcrumbs } from '../../../ui/Breadcrumbs';
import '../cases.css';

const DASHBOARD = routePath('super_admin.dashboard');

/**
 * super_admin.cases.case_info: one case from the escalation queue. The super admin answers as the
 * receiving side would (accept, request information, reject) with the token page's own form and call.
 */
export function SuperAdminCaseInfoPage() {
  const { case_id = '' } = useParams();
  const query = useApiQuery(API.superAdminEscalation.details, { params: { case_id } });
  const data = query.data;
  // The page follows the case: answers given elsewhere (the receiver's link, a member) and here arrive as entries.
  useCaseLive(data?.case.token ?? '', {
    seq: data?.case.event_seq,
    apply: (message) =>
      queryClient.setQueryData<EscalationCaseDetails>(
        apiKey(API.superAdminEscalation.details, { case_id }),
        (answer) => answer && withEntry(answer, message),
      ),
    reload: () => void query.refetch(),
  });
  // Opening the case reads it (the queue's unread mark) and tells the Watch button where the admin stands.
  useCaseReading(data?.case.token ?? '', data?.case.event_seq);

  if (!data) {
    return (
      <PageFrame title="Case Details">
        <Breadcrumbs trail={[{ label: 'Dashboard', to: DASHBOARD }]} current="Case" />
        {query.isError ? <CaseErrorBox message={queryErrorText(query.error)} /> : <p className="muted">Loading…</p>}
      </PageFrame>
    );
  }
  const { case: detail, allowed } = data;
  const canAnswer = allowed.accept || allowed.request_information || allowed.reject;

  return (
    <PageFrame title={`Case #${detail.internal_case_number}`}>
      <Breadcrumbs trail={[{ label: 'Dashboard', to: DASHBOARD }]} current={`#${detail.internal_case_number}`} />
      <p className="case-subtitle">
        <span className={`status-badge status-${detail.status}`}>{caseStatusLabel(detail.status, detail.turn)}</span>{' '}
        <span className="muted">
          {detail.company.name} → {detail.receiver.name} · {detail.document.name}
        </span>
        <TestCaseBadge isTest={detail.is_test} />
        <SlaCountdown sla={detail} />
        <WatchButton caseToken={detail.token} />
      </p>
      <div className="case-columns">
        <CaseInformation entry={detail} />
        <div className="stack">
          {canAnswer && (
            <RespondForm
              // The answer's live entry keys a fresh form: e.g. the final answer after an information request.
              key={`${detail.status}-${detail.responses.length}`}
              token={detail.token}
              allowed={allowed}
            />
          )}
          <CaseStatusPanel detail={detail} />
          <section className="card" aria-labelledby="sa-case-timeline-title">
            <h2 id="sa-case-timeline-title">Case History</h2>
            {/* The log as staff see it (no notes), live like the rest of the page. */}
            <CaseTimeline timeline={detail.timeline} items={detail} />
          </section>
          <ResponsesCard responses={detail.responses} titleId="sa-case-responses-title" />
          <AttachmentList token={detail.token} attachments={detail.attachments} />
        </div>
      </div>
      {detail.document.escalation_instructions && (
        <section className="card" aria-labelledby="sa-case-escalation-title">
          <h2 id="sa-case-escalation-title">Escalation Instructions</h2>
          <RichText html={detail.document.escalation_instructions} />
        </section>
      )}
    </PageFrame>
  );
}

/** The case after a live entry, and the answers the receiving side may give now (the same rule as the server's). */
function withEntry(answer: EscalationCaseDetails, message: CaseEventMessage): EscalationCaseDetails {
  const detail = applyCaseEventToDetail(answer.case, message);
  const stamps = detail.responses.map((response) => ({
    type: response.type,
    createdAt: new Date(response.created_at),
  }));
  return { case: detail, allowed: allowedAnswers(detail.status, stamps) };
}
