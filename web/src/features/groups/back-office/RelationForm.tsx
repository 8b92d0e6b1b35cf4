import { useNavigate } from 'react-router-dom';
import { useWatch } from 'react-hook-form';
import {
  GROUP_TYPE_LABELS,
  MEMBER_RELATIONSHIP_LABELS,
  MEMBER_RELATIONSHIPS,
  RelationBody,
  routePath,
  SEV1_SLA_TEXT,
  type GroupType,
  type MemberRelationship,
  type ResponseOf,
  type UserAccessFlag,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { alerts } from '../../../app/alerts-store';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { SubmitActions } from '../../../ui/SubmitActions';
import { CheckboxField, SelectField } from '../../../ui/fields';
import { relationsChanged } from '../../back-office/back-office-changes';

type RelationUser = ResponseOf<typeof API.superAdminDepartments.users>['users'][number];
type Option = { id: number; name: string };

export interface RelationSettings {
  relation_id: number;
  community: { id: number; name: string; type: GroupType };
  department_id: number | null;
  document_id: number | null;
  is_active: 0 | 1;
  user_access_flag: UserAccessFlag;
  member_relationship: MemberRelationship;
}

interface RelationFormProps {
  companyId: number;
  settings: RelationSettings;
  users: readonly RelationUser[];
  departments: readonly Option[];
  documents: readonly Option[];
}

const FIELDS = [
  'community_id',
  'department_id',
  'document_id',
  'is_active',
  'user_access_flag',
  'member_relationship',
  'selected_users',
] as const;

/** The settings box and, for limited access, the Select Users table. */
export function RelationForm({ companyId, settings, users, departments, documents }: RelationFormProps) {
  const navigate = useNavigate();
  const {
    register,
    control,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(RelationBody, {
    fields: FIELDS,
    defaultValues: {
      relation_id: settings.relation_id,
      community_id: settings.community.id,
      department_id: settings.department_id ? String(settings.department_id) : '',
      document_id: settings.document_id ? String(settings.document_id) : '',
      is_active: settings.is_active === 1,
      user_access_flag: settings.user_access_flag,
      member_relationship: settings.member_relationship,
      selected_users: users.filter((user) => user.selected).map((user) => String(user.id)),
    },
  });
  const access = useWatch({ control, name: 'user_access_flag' });
  const active = useWatch({ control, name: 'is_active' });
  const none = (label: string) => [{ value: '', label }];

  const save = useApiMutation(API.superAdminDepartments.putRelation, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => {
      alerts.flash(answer.message, 'success');
      void relationsChanged();
      void navigate(routePath('super_admin.company.detail', { company_id: companyId }));
    },
  });
  const onSubmit = submitWith((values) => save.mutateAsync({ params: { companyId }, body: values }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <section className="card" aria-labelledby="relation-settings-title">
        <h2 id="relation-settings-title">
          <span
            className={active ? 'status-dot status-dot-on' : 'status-dot status-dot-off'}
            role="img"
            aria-label={active ? 'Active' : 'Inactive'}
          />{' '}
          {settings.community.name} <span className="muted">({GROUP_TYPE_LABELS[settings.community.type]})</span>
        </h2>
        {errors.community_id && (
          <p className="field-error" role="alert">
            {errors.community_id.message}
          </p>
        )}
        <fieldset className="field">
          <legend className="field-label">User Access</legend>
          <label className="field-check">
            <input type="radio" value="all" {...register('user_access_flag')} /> All Users
          </label>
          <label className="field-check">
            <input type="radio" value="limit" {...register('user_access_flag')} /> Limit to Selected Users
          </label>
        </fieldset>
        <SelectField
          label="Member Relationship"
          options={MEMBER_RELATIONSHIPS.map((value) => ({ value, label: MEMBER_RELATIONSHIP_LABELS[value] }))}
          error={errors.member_relationship}
          {...register('member_relationship')}
        />
        <CheckboxField label="Active" error={errors.is_active} {...register('is_active')} />
        <div className="field-row">
          <SelectField
            label="Department"
            options={[...none('All Departments'), ...departments.map((row) => ({ value: row.id, label: row.name }))]}
            error={errors.department_id}
            {...register('department_id')}
          />
          <SelectField
            label="Process"
            options={[...none('None'), ...documents.map((row) => ({ value: row.id, label: row.name }))]}
            error={errors.document_id}
            {...register('document_id')}
          />
        </div>
        <p className="muted">{SEV1_SLA_TEXT}</p>
      </section>
      {access === 'limit' && (
        <section className="card data-table data-table-scroll" aria-labelledby="select-users-title">
          <h2 id="select-users-title">Select Users</h2>
          {errors.selected_users && (
            <p className="field-error" role="alert">
              {errors.selected_users.message}
            </p>
          )}
          <table>
            <thead>
              <tr>
                <th scope="col">Select</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <td>
                    <input
                      type="checkbox"
                      value={String(user.id)}
                      aria-label={`Select ${user.first_name} ${user.last_name}`}
                      {...register('selected_users')}
                    />
                  </td>
                  <td>
                    {user.first_name} {user.last_name}
                  </td>
                  <td>{user.email}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {users.length === 0 && <p className="data-table-empty">No active users.</p>}
        </section>
      )}
      <SubmitActions label="Save" busy={isSubmitting} />
    </form>
  );
}
