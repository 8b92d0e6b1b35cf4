import type { ReactNode } from 'react';

/** What the info box shows of any company, for the company admin and the back office alike. */
export interface CompanyInfoFields {
  name: string;
  url?: string | null;
  domain?: string | null;
  additional_domains?: string | null;
  communications_email?: string | null;
  bcc_response_email?: string | null;
  logo?: string | null;
}

interface CompanyInfoCardProps {
  company: CompanyInfoFields;
  /** The buttons of the title row (the admin's links, or the super admin's Edit, Disable/Enable and Delete). */
  actions: ReactNode;
  /** The first rows of the list (membership, status, login method...), as `<dt>`/`<dd>` pairs. */
  summary: ReactNode;
  /** Shows the stored logo as the last row. */
  showLogo?: boolean;
  children?: ReactNode;
}

/** The company info box: name, actions, then the company's settings. */
export function CompanyInfoCard({ company, actions, summary, showLogo = false, children }: CompanyInfoCardProps) {
  return (
    <section className="card company-info" aria-labelledby="company-info-title">
      <div className="card-title">
        <h2 id="company-info-title">{company.name}</h2>
        <div className="company-info-actions">{actions}</div>
      </div>
      <dl className="info-list">
        {summary}
        {company.url && (
          <>
            <dt>Web Site</dt>
            <dd>{company.url}</dd>
          </>
        )}
        {company.domain && (
          <>
            <dt>Domain</dt>
            <dd>
              {company.domain}
              {company.additional_domains ? `, ${company.additional_domains}` : ''}
            </dd>
          </>
        )}
        {company.communications_email && (
          <>
            <dt>Communications Email</dt>
            <dd>{company.communications_email}</dd>
          </>
        )}
        {company.bcc_response_email && (
          <>
            <dt>BCC Response Email</dt>
            <dd>{company.bcc_response_email}</dd>
          </>
        )}
        {showLogo && company.logo && (
          <>
            <dt>Logo</dt>
            <dd>
              <img className="company-info-logo" src={company.logo} alt={`${company.name} logo`} height={48} />
            </dd>
          </>
        )}
      </dl>
      {children}
    </section>
  );
}
