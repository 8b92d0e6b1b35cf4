import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { routePath } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { alerts } from '../../../app/alerts-store';
import { errorMessage } from '../../../lib/api-error';
import { useRecordQuery } from '../../../lib/queries';

/**
 * The group of a back-office page, read afresh on every visit (the group form takes its values from it). A load
 * failure is an error alert and a return to the groups list. `id` 0 (a new group)
 * loads nothing.
 */
export function useGroup(id: number) {
  const navigate = useNavigate();
  const { data, failed } = useRecordQuery(API.superAdminGroups.group, { params: { id }, enabled: id !== 0 });
  useEffect(() => {
    if (!failed) return;
    alerts.flash(errorMessage(failed), 'danger');
    void navigate(routePath('super_admin.groups'));
  }, [failed, navigate]);
  return { group: id === 0 ? null : (data?.group ?? null) };
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
