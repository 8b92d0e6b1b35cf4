import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { superAdminCompaniesApi, superAdminGroupsApi, type SuperAdminDepartmentRow } from '@casebridge/contracts';
import type { z } from 'zod';
import { PageFrame } from '../../../app/PageFrame';
import { call } from '../../../lib/api';
import { useAsync } from '../../../lib/use-async';
import { Breadcrumbs } from '../companies/Breadcrumbs';
import { companyCrumbs } from '../companies/company-labels';
import { companyIdParam, useCompany } from '../companies/use-company';
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
 * /super_admin/companies/{company_id}/departments (spec 3 §2.6): one editable row per department, Add New for
 * another, and an empty row when the company has none.
 */
export function DepartmentsPage() {
  const companyId = companyIdParam(useParams().company_id);
  const { company } = useCompany(Number.isNaN(companyId) ? -1 : companyId);
  const loaded = useAsync(
    () =>
      Promise.all([
        call(superAdminCompaniesApi.departments, { params: { id: companyId } }),
        call(superAdminGroupsApi.list),
        call(superAdminCompaniesApi.allDocuments, { params: { id: companyId } }),
      ]),
    [companyId],
  );
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    if (loaded.status !== 'ready') return;
    const departments = loaded.data[0].departments;
    setRows(departments.length ? departments.map(rowOf) : [rowOf(null)]);
  }, [loaded]);

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
      {loaded.status === 'loading' && <p className="muted">Loading…</p>}
      {loaded.status === 'failed' && (
        <p className="notice notice-warning" role="alert">
          {loaded.error}
        </p>
      )}
      {loaded.status === 'ready' && (
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
                  groups={loaded.data[1].groups}
                  documents={loaded.data[2].documents}
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
