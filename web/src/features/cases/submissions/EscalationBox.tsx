import type { ContactDocumentShape } from '@casebridge/contracts';
import { RichText } from '../../../ui/RichText';
import './submit-case.css';

type Person = NonNullable<NonNullable<ContactDocumentShape['escalation']>['main']>;

function PersonLines({ title, person }: { title: string; person: Person | null }) {
  if (!person) return null;
  return (
    <>
      <dt>{title}</dt>
      <dd>
        {person.first_name} {person.last_name}
        <br />
        <a href={`mailto:${person.email}`}>{person.email}</a>
        {person.phone && (
          <>
            <br />
            {person.phone}
          </>
        )}
      </dd>
    </>
  );
}

/** Process owner and escalation contacts of the partner (the api leaves them out for callers). */
export function EscalationBox({ document }: { document: ContactDocumentShape }) {
  const escalation = document.escalation;
  if (!escalation) return null;
  const { version } = document;
  return (
    <section className="card card-compact" aria-labelledby="escalation-title">
      <h2 id="escalation-title">Process Owner &amp; Escalation</h2>
      <dl className="detail-list detail-list-stacked">
        <PersonLines title="Process Owner" person={escalation.main} />
        <PersonLines title="Alternate Contact" person={escalation.alternate} />
        {escalation.alias && (
          <>
            <dt>Escalation Alias</dt>
            <dd>
              <a href={`mailto:${escalation.alias}`}>{escalation.alias}</a>
            </dd>
          </>
        )}
        {escalation.collaborate_email && (
          <>
            <dt>Collaboration Email</dt>
            <dd>{escalation.collaborate_email}</dd>
          </>
        )}
        {version.support_hours && (
          <>
            <dt>Support Hours</dt>
            <dd>{version.support_hours}</dd>
          </>
        )}
        {version.product_supported && (
          <>
            <dt>Products Supported</dt>
            <dd>{version.product_supported}</dd>
          </>
        )}
        {version.manager_users.length > 0 && (
          <>
            <dt>Managers</dt>
            <dd>
              {version.manager_users.map((manager) => (
                <div key={manager.email}>
                  {manager.first_name} {manager.last_name} (<a href={`mailto:${manager.email}`}>{manager.email}</a>)
                </div>
              ))}
            </dd>
          </>
        )}
      </dl>
      {version.admin_note && (
        <>
          <h3>Admin Note</h3>
          <RichText html={version.admin_note} />
        </>
      )}
    </section>
  );
}
