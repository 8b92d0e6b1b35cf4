import { useNavigate, useParams } from 'react-router-dom';
import {
  COMPANY_FORM_DEFAULTS,
  COMPANY_LOGO_FIELD,
  COMPANY_SSO_FILE_FIELD,
  routePath,
  type SuperAdminCompany,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { alerts } from '../../../app/alerts-store';
import { upload } from '../../../lib/files';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { companiesChanged } from '../../back-office/back-office-changes';
import { Breadcrumbs } from '../../../ui/Breadcrumbs';
import { CompanyFields } from './CompanyFields';
import {
  COMPANY_FORM_FIELDS,
  CompanyFormSchema,
  type CompanyFormOutput,
  type CompanyFormValues,
} from './company-form-schema';
import { companyCrumbs } from './company-labels';
import { companyIdParam, useCompany } from './use-company';

/** /super_admin/companies/{company_id}/edit; company_id 0 is a new company. */
export function CompanyFormPage() {
  const id = companyIdParam(useParams().company_id);
  const creating = id === 0;
  const { company } = useCompany(Number.isNaN(id) ? -1 : id);
  const title = creating ? 'New Company' : `Edit ${company?.name ?? 'Company'}`;
  return (
    <PageFrame title={title}>
      <Breadcrumbs trail={companyCrumbs(company)} current={creating ? 'New Company' : 'Edit'} />
      {creating || company ? (
        <CompanyForm key={company?.id ?? 0} company={company} />
      ) : (
        <p className="muted">Loading…</p>
      )}
    </PageFrame>
  );
}

function defaultsOf(company: SuperAdminCompany | null): CompanyFormValues {
  return {
    name: company?.name ?? '',
    slug: company?.slug ?? '',
    url: company?.url ?? '',
    membership_type: company?.membership_type ?? COMPANY_FORM_DEFAULTS.membership_type,
    login_method: company?.login_method ?? COMPANY_FORM_DEFAULTS.login_method,
    domain: company?.domain ?? '',
    additional_domains: company?.additional_domains ?? '',
    communications_email: company?.communications_email ?? '',
    bcc_response_email: company?.bcc_response_email ?? '',
    show_in_public_web: company ? company.show_in_public_web === 1 : true,
    login_page_text: company?.login_page_text ?? '',
    region_text: company?.region_text ?? '',
    public_web_text: company?.public_web_text ?? '',
    sso_identity_source: company?.sso_identity_source ?? COMPANY_FORM_DEFAULTS.sso_identity_source,
    sso_idp_entity_url: company?.sso_idp_entity_url ?? '',
    sso_idp_federation_url: company?.sso_idp_federation_url ?? '',
    sso_idp_logout_url: company?.sso_idp_logout_url ?? '',
    sso_login_section: company?.sso_login_section ?? '',
    sso_registration_section: company?.sso_registration_section ?? '',
  };
}

/** Multipart: fields (empty ones left out, so the optional e-mails go only when filled), the logo and SSO file. */
function toFormData(values: CompanyFormOutput | CompanyFormValues): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (key === COMPANY_LOGO_FIELD || key === COMPANY_SSO_FILE_FIELD) continue;
    if (value === null || value === undefined || value === '') continue;
    form.append(key, String(value));
  }
  for (const field of [COMPANY_LOGO_FIELD, COMPANY_SSO_FILE_FIELD] as const) {
    const file = (values[field] as FileList | undefined)?.[0];
    if (file) form.append(field, file, file.name);
  }
  return form;
}

function CompanyForm({ company }: { company: SuperAdminCompany | null }) {
  const navigate = useNavigate();
  const form = useServerForm(CompanyFormSchema, {
    defaultValues: defaultsOf(company),
    fields: COMPANY_FORM_FIELDS,
    // Company save errors (413 with the size limit included) are error alerts with the server's message.
    errorAlert: 'danger',
  });

  const params = { id: company?.id ?? 0 };
  const save = useApiMutation(API.superAdminCompanies.save, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => {
      alerts.flash(answer.message, 'success');
      void companiesChanged();
      void navigate(routePath('super_admin.company.detail', { company_id: answer.id }));
    },
  });
  const onSubmit = form.submitWith(
    (values) => save.mutateAsync({ params, form: toFormData(values) }),
    (typed) => upload(API.superAdminCompanies.save, toFormData(typed), { params, checkOnly: true }),
  );

  const cancelTo = company
    ? routePath('super_admin.company.detail', { company_id: company.id })
    : routePath('super_admin.companies');
  return (
    <form className="card company-form" onSubmit={onSubmit} noValidate>
      <CompanyFields
        form={form}
        logo={company?.logo ?? null}
        hasSsoFile={company?.sso_idp_file ?? false}
        cancelTo={cancelTo}
      />
    </form>
  );
}
