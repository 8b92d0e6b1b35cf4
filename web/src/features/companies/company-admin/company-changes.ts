import { API } from '../../../lib/api-routes';
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
    API.adminCompany.users,
    API.adminCompany.company,
    API.adminGroups.users,
    API.adminGroups.searchUsers,
    API.adminProcesses.detail,
    API.adminProcesses.limited,
  );

/** The company's registration or sign-in settings: the company page and the users page show them. */
export const companySettingsChanged = () => invalidateEndpoints(API.adminCompany.company, API.adminCompany.users);
