import { useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { routePath, SuperAdminUserBody, USER_SAVED, type BodyOf } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { alerts } from '../../../app/alerts-store';
import { call } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { TextField } from '../../../ui/fields';
import { GroupAccessChecks, withAllGroups } from '../company-admin/GroupAccessChecks';
import { ManagedUserFields } from '../company-admin/ManagedUserFields';
import { managedUserDefaults, MANAGED_USER_FIELDS, passwordShown } from '../company-admin/managed-user-form';
import { companyUsersChanged } from '../../back-office/back-office-changes';
import { UserAccountActions } from './UserAccountActions';
import type { UserEditorData } from './use-user-editor-data';
import './users.css';

const FIELDS = [...MANAGED_USER_FIELDS, 'company_id'] as const;

/**
 * The back office's user form. A new user has password fields (not at an SSO company unless the role
 * is api) and no community access, which is set once the user exists: saving a new user opens it for editing.
 */
export function SuperAdminUserForm({ data }: { data: UserEditorData }) {
  const navigate = useNavigate();
  const [user, setUser] = useState(data.user);
  const isNew = user === null;
  // Which submit button was pressed: Save stays on the user, Save & New opens a blank form of the same company.
  const after = useRef<'stay' | 'new'>('stay');
  const {
    register,
    control,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(SuperAdminUserBody, {
    defaultValues: { ...managedUserDefaults(user), company_id: data.company.id },
    fields: FIELDS,
    fieldMap: { country: 'country_id' },
  });
  const code = useWatch({ control, name: 'phone_country_code' });
  const role = useWatch({ control, name: 'role' });
  const showPassword = passwordShown(isNew, data.company.login_method, role);

  const params = { user_id: user?.id ?? 0 };
  const bodyOf = (values: BodyOf<typeof API.superAdminUsers.save>) => ({
    ...values,
    company_id: data.company.id,
    group_access: isNew ? [] : withAllGroups(data.communities, (values.group_access ?? []).map(Number)),
    ...(showPassword ? {} : { password: undefined, password_confirmation: undefined }),
  });
  const check = (typed: BodyOf<typeof API.superAdminUsers.save>) =>
    call(API.superAdminUsers.save, { params, body: bodyOf(typed), checkOnly: true });
  const save = useApiMutation(API.superAdminUsers.save, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => {
      void companyUsersChanged();
      if (after.current === 'new') {
        alerts.flash(answer.message || USER_SAVED, 'success');
        void navigate(routePath('super_admin.user.edit', { company_id: data.company.id, user_id: 0 }), {
          state: { fresh: Date.now() },
        });
      } else if (isNew) {
        alerts.flash(answer.message || USER_SAVED, 'success');
        void navigate(routePath('super_admin.user.edit', { company_id: data.company.id, user_id: answer.user.id }));
      } else {
        setUser(answer.user);
        alerts.show(answer.message || USER_SAVED, 'success');
      }
    },
  });
  const onSubmit = submitWith((values) => save.mutateAsync({ params, body: bodyOf(values) }), check);

  return (
    <form
      className={`card user-manage${user?.status === 'inactive' ? ' user-inactive' : ''}`}
      onSubmit={onSubmit}
      noValidate
    >
      {user && (
        <p className="muted">
          Status:{' '}
          {user.status === 'active' ? (
            <strong>Active</strong>
          ) : (
            <strong title="Inactive user">
              <span aria-hidden="true">🚫 </span>Inactive
            </strong>
          )}
        </p>
      )}
      <ManagedUserFields
        register={register}
        errors={errors}
        phoneCode={code}
        countries={data.countries}
        roleOptions={data.roles}
        details={
          <div className="field-row">
            <TextField label="Agreement Date" readOnly value={formatDateTime(user?.agreement_date)} />
            <TextField label="Focus Group" readOnly value={user?.focus_group ?? ''} />
          </div>
        }
        showPassword={showPassword}
      />
      {!isNew && (
        <Controller
          control={control}
          name="group_access"
          render={({ field, fieldState }) => (
            <GroupAccessChecks
              legend="Community Access"
              groups={data.communities}
              value={(field.value ?? []).map(Number)}
              onChange={field.onChange}
              error={fieldState.error}
            />
          )}
        />
      )}
      {errors.company_id?.message && (
        <p className="field-error" role="alert">
          {errors.company_id.message}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting} onClick={() => (after.current = 'stay')}>
          Save
        </button>
        <button
          type="submit"
          className="button button-secondary"
          disabled={isSubmitting}
          onClick={() => (after.current = 'new')}
        >
          Save &amp; New
        </button>
        {user && <UserAccountActions user={user} company={data.company} onChange={setUser} />}
      </div>
    </form>
  );
}
