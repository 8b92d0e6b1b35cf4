import { Link } from 'react-router-dom';
import {
  GROUP_TYPE_LABELS,
  membershipLevel,
  routePath,
  type MyGroupRelation,
  type ResponseOf,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { call } from '../../../lib/api';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { PageFrame } from '../../../app/PageFrame';
import { useSession } from '../../../app/session-store';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { PartnerActions } from '../../directory/PartnerActions';
import { PartnerSearch } from '../../directory/PartnerSearch';
import { ExportButton } from '../../../ui/ExportButton';
import { userAccessLabel } from './group-labels';

type PartnerRow = ResponseOf<typeof API.adminGroups.partnerCompanies>['partners'][number];

const GROUP_COLUMNS: DataColumn<MyGroupRelation>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (row) => (
      <Link to={routePath('admin.partner_groups.manage', { group_id: row.community.id })}>{row.community.name}</Link>
    ),
  },
  { key: 'department', header: 'Department', render: (row) => row.department?.name ?? '' },
  { key: 'type', header: 'Type', render: (row) => GROUP_TYPE_LABELS[row.community.type] },
  { key: 'host', header: 'Host', render: (row) => row.community.host_name ?? '' },
  { key: 'user_access', header: 'User Access', render: (row) => userAccessLabel(row.user_access_flag) },
  { key: 'process', header: 'Process', render: (row) => row.document?.name ?? '' },
];

const PARTNER_COLUMNS: DataColumn<PartnerRow>[] = [
  { key: 'company', header: 'Company', render: (row) => row.company.name },
  { key: 'group', header: 'Group', render: (row) => row.group.name },
  { key: 'membership', header: 'Membership', render: (row) => row.membership },
  { key: 'process', header: 'Collaboration Process', render: (row) => row.collaboration_process?.name ?? '' },
];

/** /admin/partner_groups: the company's groups, partner search and My Partners. */
export function PartnerGroupsPage() {
  const company = useSession((state) => state.company);
  const isLimited = company ? membershipLevel(company.membership_type) === 'limited' : false;
  const groups = useApiQuery(API.adminGroups.list);
  const partners = useApiQuery(API.adminGroups.partnerCompanies);
  const directory = useApiQuery(API.dashboard.directory);
  const entries = directory.data ?? [];

  return (
    <PageFrame title="Partner Groups">
      <section className="card" aria-labelledby="partner-groups-title">
        <h2 id="partner-groups-title">Partner Groups</h2>
        {groups.isError && (
          <p className="notice notice-warning" role="alert">
            {queryErrorText(groups.error)}
          </p>
        )}
        <DataTable
          caption="Partner groups"
          columns={GROUP_COLUMNS}
          rows={groups.data?.groups ?? []}
          rowKey={(row) => row.id}
          loading={groups.isPending}
          emptyText="Your company is not in any partner group."
        />
      </section>
      {!isLimited && <PartnerSearch directory={entries} loading={directory.isPending} />}
      <PartnerActions title="Add Partners" directory={entries} />
      <section className="card" aria-labelledby="my-partners-title">
        <div className="card-title">
          <h2 id="my-partners-title">My Partners</h2>
          <ExportButton label="Export" request={() => call(API.adminGroups.partnersReport)} />
        </div>
        {partners.isError && (
          <p className="notice notice-warning" role="alert">
            {queryErrorText(partners.error)}
          </p>
        )}
        <DataTable
          caption="My partners"
          columns={PARTNER_COLUMNS}
          rows={partners.data?.partners ?? []}
          rowKey={(row) => `${row.group.id}:${row.company.id}`}
          loading={partners.isPending}
          emptyText="No partners yet."
        />
      </section>
    </PageFrame>
  );
}
