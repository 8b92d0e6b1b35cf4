import { useState } from 'react';
import { Link } from 'react-router-dom';
import { routePath } from '@casebridge/contracts';
import { PageFrame } from '../../../app/PageFrame';
import { ChangeRequestModal } from './ChangeRequestModal';
import { CompanyUsersCard, useCompanyUsers, userPath } from './CompanyUsersCard';
import { companyUsersChanged } from './company-changes';
import { RegistrationQueue } from './RegistrationQueue';
import { QueryStatus } from '../../../ui/QueryStatus';

/** The company's login page: the landing page of its slug. */
function loginPageAddress(slug: string): string {
  return `${window.location.origin}${routePath('home-with-slug', { slug })}`;
}

/** /admin/users: login method, users table with export, and the registration queue. */
export function UsersPage() {
  const [contactOpen, setContactOpen] = useState(false);
  const companyUsers = useCompanyUsers();
  const users = companyUsers.query;
  const data = users.data;

  return (
    <PageFrame
      title="Users"
      actions={
        data &&
        (data.limited ? (
          <button type="button" className="button" onClick={() => setContactOpen(true)}>
            Contact
          </button>
        ) : (
          <Link className="button" to={userPath(0)}>
            Add New
          </Link>
        ))
      }
    >
      <QueryStatus query={users} />
      {data && (
        <>
          <section className="card" aria-labelledby="login-settings-title">
            <h2 id="login-settings-title">Login Settings</h2>
            <dl className="info-list">
              <dt>Login Method</dt>
              <dd>{data.login_method_label}</dd>
              {data.login_method === 'email_link' && (
                <>
                  <dt>Email Domain Match</dt>
                  <dd>{data.domain ?? 'None'}</dd>
                </>
              )}
              <dt>Login Page</dt>
              <dd>
                <a href={loginPageAddress(data.slug)}>{loginPageAddress(data.slug)}</a>
              </dd>
            </dl>
            {data.limited && (
              <p className="muted">Your membership level requires a change request for user changes: use Contact.</p>
            )}
          </section>
          {data.registration_queue && <RegistrationQueue onDecided={() => void companyUsersChanged()} />}
          <CompanyUsersCard {...companyUsers} />
        </>
      )}
      {contactOpen && <ChangeRequestModal changeType="User changes" onClose={() => setContactOpen(false)} />}
    </PageFrame>
  );
}
