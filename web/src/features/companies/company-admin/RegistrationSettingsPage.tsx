import { Link, useNavigate } from 'react-router-dom';
import { REGISTRATION_SETTINGS_SAVED, routePath, type AdminCompanyResponse } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { alerts } from '../../../app/alerts-store';
import { useApiMutation } from '../../../lib/mutations';
import { useApiQuery } from '../../../lib/queries';
import { companySettingsChanged } from './company-changes';
import { RegistrationSettingsForm } from './RegistrationSettingsForm';
import { QueryStatus } from '../../../ui/QueryStatus';

/** /admin/company/registration: how new registrations are approved and which groups they get. */
export function RegistrationSettingsPage() {
  const company = useApiQuery(API.adminCompany.company);
  return (
    <PageFrame title="User Registration Settings">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to={routePath('admin.company')}>Company</Link>
          </li>
          <li aria-current="page">User Registration Settings</li>
        </ol>
      </nav>
      <QueryStatus query={company} />
      {company.data && <SettingsForm data={company.data} />}
    </PageFrame>
  );
}

function SettingsForm({ data }: { data: AdminCompanyResponse }) {
  const navigate = useNavigate();
  const save = useApiMutation(API.adminCompany.registration, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => {
      alerts.flash(answer.message || REGISTRATION_SETTINGS_SAVED, 'success');
      void companySettingsChanged();
      void navigate(routePath('admin.company'));
    },
  });
  return (
    <RegistrationSettingsForm
      settings={data.registration}
      managers={data.signup_managers}
      groups={data.groups}
      cancelTo={routePath('admin.company')}
      onSave={(body) => save.mutateAsync({ body })}
    />
  );
}
