import { Link } from 'react-router-dom';
import { routePath, type AdminProcessDetail } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { useApiQuery } from '../../../lib/queries';
import { RichText } from '../../../ui/RichText';
import { ContactButton } from './ContactButton';
import { FieldsSection } from './FieldsPreview';
import { QueryStatus } from '../../../ui/QueryStatus';

/**
 * /admin/limited_process: the one process of a limited member, read-only; changes
 * go through Contact. Other memberships have none: the api answers 404 and the page shows its message.
 */
export function LimitedProcessPage() {
  const limited = useApiQuery(API.adminProcesses.limited);
  return (
    <PageFrame title="Limited Process">
      <QueryStatus query={limited} />
      {limited.data && <LimitedProcess detail={limited.data} />}
    </PageFrame>
  );
}

/** The support manager: the escalation user, else the process's main manager. */
function supportManagerEmail({ document, users }: AdminProcessDetail): string | null {
  const escalation = users.find((user) => user.id === document.settings.escalation_user_id);
  return escalation?.email ?? document.managers.find((manager) => manager.user_type === 'main')?.user.email ?? null;
}

function LimitedProcess({ detail }: { detail: AdminProcessDetail }) {
  const { document } = detail;
  const settings = document.settings;
  const notSet = <span className="muted">Not set</span>;
  return (
    <>
      <section className="card" aria-labelledby="limited-process-title">
        <div className="card-title">
          <h2 id="limited-process-title">{document.name}</h2>
          <ContactButton section="details" process={document} />
        </div>
        <dl className="info-list">
          <dt>Support Hours</dt>
          <dd>{settings.support_hours || notSet}</dd>
          <dt>Products Supported</dt>
          <dd>{settings.product_supported || notSet}</dd>
          <dt>Support Email Alias</dt>
          <dd>{settings.collaborate_email || notSet}</dd>
          <dt>Support Manager Email</dt>
          <dd>{supportManagerEmail(detail) ?? notSet}</dd>
        </dl>
        {settings.document_type !== 'parent' && (
          <p>
            <Link className="button button-secondary" to={routePath('admin.inbound_process.test', { id: document.id })}>
              View/Test Form
            </Link>
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="limited-escalation-title">
        <div className="card-title">
          <h2 id="limited-escalation-title">Escalation Instructions</h2>
          <ContactButton section="escalation" process={document} />
        </div>
        {settings.escalation_instructions ? <RichText html={settings.escalation_instructions} /> : notSet}
      </section>
      <FieldsSection document={document} contact={<ContactButton section="fields" process={document} />} />
    </>
  );
}
