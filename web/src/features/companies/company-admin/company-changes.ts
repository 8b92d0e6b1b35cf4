import { adminCompanyApi, adminGroupsApi, adminProcessesApi } from '@casebridge/contracts';
import { invalidateEndpoints } from '../../../lib/queries';

/*
 * What a company admin's change makes stale: every cached read whose answer it alters, on this page and on the
 * others. Reads on screen are asked again at once, the others when next shown.
 */

/**
 * A user of the company added, edited, enabled, disabled, deleted or approved: the users list, the signup manager
 * choices, group access, and the escalation contacts of the processes.
 */
export const companyUsersChanged = () =>
  invalidateEndpoints(
    adminCompanyApi.users,
    adminCompanyApi.company,
    adminGroupsApi.users,
    adminGroupsApi.searchUsers,
    adminProcessesApi.detail,
    adminProcessesApi.limited,
  );

/** The company's registration or sign-in settings: the company page and the users page show them. */
export const companySettingsChanged = () => invalidateEndpoints(adminCompanyApi.company, adminCompanyApi.users);
