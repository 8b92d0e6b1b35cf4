import { useNavigate, useParams } from 'react-router-dom';
import { REGISTRATION_SETTINGS_SAVED, routePath } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { alerts } from '../../../app/alerts-store';
import { useApiMutation } from '../../../lib/mutations';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { RegistrationSettingsForm } from '../company-admin/RegistrationSettingsForm';
import { Breadcrumbs } from '../../../ui/Breadcrumbs';
import { companyCrumbs } from './company-labels';
import { companyIdParam, useCompany } from './use-company';

/** /super_admin/companies/{company_id}/registation: the company admin's settings form, for any company. */
export function CompanyRegistrationPage() {
  const navigate = useNavigate();
  const id = companyIdParam(useParams().company_id);
  const { company } = useCompany(Number.isNaN(id) ? -1 : id);
  const managers = useApiQuery(API.superAdminCompanies.managers, { params: { id } });
  const groups = useApiQuery(API.superAdminCompanies.groups, { params: { id } });
  // Both choices or nothing: the first failure is the page's.
  const failure = managers.error ?? groups.error;
  const choicesLoading = !failure && (managers.isPending || groups.isPending);
  const detail = routePath('super_admin.company.detail', { company_id: id });
  const save = useApiMutation(API.superAdminCompanies.registration, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => {
      alerts.flash(answer.message || REGISTRATION_SETTINGS_SAVED, 'success');
      void navigate(detail);
    },
  });

  return (
    <PageFrame title="User Registration">
      <Breadcrumbs trail={companyCrumbs(company)} current="User Registration" />
      {(!company || choicesLoading) && <p className="muted">Loading…</p>}
      {failure && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(failure)}
        </p>
      )}
      {company && managers.data && groups.data && (
        <RegistrationSettingsForm
          settings={company.registration}
          managers={managers.data.managers}
          groups={groups.data.groups}
          cancelTo={detail}
          onSave={(body) => save.mutateAsync({ params: { id: company.id }, body })}
        />
      )}
    </PageFrame>
  );
}
