import { useParams } from 'react-router-dom';
import { MESSAGES, type LandingResponse } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { PageFrame } from '../../../app/PageFrame';
import { CompanyLogo } from './CompanyLogo';
import { EmailLinkForm } from './EmailLinkForm';
import { LandingSidebar } from './LandingSidebar';
import { LoginForm } from './LoginForm';
import { RegistrationForm } from './RegistrationForm';
import { SsoLogin } from './SsoLogin';
import { rememberCompanySite } from '../../errors/home-link';
import './landing.css';

/** /{slug}: the company's own sign-in page, in the variant of its login method. */
export function CompanyLandingPage() {
  const { slug = '' } = useParams();
  const landing = useApiQuery(API.landing.landing, { params: { slug } });

  if (landing.isPending) {
    return (
      <PageFrame title="Loading…" hideTitle>
        <p className="muted">Loading…</p>
      </PageFrame>
    );
  }
  // A failed refresh keeps the page it had.
  if (!landing.data) {
    return (
      <PageFrame title="Company Not Found">
        <p>{queryErrorText(landing.error)}</p>
        <a href="/">Search for your company</a>
      </PageFrame>
    );
  }
  const { company } = landing.data;
  // The 404 page leads a signed-out visitor back to this site.
  rememberCompanySite(company.slug);
  return (
    <PageFrame title={company.name} hideTitle>
      <header className="landing-header">
        <CompanyLogo slug={company.slug} name={company.name} />
        <div>
          <h1>{company.name}</h1>
          {company.full_name && company.full_name !== company.name && <p className="muted">{company.full_name}</p>}
        </div>
      </header>
      {company.status !== 'active' ? (
        <div className="notice" role="status">
          {MESSAGES.companyDisabled}
        </div>
      ) : (
        <div className="landing-grid">
          <div className="landing-main">
            {company.login_page_text && (
              // Sanitized by the server: rich text is cleaned on save.
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: company.login_page_text }} />
            )}
            <LandingVariant landing={landing.data} />
          </div>
          <LandingSidebar landing={landing.data} />
        </div>
      )}
    </PageFrame>
  );
}

function LandingVariant({ landing }: { landing: LandingResponse }) {
  const { company } = landing;
  switch (company.login_method) {
    case 'email_link':
      return (
        <div className="stack">
          <EmailLinkForm company={company} />
          <LoginForm title="Log In with Password" />
          <ManagerList landing={landing} />
        </div>
      );
    case 'requires_registration':
      return (
        <div className="two-columns">
          <LoginForm />
          <RegistrationForm landing={landing} />
        </div>
      );
    case 'sso':
      return <SsoLogin company={company} />;
  }
}

function ManagerList({ landing }: { landing: LandingResponse }) {
  if (landing.manager.length === 0) return null;
  return (
    <section className="card" aria-labelledby="managers-title">
      <h2 id="managers-title">Managers</h2>
      <p className="muted">Questions about access? Contact one of your company's managers.</p>
      <ul className="plain-list">
        {landing.manager.map((person) => (
          <li key={`${person.first_name} ${person.last_name}`}>
            {person.first_name} {person.last_name}
          </li>
        ))}
      </ul>
    </section>
  );
}
