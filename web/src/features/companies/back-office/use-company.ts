import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { routePath, type SuperAdminCompany } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { alerts } from '../../../app/alerts-store';
import { errorMessage } from '../../../lib/api-error';
import { apiKey, queryClient, useRecordQuery } from '../../../lib/queries';

/**
 * The company of a back-office page, read afresh on every visit (its forms take their values from it). A load
 * failure shows an alert and returns to the companies list. `id` 0 (a new company) loads nothing.
 */
export function useCompany(id: number) {
  const navigate = useNavigate();
  const { data, failed } = useRecordQuery(API.superAdminCompanies.company, { params: { id }, enabled: id !== 0 });
  useEffect(() => {
    if (!failed) return;
    alerts.flash(errorMessage(failed), 'danger');
    void navigate(routePath('super_admin.companies'));
  }, [failed, navigate]);
  return { company: id === 0 ? null : (data?.company ?? null), setCompany };
}

/** A change answered with the whole company (its status) replaces the cached one: the page shows it at once. */
function setCompany(company: SuperAdminCompany): void {
  queryClient.setQueryData(apiKey(API.superAdminCompanies.company, { id: company.id }), { company });
}

/** The numeric company_id of the route; NaN for anything else (which then fails to load). */
export function companyIdParam(raw: string | undefined): number {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}
