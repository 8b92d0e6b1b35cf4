import { Link } from 'react-router-dom';
import { routePath } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { useApiQuery } from '../../../lib/queries';
import { SsoSettingsForm } from './SsoSettingsForm';
import { QueryStatus } from '../../../ui/QueryStatus';

/** /admin/company/sso: where the company's identity provider is configured (admins only, not for limited). */
export function SsoSettingsPage() {
  const settings = useApiQuery(API.adminSso.settings);
  return (
    <PageFrame title="Single Sign-On">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to={routePath('admin.company')}>Company</Link>
          </li>
          <li aria-current="page">Single Sign-On</li>
        </ol>
      </nav>
      <QueryStatus query={settings} />
      {settings.data && <SsoSettingsForm settings={settings.data.company} />}
    </PageFrame>
  );
}
