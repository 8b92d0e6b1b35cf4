import { Controller } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import {
  adminCompanyApi,
  MESSAGES,
  REGISTRATION_SETTINGS_SAVED,
  RegistrationSettingsBody,
  REQUIRES_APPROVAL_OPTIONS,
  routePath,
  type AdminCompanyResponse,
} from '@casebridge/contracts';
import { PageFrame } from '../../app/PageFrame';
import { alerts } from '../../app/alerts-store';
import { call } from '../../lib/api';
import { useAsync } from '../../lib/use-async';
import { useServerForm } from '../../lib/use-server-form';
import { SubmitActions } from '../../ui/SubmitActions';
import { SelectField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';
import { GroupAccessChecks, withAllGroups } from './GroupAccessChecks';

// An unchosen select must reach the schema as null, not as "".
const emptyToNull = (value: unknown) => (value === '' ? null : value);

/** /admin/company/registration: how new registrations are approved and which groups they get. */
export function RegistrationSettingsPage() {
  const company = useAsync(() => call(adminCompanyApi.company), []);
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
      {company.status === 'loading' && <p className="muted">Loading…</p>}
      {company.status === 'failed' && (
        <p className="notice notice-warning" role="alert">
          {company.error}
        </p>
      )}
      {company.data && <SettingsForm data={company.data} />}
    </PageFrame>
  );
}

function SettingsForm({ data }: { data: AdminCompanyResponse }) {
  const navigate = useNavigate();
  const { registration, signup_managers: managers, groups } = data;
  const {
    register,
    control,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(RegistrationSettingsBody, {
    defaultValues: {
      requires_approval: registration.requires_approval,
      signup_manager_id: registration.signup_manager_id ?? '',
      alt_signup_manager_id: registration.alt_signup_manager_id,
      group_access: registration.communities,
    },
    fields: ['requires_approval', 'signup_manager_id', 'alt_signup_manager_id', 'group_access'],
  });
  const managerOptions = managers.map((manager) => ({
    value: manager.id,
    label: `${manager.first_name} ${manager.last_name} (${manager.email})`,
  }));

  const onSubmit = submitWith(async (values) => {
    const body = { ...values, group_access: withAllGroups(groups, values.group_access) };
    const answer = await withLoader(call(adminCompanyApi.registration, { body }));
    alerts.flash(answer.message || REGISTRATION_SETTINGS_SAVED, 'success');
    void navigate(routePath('admin.company'));
  });

  return (
    <form className="card narrow-form" onSubmit={onSubmit} noValidate>
      <SelectField
        label="Requires Approval"
        options={REQUIRES_APPROVAL_OPTIONS}
        error={errors.requires_approval}
        {...register('requires_approval', { setValueAs: (value: unknown) => Number(value) })}
      />
      <SelectField
        label="Primary Signup Manager"
        placeholder={MESSAGES.chooseOne}
        options={managerOptions}
        error={errors.signup_manager_id}
        {...register('signup_manager_id')}
      />
      <SelectField
        label="Alternate Signup Manager (optional)"
        placeholder={MESSAGES.chooseOne}
        options={managerOptions}
        error={errors.alt_signup_manager_id}
        {...register('alt_signup_manager_id', { setValueAs: emptyToNull })}
      />
      <Controller
        control={control}
        name="group_access"
        render={({ field, fieldState }) => (
          <GroupAccessChecks
            legend="Default Group Access"
            groups={groups}
            value={(field.value ?? []).map(Number)}
            onChange={field.onChange}
            error={fieldState.error}
          />
        )}
      />
      <SubmitActions label="Save Settings" busy={isSubmitting}>
        <Link className="button button-secondary" to={routePath('admin.company')}>
          Cancel
        </Link>
      </SubmitActions>
    </form>
  );
}
