import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  MESSAGES,
  routePath,
  type Country,
  type GroupOption,
  type ResponseOf,
  type SuperAdminUser,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { alerts } from '../../../app/alerts-store';
import { errorMessage } from '../../../lib/api-error';
import { useRecordQuery } from '../../../lib/queries';

export interface UserEditorData {
  company: ResponseOf<typeof API.superAdminUsers.formData>['company'];
  countries: Country[];
  roles: ResponseOf<typeof API.superAdminUsers.formData>['roles'];
  /** Null for a new user. */
  user: SuperAdminUser | null;
  communities: GroupOption[];
}

const isId = (value: number | undefined): value is number => value !== undefined && Number.isInteger(value);

/**
 * Loads what the user form needs, afresh on every visit: the user (unless new) and the choices of its company. The
 * company comes from the path (super_admin.user.edit) or from the user (super_admin.user.manage). A failed load
 * shows a warning and returns to the users list.
 */
export function useUserEditorData(userId: number, companyId: number | null): UserEditorData | null {
  const navigate = useNavigate();
  const validUser = isId(userId) && userId >= 0;
  const loaded = useRecordQuery(API.superAdminUsers.user, { params: { id: userId }, enabled: validUser && userId > 0 });
  const user = userId > 0 ? (loaded.data ?? null) : null;
  // Known once the user is in (or at once from the path); a zero or broken id is a failed load, as before.
  const company = companyId ?? user?.user.company.id;
  const companyKnown = validUser && (userId === 0 || user !== null || companyId !== null);
  const validCompany = companyKnown && isId(company) && company !== 0;
  const formData = useRecordQuery(API.superAdminUsers.formData, {
    params: { company_id: validCompany ? company : 0 },
    enabled: validCompany,
  });
  const failed =
    !validUser || (companyKnown && !validCompany)
      ? new Error(MESSAGES.unknownError)
      : (loaded.failed ?? formData.failed);

  const failure = failed ? errorMessage(failed) : null;
  useEffect(() => {
    if (failure === null) return;
    alerts.flash(failure, 'warning');
    void navigate(routePath('super_admin.list_users'));
  }, [failure, navigate]);

  if (!formData.data || (userId > 0 && !user)) return null;
  return { ...formData.data, user: user?.user ?? null, communities: user?.communities ?? [] };
}
