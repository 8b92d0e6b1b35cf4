import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  type DepartmentRow,
  type InternalNoteRow,
  MEMBERSHIP_LEVEL_LABELS,
  membershipLevel,
  routePath,
  type AdminCompanyResponse,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import type { z } from 'zod';
import { PageFrame } from '../../../app/PageFrame';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { ChangeRequestModal } from './ChangeRequestModal';
import { ChangeRequestsCard } from './ChangeRequestsCard';
import { CompanyInfoCard } from './CompanyInfoCard';
import { statusLabel } from './labels';
import { QueryStatus } from '../../../ui/QueryStatus';
import './company-admin.css';

type Department = z.infer<typeof DepartmentRow>;
type InternalNote = z.infer<typeof InternalNoteRow>;

const DEPARTMENT_COLUMNS: DataColumn<Department>[] = [
  { key: 'name', header: 'Name', render: (row) => row.name },
  { key: 'description', header: 'Description', render: (row) => row.description ?? '' },
  { key: 'status', header: 'Status', render: (row) => statusLabel(row.status) },
];

const NOTE_COLUMNS: DataColumn<InternalNote>[] = [
  { key: 'member', header: 'Member', render: (row) => row.member },
  { key: 'process', header: 'Process', render: (row) => row.process },
  { key: 'note', header: 'Note', render: (row) => row.note, className: 'note-cell' },
];

/** /admin/company: company info box, change requests, departments and internal notes. */
export function CompanyPage() {
  const company = useApiQuery(API.adminCompany.company);
  const notes = useApiQuery(API.adminCompany.internalNotes);

  return (
    <PageFrame title="Company">
      <QueryStatus query={company} />
      {company.data && <CompanyInfo data={company.data} />}
      {company.data && <ChangeRequestsCard />}
      {company.data && <Departments companyId={company.data.company.id} />}
      <section className="card" aria-labelledby="internal-notes-title">
        <h2 id="internal-notes-title">Internal Notes</h2>
        {notes.isError && (
          <p className="notice notice-warning" role="alert">
            {queryErrorText(notes.error)}
          </p>
        )}
        <DataTable
          caption="Internal notes"
          columns={NOTE_COLUMNS}
          rows={notes.data?.notes ?? []}
          rowKey={(row) => row.id}
          loading={notes.isPending}
          emptyText="No internal notes."
        />
      </section>
    </PageFrame>
  );
}

function CompanyInfo({ data }: { data: AdminCompanyResponse }) {
  const [contactOpen, setContactOpen] = useState(false);
  const { company, links } = data;
  return (
    <CompanyInfoCard
      company={company}
      actions={
        <>
          {links.registration && (
            <Link className="button button-secondary button-small" to={routePath('admin.company.registration')}>
              User Registration
            </Link>
          )}
          {links.sso && (
            <Link className="button button-secondary button-small" to={routePath('admin.company.sso')}>
              Single Sign-On Setup
            </Link>
          )}
          {company.membership_type === 'limited' && (
            <Link className="button button-secondary button-small" to={routePath('admin.limited_process')}>
              Limited Process
            </Link>
          )}
          {links.change_request && (
            <button type="button" className="button button-small" onClick={() => setContactOpen(true)}>
              Contact
            </button>
          )}
        </>
      }
      summary={
        <>
          <dt>Membership</dt>
          <dd>{MEMBERSHIP_LEVEL_LABELS[membershipLevel(company.membership_type)]}</dd>
          <dt>Status</dt>
          <dd>{statusLabel(company.status)}</dd>
          <dt>Login Method</dt>
          <dd>{company.login_method_label}</dd>
        </>
      }
    >
      {contactOpen && <ChangeRequestModal onClose={() => setContactOpen(false)} />}
    </CompanyInfoCard>
  );
}

function Departments({ companyId }: { companyId: number }) {
  const departments = useApiQuery(API.adminCompany.departments, { params: { id: companyId } });
  return (
    <section className="card" aria-labelledby="departments-title">
      <h2 id="departments-title">Departments</h2>
      {departments.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(departments.error)}
        </p>
      )}
      <DataTable
        caption="Departments"
        columns={DEPARTMENT_COLUMNS}
        rows={departments.data?.departments ?? []}
        rowKey={(row) => row.id}
        loading={departments.isPending}
        emptyText="No departments."
      />
    </section>
  );
}
