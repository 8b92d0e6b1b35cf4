import { useParams } from 'react-router-dom';
import { CASE_STATUS_LABELS, routePath, superAdminEscalationApi } from '@casebridge/contracts';
import { PageFrame } from '../../../app/PageFrame';
import { call } from '../../../lib/api';
import { useCaseLive } from '../../../lib/live';
import { RichText } from '../../../ui/RichText';
import { RespondForm } from '../../case-public/RespondForm';
import { ResponsesList } from '../../case-public/ResponsesList';
import { AttachmentList } from '../../cases/AttachmentList';
import { CaseErrorBox } from '../../cases/CaseErrorBox';
import { CaseInformation } from '../../cases/CaseInformation';
import { CaseStatusPanel } from '../../cases/CaseStatusPanel';
import { useReloadable, useStickyData } from '../../cases/use-reloadable';
import { SlaCountdown } from '../../sla/SlaCountdown';
import { Breadcrumbs } from '../companies/Breadcrumbs';

const DASHBOARD = routePath('super_admin.dashboard');

/**
 * super_admin.cases.case_info (spec 3 §2.13): one case from the escalation queue. The super admin answers as the
 * receiving side would (accept, request information, reject) with the token page's own form and call.
 */
export function SuperAdminCaseInfoPage() {
  const { case_id = '' } = useParams();
  const [state, reload] = useReloadable(
    () => call(superAdminEscalationApi.details, { params: { case_id } }),
    [case_id],
  );
  const data = useStickyData(state);
  // The case page follows the case: answers given elsewhere (the receiver's link, a member) reload it.
  useCaseLive(data?.case.token ?? '', reload);

  if (!data) {
    return (
      <PageFrame title="Case Details">
        <Breadcrumbs trail={[{ label: 'Dashboard', to: DASHBOARD }]} current="Case" />
        {state.status === 'failed' ? <CaseErrorBox message={state.error} /> : <p className="muted">Loading…</p>}
      </PageFrame>
    );
  }
  const { case: detail, allowed } = data;
  const canAnswer = allowed.accept || allowed.request_information || allowed.reject;

  return (
    <PageFrame title={`Case #${detail.internal_case_number}`}>
      <Breadcrumbs trail={[{ label: 'Dashboard', to: DASHBOARD }]} current={`#${detail.internal_case_number}`} />
      <p className="case-subtitle">
        <span className={`status-badge status-${detail.status}`}>{CASE_STATUS_LABELS[detail.status]}</span>{' '}
        <span className="muted">
          {detail.company.name} → {detail.receiver.name} · {detail.document.name}
        </span>
        <SlaCountdown sla={detail} />
      </p>
      <div className="case-columns">
        <CaseInformation entry={detail} />
        <div className="stack">
          {canAnswer && (
            <RespondForm
              key={`${detail.status}-${detail.responses.length}`}
              token={detail.token}
              allowed={allowed}
              // The reloaded case keys a fresh form: e.g. the final answer after an information request.
              onSent={reload}
            />
          )}
          <CaseStatusPanel detail={detail} />
          <section className="card" aria-labelledby="sa-case-responses-title">
            <h2 id="sa-case-responses-title">Responses</h2>
            <ResponsesList responses={detail.responses} />
          </section>
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
