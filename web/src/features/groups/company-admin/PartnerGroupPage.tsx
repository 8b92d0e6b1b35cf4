import { Link, useParams } from 'react-router-dom';
import {
  GROUP_TYPE_LABELS,
  MESSAGES,
  routePath,
  type AdminGroupShape,
  type Endpoint,
  type ResponseOf,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { call } from '../../../lib/api';
import { download } from '../../../lib/files';
import { useFileDownload } from '../../../lib/mutations';
import { useApiQuery } from '../../../lib/queries';
import { PageFrame } from '../../../app/PageFrame';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { ExportButton } from '../../../ui/ExportButton';
import { GroupDocuments } from './GroupDocuments';
import { userAccessLabel } from './group-labels';
import { QueryStatus } from '../../../ui/QueryStatus';
import './partner-groups.css';

type Detail = ResponseOf<typeof API.adminGroups.detail>;
type Partner = Detail['partners'][number];

const PARTNER_COLUMNS: DataColumn<Partner>[] = [
  { key: 'company', header: 'Company', render: (row) => row.company.name },
  { key: 'department', header: 'Department', render: (row) => row.department?.name ?? '' },
  { key: 'membership', header: 'Membership', render: (row) => row.membership },
  { key: 'process', header: 'Collaboration Process', render: (row) => row.document?.name ?? '' },
];

/** /admin/partner_groups/{group_id}: one group of the company. */
export function PartnerGroupPage() {
  const { group_id: groupId = '' } = useParams();
  const detail = useApiQuery(API.adminGroups.detail, { params: { groupId } });
  return (
    <PageFrame title={detail.data?.group.name ?? 'Partner Group'}>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to={routePath('admin.partner_groups')}>Partner Groups</Link>
      </nav>
      <QueryStatus query={detail} />
      {detail.data && <GroupDetail detail={detail.data} />}
    </PageFrame>
  );
}

function GroupDetail({ detail }: { detail: Detail }) {
  const { group, partners, partners_visible: partnersVisible } = detail;
  const relation = group.my_relation;
  return (
    <>
      <div className="two-columns">
        <GroupInfo group={group} />
        <section className="card" aria-labelledby="group-access-title">
          <h2 id="group-access-title">Internal User Access</h2>
          <p>{userAccessLabel(relation.user_access_flag)}</p>
          {relation.user_access_flag !== 'all' && (
            <Link to={routePath('admin.partner_groups.users', { group_id: group.id })}>Manage Access</Link>
          )}
          <h2 className="group-subtitle">Inbound Process</h2>
          {relation.document ? (
            <Link to={routePath('admin.inbound_process.manage', { document_id: relation.document.id })}>
              {relation.document.name}
            </Link>
          ) : (
            <p className="muted">No inbound process.</p>
          )}
          <h2 className="group-subtitle">SLA Details</h2>
          {group.custom_sla ? (
            <dl className="group-sla">
              <dt>P1 High</dt>
              <dd>{group.p1_message}</dd>
              <dt>P2 Medium</dt>
              <dd>{group.p2_message}</dd>
              <dt>P3 Low</dt>
              <dd>{group.p3_message}</dd>
            </dl>
          ) : (
            <p className="muted">{MESSAGES.usingDefaultSla}</p>
          )}
        </section>
      </div>
      {partnersVisible && (
        <section className="card" aria-labelledby="group-partners-title">
          <div className="card-title">
            <h2 id="group-partners-title">Partners</h2>
            <ExportButton
              label="Export to Excel"
              request={() => call(API.adminGroups.exportMembers, { params: { groupId: group.id } })}
            />
          </div>
          <DataTable
            caption="Group partners"
            columns={PARTNER_COLUMNS}
            rows={partners}
            rowKey={(row) => `${row.company.id}:${row.department?.id ?? 0}`}
            emptyText="No partners in this group yet."
          />
        </section>
      )}
      {group.type !== 'open_group' && <GroupDocuments groupId={group.id} />}
    </>
  );
}

function GroupInfo({ group }: { group: AdminGroupShape }) {
  const registration =
    group.type === 'partner_program' && group.vhost
      ? `${window.location.origin}${routePath('onboarding.home', { vhost: group.vhost })}`
      : null;
  const files: { show: boolean; label: string; endpoint: Endpoint; name: string }[] = [
    {
      show: group.code_of_conduct,
      label: 'Code of Conduct',
      endpoint: API.adminGroups.codeOfConduct,
      name: 'code_of_conduct',
    },
    {
      show: group.current_license,
      label: 'Current License',
      endpoint: API.adminGroups.currentLicense,
      name: 'current_license',
    },
    {
      show: group.addendum,
      label: group.addendum_name ?? 'Addendum',
      endpoint: API.adminGroups.addendum,
      name: 'addendum',
    },
  ];
  const save = useFileDownload({ loader: true });
  const get = (endpoint: Endpoint, name: string) =>
    save(() => download(endpoint, name, { params: { groupId: group.id } }));
  return (
    <section className="card" aria-labelledby="group-info-title">
      <h2 id="group-info-title">{group.name}</h2>
      <p>{GROUP_TYPE_LABELS[group.type]}</p>
      {registration && (
        <p>
          Partner registration link:{' '}
          <a href={registration} target="_blank" rel="noopener noreferrer">
            {registration}
          </a>
        </p>
      )}
      {registration && group.registration_status_url && (
        <p>
          <a href={group.registration_status_url} target="_blank" rel="noopener noreferrer">
            Registration status
          </a>
        </p>
      )}
      {files.some((file) => file.show) && (
        <ul className="plain-list">
          {files
            .filter((file) => file.show)
            .map((file) => (
              <li key={file.name}>
                <button type="button" className="link-button" onClick={() => get(file.endpoint, file.name)}>
                  Download {file.label}
                </button>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
