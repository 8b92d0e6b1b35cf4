import {
  superAdminCompaniesApi as companies,
  superAdminDepartmentsApi as departments,
  superAdminDocumentsApi as documents,
  superAdminGroupsApi as groups,
  superAdminOnboardingApi as onboarding,
} from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { invalidateEndpoints, markEndpointsStale } from '../../lib/queries';

/*
 * What a back-office change makes stale: every cached read whose answer it alters, on the page that made it and
 * on the others (lists, panels, selects). Reads on screen are asked again at once, the others when next shown.
 */

/** A company's own fields (name, status) changed, or the company was deleted: the lists and selects naming it. */
export const companiesChanged = () =>
  invalidateEndpoints(companies.list, companies.options, groups.list, groups.partners, groups.documents);

/** A user of a company added, edited, enabled, disabled, deleted, approved or rejected. */
export const companyUsersChanged = () =>
  invalidateEndpoints(
    companies.users,
    companies.list,
    companies.managers,
    departments.users,
    departments.relation,
    documents.formData,
  );

/** A department saved or deleted: its own list, the selects offering it and the rows naming it. */
export const departmentsChanged = () =>
  invalidateEndpoints(
    companies.departments,
    companies.docsAndDepts,
    companies.relations,
    companies.documents,
    groups.partners,
    documents.formData,
  );

/** A company joined, left or changed its place in a group (a relation; a group's partners are relations). */
export const relationsChanged = () =>
  invalidateEndpoints(
    companies.relations,
    companies.groups,
    companies.list,
    companies.documents,
    groups.list,
    groups.partners,
    departments.relation,
    departments.users,
    documents.formData,
  );

/** A process document saved or deleted. */
export const processesChanged = () =>
  Promise.all([
    invalidateEndpoints(
      companies.documents,
      companies.allDocuments,
      companies.docsAndDepts,
      companies.departments,
      companies.relations,
      groups.partners,
      documents.sample,
      documents.parentFormData,
    ),
    // Only its editor reads the document itself, and a save or delete leaves the editor.
    markEndpointsStale(documents.document),
  ]).then(() => undefined);

/** A group saved or deleted: its name, host and Teams connection, and its relations (the host is one). */
export const groupsChanged = () =>
  Promise.all([relationsChanged(), invalidateEndpoints(companies.departments, API.teams.link)]).then(() => undefined);

/** An onboarding session saved or decided; an approval creates or changes a company, its users, process and group. */
export const onboardingChanged = (approved: boolean) =>
  Promise.all([
    // Only the review page reads a session, and a decision leaves it.
    markEndpointsStale(onboarding.session),
    invalidateEndpoints(onboarding.queue),
    ...(approved ? [companiesChanged(), companyUsersChanged(), relationsChanged(), processesChanged()] : []),
  ]).then(() => undefined);
