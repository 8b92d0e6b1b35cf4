import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { routePath, superAdminCompaniesApi, type SuperAdminCompany } from '@casebridge/contracts';
import { alerts } from '../../../app/alerts-store';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';

/**
 * The company of a back-office page. A load failure shows an alert and returns to the companies list
 * (spec 3 §2.4). `id` 0 (a new company) loads nothing.
 */
export function useCompany(id: number) {
  const navigate = useNavigate();
  const [company, setCompany] = useState<SuperAdminCompany | null>(null);
  useEffect(() => {
    let current = true;
    setCompany(null);
    if (id === 0) return;
    call(superAdminCompaniesApi.company, { params: { id } }).then(
      (answer) => current && setCompany(answer.company),
      (error: unknown) => {
        if (!current) return;
        alerts.flash(errorMessage(error), 'danger');
        void navigate(routePath('super_admin.companies'));
      },
    );
    return () => {
      current = false;
    };
  }, [id, navigate]);
  return { company, setCompany };
}

/** The numeric company_id of the route; NaN for anything else (which then fails to load). */
export function companyIdParam(raw: string | undefined): number {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}
