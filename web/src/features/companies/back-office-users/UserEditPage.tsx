import { useLocation, useParams } from 'react-router-dom';
import { routePath } from '@casebridge/contracts';
import { PageFrame } from '../../../app/PageFrame';
import { Breadcrumbs } from '../../../ui/Breadcrumbs';
import { SuperAdminUserForm } from './SuperAdminUserForm';
import { useUserEditorData, type UserEditorData } from './use-user-editor-data';

/** /super_admin/companies/{company_id}/users/{user_id}: a new user (user_id 0) or an existing one of the company. */
export function UserEditPage() {
  const { company_id: companyParam = '', user_id: userParam = '' } = useParams();
  // Save & New comes back to the same path: the location key tells a fresh form apart.
  const location = useLocation();
  const data = useUserEditorData(Number(userParam), Number(companyParam));
  return <UserEditor data={data} formKey={location.key} />;
}

/** The page around the user form, shared with /super_admin/user/{user_id}. */
export function UserEditor({ data, formKey }: { data: UserEditorData | null; formKey: string }) {
  const title = data?.user ? `${data.user.first_name} ${data.user.last_name}` : data ? 'New User' : 'User';
  return (
    <PageFrame title={title}>
      {data && (
        <Breadcrumbs
          trail={[
            { label: 'Companies', to: routePath('super_admin.companies') },
            {
              label: data.company.name,
              to: routePath('super_admin.company.detail', { company_id: data.company.id }),
            },
          ]}
          current={title}
        />
      )}
      {data ? (
        <SuperAdminUserForm key={`${formKey}-${data.user?.id ?? 0}`} data={data} />
      ) : (
        <p className="muted">Loading…</p>
      )}
    </PageFrame>
  );
}
