import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  MESSAGES,
  routePath,
  superAdminUsersApi,
  type Country,
  type GroupOption,
  type ResponseOf,
  type SuperAdminUser,
} from '@casebridge/contracts';
import { alerts } from '../../../app/alerts-store';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';

export interface UserEditorData {
  company: ResponseOf<typeof superAdminUsersApi.formData>['company'];
  countries: Country[];
  roles: ResponseOf<typeof superAdminUsersApi.formData>['roles'];
  /** Null for a new user. */
  user: SuperAdminUser | null;
  communities: GroupOption[];
}

/**
 * Loads what the user form needs: the user (unless new) and the choices of its company. The company comes from
 * the path (super_admin.user.edit) or from the user (super_admin.user.manage). A failed load shows a warning and
 * returns to the users list (spec 3 §2.8).
 */
export function useUserEditorData(userId: number, companyId: number | null, reloadKey: unknown) {
  const navigate = useNavigate();
  const [data, setData] = useState<UserEditorData | null>(null);

  useEffect(() => {
    let alive = true;
    setData(null);
    const load = async (): Promise<UserEditorData> => {
      if (!Number.isInteger(userId) || userId < 0) throw new Error(MESSAGES.unknownError);
      const loaded = userId > 0 ? await call(superAdminUsersApi.user, { params: { id: userId } }) : null;
      const company = companyId ?? loaded?.user.company.id;
      if (!company || !Number.isInteger(company)) throw new Error(MESSAGES.unknownError);
      const formData = await call(superAdminUsersApi.formData, { params: { company_id: company } });
      return { ...formData, user: loaded?.user ?? null, communities: loaded?.communities ?? [] };
    };
    load().then(
      (loaded) => alive && setData(loaded),
      (error: unknown) => {
        if (!alive) return;
        alerts.flash(errorMessage(error), 'warning');
        void navigate(routePath('super_admin.list_users'));
      },
    );
    return () => {
      alive = false;
    };
  }, [userId, companyId, navigate, reloadKey]);

  return data;
}
