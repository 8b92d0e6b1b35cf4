import { PageFrame } from '../../../app/PageFrame';
import { CompanySearch } from './CompanySearch';
import { LoginForm } from './LoginForm';

/** / : find your company's page; members of any company (and super admins) may also sign in here. */
export function HomePage() {
  return (
    <PageFrame title="Welcome to Casebridge">
      <p className="lead">
        Casebridge connects support teams of member companies so they can work cases together. Find your company to sign
        in or register.
      </p>
      <div className="two-columns">
        <CompanySearch />
        <LoginForm />
      </div>
    </PageFrame>
  );
}
