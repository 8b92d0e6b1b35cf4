import { useParams } from 'react-router-dom';
import { PageFrame } from '../../../app/PageFrame';
import { Breadcrumbs } from '../../../ui/Breadcrumbs';
import { ChangeRequestsPanel } from './ChangeRequestsPanel';
import { CompanyInfoBox } from './CompanyInfoBox';
import { DepartmentsPanel, GroupsPanel, ProcessFormsPanel, UsersPanel } from './CompanyPanels';
import { companyCrumbs } from './company-labels';
import { companyIdParam, useCompany } from './use-company';

/**
 * /super_admin/companies/{company_id}: the info box and the Change Requests, Users, Departments, Process Forms and
 * Groups panels.
 */
export function CompanyDetailPage() {
  const id = companyIdParam(useParams().company_id);
  // NaN never matches a company: the failed load returns to the list.
  const { company, setCompany } = useCompany(Number.isNaN(id) ? -1 : id);
  return (
    <PageFrame title={company?.name ?? 'Company'}>
      <Breadcrumbs trail={companyCrumbs(null)} current={company?.name ?? 'Company'} />
      {!company && <p className="muted">Loading…</p>}
      {company && (
        <>
          <CompanyInfoBox company={company} onChanged={setCompany} />
          <ChangeRequestsPanel companyId={company.id} />
          <UsersPanel companyId={company.id} />
          <DepartmentsPanel companyId={company.id} />
          <ProcessFormsPanel companyId={company.id} />
          <GroupsPanel companyId={company.id} />
        </>
      )}
    </PageFrame>
  );
}
