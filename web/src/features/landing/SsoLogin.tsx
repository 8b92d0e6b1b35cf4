import type { LandingResponse } from '@casebridge/contracts';

/** sso companies sign in at their identity provider through the api's SAML endpoint. */
export function SsoLogin({ company }: { company: LandingResponse['company'] }) {
  return (
    <section className="card" aria-labelledby="sso-title">
      <h2 id="sso-title">Log In</h2>
      {company.sso_login_section && (
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: company.sso_login_section }} />
      )}
      <a className="button" href={`/saml2/${encodeURIComponent(company.slug)}/login`}>
        Single Sign-On
      </a>
      {company.sso_registration_section && (
        <div
          className="rich-text sso-registration"
          dangerouslySetInnerHTML={{ __html: company.sso_registration_section }}
        />
      )}
    </section>
  );
}
