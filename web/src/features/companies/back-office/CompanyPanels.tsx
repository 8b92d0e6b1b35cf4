import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  DOCUMENT_TYPE_EDITOR_LABELS,
  GROUP_TYPE_LABELS,
  routePath,
  type SuperAdminCompanyUserRow,
  type SuperAdminDepartmentRow,
  type SuperAdminDocumentRow,
  type SuperAdminRelationRow,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import type { z } from 'zod';
import { call } from '../../../lib/api';
import { formatDateTimeUtc } from '../../../lib/format';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { ExportButton } from '../../../ui/ExportButton';
import { statusLabel } from './company-labels';
import './companies.css';

type UserRow = z.infer<typeof SuperAdminCompanyUserRow>;
type DepartmentRow = z.infer<typeof SuperAdminDepartmentRow>;
type DocumentRow = z.infer<typeof SuperAdminDocumentRow>;
type RelationRow = z.infer<typeof SuperAdminRelationRow>;

const api = API.superAdminCompanies;

interface PanelProps {
  title: string;
  count: number | null;
  /** Opens the panel when something in it waits for the reader (open change requests). */
  open?: boolean;
  children: ReactNode;
}

/** An expandable panel whose title carries the number of rows. */
export function Panel({ title, count, open, children }: PanelProps) {
  return (
    <details className="card company-panel" open={open}>
      <summary>
        <h2>
          {title} ({count ?? '…'})
        </h2>
      </summary>
      {children}
    </details>
  );
}

export function LoadFailure({ error }: { error: Error | null }) {
  return error ? (
    <p className="notice notice-warning" role="alert">
      {queryErrorText(error)}
    </p>
  ) : null;
}

export function UsersPanel({ companyId }: { companyId: number }) {
  const users = useApiQuery(api.users, { params: { id: companyId } });
  const columns: DataColumn<UserRow>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (row) => (
        <Link to={routePath('super_admin.user.edit', { company_id: companyId, user_id: row.id })}>
          {row.first_name} {row.last_name}
        </Link>
      ),
    },
    { key: 'city', header: 'City', render: (row) => row.city ?? '' },
    { key: 'country', header: 'Country', render: (row) => row.country ?? '' },
    { key: 'role', header: 'Role', render: (row) => row.role_label },
    { key: 'last_login', header: 'Last Login', render: (row) => formatDateTimeUtc(row.last_login_date) },
    { key: 'registration_type', header: 'Registration Type', render: (row) => row.registration_type_label },
    { key: 'status', header: 'Status', render: (row) => statusLabel(row.status) },
  ];
  return (
    <Panel title="Users" count={users.data?.users.length ?? null}>
      <div className="panel-actions">
        <Link
          className="button button-small"
          to={routePath('super_admin.user.edit', { company_id: companyId, user_id: 0 })}
        >
          Add New
        </Link>
        <ExportButton label="Export" request={() => call(api.exportUsers, { params: { id: companyId } })} />
      </div>
      <LoadFailure error={users.error} />
      <DataTable
        caption="Users"
        columns={columns}
        rows={users.data?.users ?? []}
        rowKey={(row) => row.id}
        loading={users.isPending}
        utcNote
        emptyText="No users."
      />
    </Panel>
  );
}

export function DepartmentsPanel({ companyId }: { companyId: number }) {
  const departments = useApiQuery(api.departments, { params: { id: companyId } });
  const columns: DataColumn<DepartmentRow>[] = [
    { key: 'name', header: 'Name', render: (row) => row.name },
    { key: 'description', header: 'Description', render: (row) => row.description ?? '' },
    { key: 'group', header: 'Group', render: (row) => row.community?.name ?? '' },
    { key: 'process', header: 'Process', render: (row) => row.contact_document?.name ?? '' },
    { key: 'status', header: 'Status', render: (row) => statusLabel(row.status) },
  ];
  return (
    <Panel title="Departments" count={departments.data?.departments.length ?? null}>
      <div className="panel-actions">
        <Link
          className="button button-small"
          to={routePath('super_admin.company.departments', { company_id: companyId })}
        >
          Manage Departments
        </Link>
      </div>
      <LoadFailure error={departments.error} />
      <DataTable
        caption="Departments"
        columns={columns}
        rows={departments.data?.departments ?? []}
        rowKey={(row) => row.id}
        loading={departments.isPending}
        emptyText="No departments."
      />
    </Panel>
  );
}

export function ProcessFormsPanel({ companyId }: { companyId: number }) {
  const documents = useApiQuery(api.documents, { params: { id: companyId } });
  const columns: DataColumn<DocumentRow>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (row) => (
        <Link
          to={routePath('super_admin.document.edit', {
            company_id: companyId,
            document_id: row.id,
            type: row.document_type ?? 'ticket',
          })}
        >
          {row.name}
        </Link>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      render: (row) => (row.document_type ? DOCUMENT_TYPE_EDITOR_LABELS[row.document_type] : ''),
    },
    { key: 'status', header: 'Status', render: (row) => (row.status ? statusLabel(row.status) : '') },
    { key: 'departments', header: 'Departments', render: (row) => row.departments.join(', ') },
    { key: 'groups', header: 'Groups', render: (row) => row.groups.join(', ') },
  ];
  return (
    <Panel title="Process Forms" count={documents.data?.documents.length ?? null}>
      <div className="panel-actions">
        <Link
          className="button button-small"
          to={routePath('super_admin.document.edit', { company_id: companyId, document_id: 0, type: 'ticket' })}
        >
          Add New
        </Link>
      </div>
      <LoadFailure error={documents.error} />
      <DataTable
        caption="Process forms"
        columns={columns}
        rows={documents.data?.documents ?? []}
        rowKey={(row) => row.id}
        loading={documents.isPending}
        emptyText="No process forms."
      />
    </Panel>
  );
}

export function GroupsPanel({ companyId }: { companyId: number }) {
  const relations = useApiQuery(api.relations, { params: { id: companyId } });
  const columns: DataColumn<RelationRow>[] = [
    {
      key: 'name',
      header: 'Group',
      render: (row) => (
        <Link to={routePath('super_admin.company.groups.edit', { company_id: companyId, relation_id: row.id })}>
          <span
            className={row.is_active ? 'status-dot status-dot-on' : 'status-dot status-dot-off'}
            role="img"
            aria-label={row.is_active ? 'Active' : 'Inactive'}
          />{' '}
          {row.community.name}
        </Link>
      ),
    },
    { key: 'type', header: 'Type', render: (row) => GROUP_TYPE_LABELS[row.community.type] },
    { key: 'department', header: 'Department', render: (row) => row.department?.name ?? 'N/A' },
    { key: 'process', header: 'Process', render: (row) => row.document?.name ?? '' },
    { key: 'access', header: 'User Access', render: (row) => (row.user_access_flag === 'all' ? 'All' : 'Limited') },
  ];
  return (
    <Panel title="Groups" count={relations.data?.relations.length ?? null}>
      <div className="panel-actions">
        <Link
          className="button button-small"
          to={routePath('super_admin.company.groups.edit', { company_id: companyId, relation_id: 0 })}
        >
          Add New
        </Link>
      </div>
      <LoadFailure error={relations.error} />
      <DataTable
        caption="Groups"
        columns={columns}
        rows={relations.data?.relations ?? []}
        rowKey={(row) => row.id}
        loading={relations.isPending}
        emptyText="No groups."
      />
    </Panel>
  );
}
