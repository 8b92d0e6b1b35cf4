import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { type SuperAdminDepartmentRow } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import type { z } from 'zod';
import { PageFrame } from '../../../app/PageFrame';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { Breadcrumbs } from '../../../ui/Breadcrumbs';
import { companyCrumbs } from '../back-office/company-labels';
import { companyIdParam, useCompany } from '../back-office/use-company';
import { DepartmentRow } from './DepartmentRow';
import './departments.css';

type Department = z.infer<typeof SuperAdminDepartmentRow>;
interface Row {
  key: number;
  department: Department | null;
}

let nextKey = 1;
const rowOf = (department: Department | null): Row => ({ key: nextKey++, department });

/**
 * /super_admin/companies/{company_id}/departments: one editable row per department, Add New for
 * another, and an empty row when the company has none.
 */
export function DepartmentsPage() {
  const companyId = companyIdParam(useParams().company_id);
  const { company } = useCompany(Number.isNaN(companyId) ? -1 : companyId);
  const departments = useApiQuery(API.superAdminCompanies.departments, { params: { id: companyId } });
  const groups = useApiQuery(API.superAdminGroups.list);
  const documents = useApiQuery(API.superAdminCompanies.allDocuments, { params: { id: companyId } });
  const failure = departments.error ?? groups.error ?? documents.error;
  const ready = Boolean(departments.data && groups.data && documents.data);

  // The rows are the page's own once the company's data has arrived: the refetch after a save (other pages show
  // the departments too) must not drop rows still being edited.
  const [rows, setRows] = useState<Row[]>([]);
  const [seededFor, setSeededFor] = useState<string | null>(null);
  if (ready && departments.data && seededFor !== String(companyId)) {
    setSeededFor(String(companyId));
    const stored = departments.data.departments;
    setRows(stored.length ? stored.map(rowOf) : [rowOf(null)]);
  }

  const replace = (key: number, department: Department | null) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, department } : row)));
  const drop = (key: number) => setRows((current) => current.filter((row) => row.key !== key));

  return (
    <PageFrame
      title={company ? `${company.name} Departments` : 'Departments'}
      actions={
        <button type="button" className="button" onClick={() => setRows((current) => [...current, rowOf(null)])}>
          Add New
        </button>
      }
    >
      <Breadcrumbs trail={companyCrumbs(company)} current="Departments" />
      {!ready && !failure && <p className="muted">Loading…</p>}
      {failure && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(failure)}
        </p>
      )}
      {groups.data && documents.data && seededFor === String(companyId) && (
        <div className="card data-table data-table-scroll">
          <table className="departments-table">
            <caption className="visually-hidden">Departments</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Description</th>
                <th scope="col">Group</th>
                <th scope="col">Process</th>
                <th scope="col">Status</th>
                <th scope="col">Delete</th>
                <th scope="col">Save</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <DepartmentRow
                  key={row.key}
                  companyId={companyId}
                  department={row.department}
                  groups={groups.data.groups}
                  documents={documents.data.documents}
                  onSaved={(department) => replace(row.key, department)}
                  onRemoved={() => drop(row.key)}
                />
              ))}
            </tbody>
          </table>
          {rows.length === 0 && <p className="data-table-empty">No departments.</p>}
        </div>
      )}
    </PageFrame>
  );
}
