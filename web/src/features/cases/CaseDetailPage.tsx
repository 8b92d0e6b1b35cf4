import { useParams } from 'react-router-dom';
import { caseApi, CASE_STATUS_LABELS, exportsApi, type CaseDetail } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { PageFrame } from '../../app/PageFrame';
import { RichText } from '../../ui/RichText';
import { AttachmentList } from './AttachmentList';
import { CaseControls } from './CaseControls';
import { CaseErrorBox } from './CaseErrorBox';
import { CaseInformation } from './CaseInformation';
import { CaseStatusPanel } from './CaseStatusPanel';
import { CollaborationFeed } from './CollaborationFeed';
import { useReloadable, useStickyData } from './use-reloadable';
import { useSession } from '../../app/session-store';
import { useCaseLive } from '../../lib/live';
import { PresenceBar } from './PresenceBar';
import { ExportButton } from '../exports/ExportButton';
import { SlaCountdown } from '../sla/SlaCountdown';

/** /my-cases/{token} and /admin/case/{token}: one case as a member of either company sees it. */
export function CaseDetailPage() {
  const { token = '' } = useParams();
  const [state, reload] = useReloadable(() => call(caseApi.details, { params: { token } }), [token]);
  const detail = useStickyData(state)?.case;
  // Changes made by the other company (or another tab) reload the page as they happen.
  const live = useCaseLive(token, reload);
  const userId = useSession((session) => session.user?.id);

  if (!detail) {
    return (
      <PageFrame title="Case Details">
        {state.status === 'failed' ? <CaseErrorBox message={state.error} /> : <p className="muted">Loading…</p>}
      </PageFrame>
    );
  }
  return (
    <PageFrame title={headingOf(detail)}>
      <p className="case-subtitle">
        <span className={`status-badge status-${detail.status}`}>{CASE_STATUS_LABELS[detail.status]}</span>{' '}
        <span className="muted">
          Case# {detail.internal_case_number} · {detail.document.name}
        </span>
        <SlaCountdown sla={detail} />
      </p>
      <PresenceBar viewers={live.viewers} selfKey={userId ? `user-${userId}` : undefined} />
      <CaseControls detail={detail} onChanged={reload} onWritingNote={live.setTyping} />
      <div className="case-columns">
        <CaseInformation entry={detail} />
        <div className="stack">
          <CaseStatusPanel detail={detail} />
          <AttachmentList token={detail.token} attachments={detail.attachments} />
        </div>
      </div>
      {detail.document.escalation_instructions && (
        <section className="card" aria-labelledby="case-escalation-title">
          <h2 id="case-escalation-title">Escalation Instructions</h2>
          <RichText html={detail.document.escalation_instructions} />
        </section>
      )}
      <CollaborationFeed notes={detail.notes} allowNotes={detail.allow_notes} />
      <section className="card" aria-labelledby="case-audit-title">
        <h2 id="case-audit-title">Audit Timeline</h2>
        <p className="muted">
          Every event, response, note and file of this case in time order (UTC), as a spreadsheet.
        </p>
        <ExportButton
          label="Download Audit Timeline"
          request={() => call(exportsApi.create, { body: { kind: 'case_audit', params: { token: detail.token } } })}
        />
      </section>
    </PageFrame>
  );
}

function headingOf(detail: CaseDetail): string {
  if (detail.direction === 'outbound') {
    const department = detail.receiver.department ? ` (${detail.receiver.department})` : '';
    return `Outbound to ${detail.receiver.name}${department}`;
  }
  return `Inbound from ${detail.company.name}`;
}
