import { useSearchParams } from 'react-router-dom';
import { endpointUrl, SSO_ERROR_QUERY, SSO_ERRORS, type LandingResponse } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';

/** The text of a refused single sign-on the assertion consumer sent back (?sso_error=code); unknown codes show nothing. */
function refusalText(code: string | null): string | null {
  return code && Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code as keyof typeof SSO_ERRORS] : null;
}

/** sso companies sign in at their identity provider through the api's SAML endpoint. */
export function SsoLogin({ company }: { company: LandingResponse['company'] }) {
  const [search] = useSearchParams();
  const refusal = refusalText(search.get(SSO_ERROR_QUERY));
  return (
    <section className="card" aria-labelledby="sso-title">
      <h2 id="sso-title">Log In</h2>
      {refusal && (
        <div className="notice notice-warning" role="alert">
          {refusal}
        </div>
      )}
      {company.sso_login_section && (
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: company.sso_login_section }} />
      )}
      <a className="button" href={endpointUrl(API.saml.login, { slug: company.slug })}>
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
