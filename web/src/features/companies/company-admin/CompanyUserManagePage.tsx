import { useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  ASSIGNABLE_ROLES,
  ManagedUserBody,
  MESSAGES,
  roleLabel,
  routePath,
  USER_DELETED,
  USER_SAVED,
  type BodyOf,
  type Country,
  type GroupOption,
  type LoginMethod,
  type ManagedUser,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { alerts } from '../../../app/alerts-store';
import { useSession } from '../../../app/session-store';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { useApiMutation } from '../../../lib/mutations';
import { useApiQuery, useRecordQuery } from '../../../lib/queries';
import { useServerForm } from '../../../lib/use-server-form';
import { SubmitActions } from '../../../ui/SubmitActions';
import { useConfirm } from '../../../ui/modal-store';
import { ChangeRequestModal } from './ChangeRequestModal';
import { companyUsersChanged } from './company-changes';
import { GroupAccessChecks, withAllGroups } from './GroupAccessChecks';
import { ManagedUserFields } from './ManagedUserFields';
import { statusLabel } from './labels';
import { managedUserDefaults, MANAGED_USER_FIELDS, passwordShown } from './managed-user-form';
import './company-admin.css';

interface Loaded {
  user: ManagedUser | null;
  communities: GroupOption[];
  login_method: LoginMethod;
  countries: Country[];
}

const usersPath = () => routePath('admin.users');
const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((value) => ({ value, label: roleLabel(value) }));

/**
 * /admin/users/{id}: create (id 0) or edit a user of the company. A limited membership
 * makes user changes through Contact: it sees its users read-only and cannot open a new one (the api refuses both).
 */
export function CompanyUserManagePage() {
  const { id: idParam = '' } = useParams();
  const id = Number(idParam);
  const navigate = useNavigate();
  const limited = useSession((state) => state.level === 'limited');
  const refused =
    !Number.isInteger(id) || id < 0 ? MESSAGES.unknownError : id === 0 && limited ? MESSAGES.membershipBlocked : null;
  // The user is read afresh on every visit (the form takes its values from it); the countries are the cached
  // ones of the profile forms.
  const record = useRecordQuery(API.adminCompany.user, { params: { id }, enabled: refused === null });
  const formData = useApiQuery(API.account.profileFormData, { enabled: refused === null });
  const failed = record.failed ?? (formData.data ? null : formData.error);
  const failure = refused ?? (failed ? errorMessage(failed) : null);
  useEffect(() => {
    if (failure === null) return;
    alerts.flash(failure, 'warning');
    void navigate(usersPath());
  }, [failure, navigate]);
  const loaded: Loaded | null =
    refused === null && record.data && formData.data ? { ...record.data, countries: formData.data.countries } : null;

  const title = loaded?.user ? `${loaded.user.first_name} ${loaded.user.last_name}` : id === 0 ? 'New User' : 'User';
  return (
    <PageFrame title={title}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to={usersPath()}>Users</Link>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      {loaded ? (
        <UserForm key={loaded.user?.id ?? 0} loaded={loaded} readOnly={limited} />
      ) : (
        <p className="muted">Loading…</p>
      )}
    </PageFrame>
  );
}

function UserForm({ loaded, readOnly }: { loaded: Loaded; readOnly: boolean }) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [user, setUser] = useState(loaded.user);
  const [contactOpen, setContactOpen] = useState(false);
  const isNew = user === null;
  const {
    register,
    control,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(ManagedUserBody, {
    defaultValues: managedUserDefaults(user),
    fields: MANAGED_USER_FIELDS,
    fieldMap: { country: 'country_id' },
  });
  const code = useWatch({ control, name: 'phone_country_code' });
  const role = useWatch({ control, name: 'role' });
  const showPassword = passwordShown(isNew, loaded.login_method, role);

  const params = { id: user?.id ?? 0 };
  const bodyOf = (values: BodyOf<typeof API.adminCompany.saveUser>) => ({
    ...values,
    group_access: withAllGroups(loaded.communities, (values.group_access ?? []).map(Number)),
    ...(showPassword ? {} : { password: undefined, password_confirmation: undefined }),
  });
  const save = useApiMutation(API.adminCompany.saveUser, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => {
      alerts.flash(answer.message || USER_SAVED, 'success');
      void companyUsersChanged();
      void navigate(usersPath());
    },
  });
  const onSubmit = submitWith(
    (values) => save.mutateAsync({ params, body: bodyOf(values) }),
    (typed) => call(API.adminCompany.saveUser, { params, body: bodyOf(typed), checkOnly: true }),
  );

  const deleteUser = useApiMutation(API.adminCompany.deleteUser, {
    loader: true,
    onSuccess: (answer) => {
      alerts.flash(answer.message || USER_DELETED, 'success');
      void companyUsersChanged();
      void navigate(usersPath());
    },
  });
  const onDelete = async () => {
    if (!user) return;
    const ok = await confirm(`Are you sure you want to delete ${user.first_name} ${user.last_name}?`, {
      title: 'Delete User',
      confirmLabel: 'Delete',
    });
    if (ok) deleteUser.mutate({ params: { id: user.id } });
  };

  const changeStatus = useApiMutation(API.adminCompany.userStatus, {
    loader: true,
    success: (answer) => answer.message,
    onSuccess: (answer) => {
      setUser(answer.user);
      void companyUsersChanged();
    },
  });
  const onToggleStatus = () => {
    if (!user) return;
    changeStatus.mutate({
      params: { id: user.id },
      body: { status: user.status === 'active' ? 'inactive' : 'active' },
    });
  };

  return (
    <>
      <form className="card user-manage" onSubmit={onSubmit} noValidate>
        {user && (
          <p className="muted">
            Status: <strong>{statusLabel(user.status)}</strong>
          </p>
        )}
        <fieldset className="bare-fieldset" disabled={readOnly}>
          <ManagedUserFields
            register={register}
            errors={errors}
            phoneCode={code}
            countries={loaded.countries}
            roleOptions={ROLE_OPTIONS}
            showPassword={showPassword}
          />
          <Controller
            control={control}
            name="group_access"
            render={({ field, fieldState }) => (
              <GroupAccessChecks
                legend="Group Access"
                groups={loaded.communities}
                value={(field.value ?? []).map(Number)}
                onChange={field.onChange}
                error={fieldState.error}
              />
            )}
          />
        </fieldset>
        {readOnly ? (
          <div className="form-actions">
            <p className="muted">Your membership level requires a change request for user changes: use Contact.</p>
            <button type="button" className="button" onClick={() => setContactOpen(true)}>
              Contact
            </button>
          </div>
        ) : (
          <SubmitActions label="Save" busy={isSubmitting}>
            {user && (
              <>
                <button type="button" className="button button-secondary" onClick={onToggleStatus}>
                  {user.status === 'active' ? 'Disable' : 'Enable'}
                </button>
                <button type="button" className="button button-danger" onClick={() => void onDelete()}>
                  Delete
                </button>
              </>
            )}
          </SubmitActions>
        )}
      </form>
      {/* Outside the user form: the change request is a form of its own. */}
      {contactOpen && <ChangeRequestModal changeType="User changes" onClose={() => setContactOpen(false)} />}
    </>
  );
}
