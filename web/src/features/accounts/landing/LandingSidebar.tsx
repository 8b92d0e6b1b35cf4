import { routePath, type LandingResponse } from '@casebridge/contracts';
import { Link } from 'react-router-dom';

/** Key contacts and partner group of a company landing page. */
export function LandingSidebar({ landing }: { landing: LandingResponse }) {
  const { key_contacts: contacts, group } = landing;
  if (contacts.length === 0 && !group) return null;
  return (
    <aside className="landing-aside">
      {contacts.length > 0 && (
        <section className="card" aria-labelledby="contacts-title">
          <h2 id="contacts-title">Key Contacts</h2>
          <ul className="plain-list">
            {contacts.map((contact) => (
              <li key={`${contact.first_name} ${contact.last_name} ${contact.city ?? ''}`}>
                <strong>
                  {contact.first_name} {contact.last_name}
                </strong>
                <div className="muted">{[contact.city, contact.country?.country_code].filter(Boolean).join(', ')}</div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {group && (
        <section className="card" aria-labelledby="group-title">
          <h2 id="group-title">Partner Group</h2>
          <p>
            {group.vhost ? (
              <Link to={routePath('onboarding.home', { vhost: group.vhost })}>{group.name}</Link>
            ) : (
              group.name
            )}
          </p>
        </section>
      )}
    </aside>
  );
}
