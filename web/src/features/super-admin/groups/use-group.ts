import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { routePath, superAdminGroupsApi, type SuperAdminGroup } from '@casebridge/contracts';
import { alerts } from '../../../app/alerts-store';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';

/**
 * The group of a back-office page. A load failure is an error alert (spec 3 §8 "Group load error") and a return
 * to the groups list. `id` 0 (a new group) loads nothing.
 */
export function useGroup(id: number) {
  const navigate = useNavigate();
  const [group, setGroup] = useState<SuperAdminGroup | null>(null);
  useEffect(() => {
    let current = true;
    setGroup(null);
    if (id === 0) return;
    call(superAdminGroupsApi.group, { params: { id } }).then(
      (answer) => current && setGroup(answer.group),
      (error: unknown) => {
        if (!current) return;
        alerts.flash(errorMessage(error), 'danger');
        void navigate(routePath('super_admin.groups'));
      },
    );
    return () => {
      current = false;
    };
  }, [id, navigate]);
  return { group, setGroup };
}

/** The numeric group_id of the route; NaN for anything else (which then fails to load). */
export function groupIdParam(raw: string | undefined): number {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

export const groupsCrumb = { label: 'Groups', to: routePath('super_admin.groups') };

/** The page of a group in the list: the partner-program view or the group form, by its type. */
export function groupDetailPath(group: { id: number; type: string }): string {
  return routePath('super_admin.group.detail', { group_id: group.id, group_type: group.type });
}
