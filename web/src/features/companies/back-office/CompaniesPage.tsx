import { Link } from 'react-router-dom';
import { routePath, type CompanyListRow } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { call } from '../../../lib/api';
import { useApiQuery } from '../../../lib/queries';
import type { DataColumn } from '../../../ui/DataTable';
import { SearchableListCard } from '../../back-office/SearchableListCard';
import { loginPageAddress, membershipTypeLabel, statusLabel } from './company-labels';

const COLUMNS: DataColumn<CompanyListRow>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (row) => <Link to={routePath('super_admin.company.detail', { company_id: row.id })}>{row.name}</Link>,
  },
  { key: 'groups', header: 'Groups', render: (row) => row.groups.join(', ') },
  { key: 'membership_type', header: 'Membership Type', render: (row) => membershipTypeLabel(row.membership_type) },
  { key: 'users', header: 'Users', render: (row) => row.users },
  { key: 'status', header: 'Status', render: (row) => statusLabel(row.status) },
  {
    key: 'login_page',
    header: 'Login Page',
    render: (row) => <a href={loginPageAddress(row.slug)}>{loginPageAddress(row.slug)}</a>,
  },
];

/** /super_admin/companies: every member company, Add New and companies.xlsx. */
export function CompaniesPage() {
  const companies = useApiQuery(API.superAdminCompanies.list);
  return (
    <PageFrame
      title="Companies"
      actions={
        <Link className="button" to={routePath('super_admin.company.edit', { company_id: 0 })}>
          Add New
        </Link>
      }
    >
      <SearchableListCard
        caption="Companies"
        columns={COLUMNS}
        rows={companies.data?.companies}
        loading={companies.isPending}
        error={companies.error}
        searchText={(row) => [row.name, row.slug, row.groups.join(' '), row.membership_type, row.status].join(' ')}
        rowKey={(row) => row.id}
        emptyText="No companies."
        exportRequest={() => call(API.superAdminCompanies.export)}
      />
    </PageFrame>
  );
}
