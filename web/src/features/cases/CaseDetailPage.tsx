import { useParams } from 'react-router-dom';
import { applyCaseEventToDetail, caseStatusLabel, type CaseDetail, type CaseEventMessage } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { call } from '../../lib/api';
import { apiKey, queryClient, queryErrorText, useApiQuery } from '../../lib/queries';
import { PageFrame } from '../../app/PageFrame';
import { RichText } from '../../ui/RichText';
import { AttachmentList } from './AttachmentList';
import { CaseControls } from './CaseControls';
import { CaseErrorBox } from './CaseErrorBox';
import { CaseInformation } from './CaseInformation';
import { CaseStatusPanel } from './CaseStatusPanel';
import { CollaborationFeed } from './CollaborationFeed';
import { FeedActions } from './FeedActions';
import { useSession } from '../../app/session-store';
import { useCaseLive } from '../../lib/live';
import { PresenceBar } from './PresenceBar';
import { ExportButton } from '../../ui/ExportButton';
import { SlaCountdown } from './sla/SlaCountdown';
import { TestCaseBadge } from './TestCaseBadge';
import { useCaseReading } from '../attention/use-case-reading';
import { WatchButton } from '../attention/WatchButton';
import { TurnNotice } from './TurnNotice';
import { CaseOwner } from './CaseOwner';
import './cases.css';

/** /my-cases/{token} and /admin/case/{token}: one case as a member of either company sees it. */
export function CaseDetailPage() {
  const { token = '' } = useParams();
  const query = useApiQuery(API.cases.details, { params: { token } });
  const detail = query.data?.case;
  // Every change (the other company's, another tab's, this user's own) arrives as an entry carrying the change.
  const live = useCaseLive(token, {
    seq: detail?.event_seq,
    apply: (message) => applyToCachedDetail(token, message),
    reload: () => void query.refetch(),
  });
  const userId = useSession((session) => session.user?.id);
  // What the page shows is read: the bell, the lists' marks and the user's other tabs follow (case.attention).
  useCaseReading(token, detail?.event_seq);

  if (!detail) {
    return (
      <PageFrame title="Case Details">
        {query.isError ? <CaseErrorBox message={queryErrorText(query.error)} /> : <p className="muted">Loading…</p>}
      </PageFrame>
    );
  }
  return (
    <PageFrame title={headingOf(detail)}>
      <p className="case-subtitle">
        <span className={`status-badge status-${detail.status}`}>{caseStatusLabel(detail.status, detail.turn)}</span>{' '}
        <span className="muted">
          Case# {detail.internal_case_number} · {detail.document.name}
        </span>
        <TestCaseBadge isTest={detail.is_test} />
        <SlaCountdown sla={detail} />
        <WatchButton caseToken={detail.token} />
      </p>
      <TurnNotice detail={detail} />
      <CaseOwner detail={detail} />
      <PresenceBar viewers={live.viewers} selfKey={userId ? `user-${userId}` : undefined} />
      <CaseControls detail={detail} />
      {/* Desktop: the case information beside the status and the feed; a phone shows the status and the feed first. */}
      <div className="case-columns">
        <CaseInformation entry={detail} />
        <div className="stack case-side">
          <CaseStatusPanel detail={detail} />
          <CollaborationFeed
            timeline={detail.timeline}
            items={detail}
            allowNotes={detail.allow_notes}
            escalations={detail.escalations}
            actions={<FeedActions detail={detail} onWritingNote={live.setTyping} />}
          />
          <AttachmentList token={detail.token} attachments={detail.attachments} />
        </div>
      </div>
      {detail.document.escalation_instructions && (
        <section className="card" aria-labelledby="case-escalation-title">
          <h2 id="case-escalation-title">Escalation Instructions</h2>
          <RichText html={detail.document.escalation_instructions} />
        </section>
      )}
      <section className="card" aria-labelledby="case-audit-title">
        <h2 id="case-audit-title">Audit Timeline</h2>
        <p className="muted">
          Every event, response, note and file of this case in time order (UTC), as a spreadsheet.
        </p>
        <ExportButton
          label="Download Audit Timeline"
          request={() => call(API.exports.create, { body: { kind: 'case_audit', params: { token: detail.token } } })}
        />
      </section>
    </PageFrame>
  );
}

function applyToCachedDetail(token: string, message: CaseEventMessage): void {
  queryClient.setQueryData<{ case: CaseDetail }>(apiKey(API.cases.details, { token }), (answer) =>
    answer ? { case: applyCaseEventToDetail(answer.case, message) } : answer,
  );
}

function headingOf(detail: CaseDetail): string {
  if (detail.direction === 'outbound') {
    const department = detail.receiver.department ? ` (${detail.receiver.department})` : '';
    return `Outbound to ${detail.receiver.name}${department}`;
  }
  return `Inbound from ${detail.company.name}`;
}
