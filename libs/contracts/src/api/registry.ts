import { apiTokensApi } from './api-tokens';
import { accountApi, authApi, landingApi } from './auth';
import type { Endpoint } from './endpoint';
import { exportsApi } from './exports';
import { reportsApi } from './reports';
import { dashboardApi } from './member/dashboard';
import { documentsApi } from './member/documents';
import { caseApi, managerApi } from './member/cases';
import { profileApi } from './member/profile';
import { systemApi } from './system';
import { webhooksApi } from './webhooks';
import { adminCompanyApi } from './admin/company';
import { adminProcessesApi } from './admin/processes';
import { adminGroupsApi } from './admin/groups';
import { adminSsoApi, samlApi } from './admin/sso';
import { superAdminCompaniesApi } from './super-admin/companies';
import { superAdminUsersApi } from './super-admin/users';
import { superAdminGroupsApi } from './super-admin/groups';
import { onboardingApi } from './onboarding';

/** Every endpoint of the api, grouped by area. /api/docs and the route-coverage test read this. */
export const API = {
  system: systemApi,
  auth: authApi,
  account: accountApi,
  landing: landingApi,
  dashboard: dashboardApi,
  documents: documentsApi,
  cases: caseApi,
  manager: managerApi,
  profile: profileApi,
  webhooks: webhooksApi,
  apiTokens: apiTokensApi,
  exports: exportsApi,
  reports: reportsApi,
  adminCompany: adminCompanyApi,
  adminProcesses: adminProcessesApi,
  adminGroups: adminGroupsApi,
  adminSso: adminSsoApi,
  saml: samlApi,
  superAdminCompanies: superAdminCompaniesApi,
  superAdminUsers: superAdminUsersApi,
  superAdminGroups: superAdminGroupsApi,
  onboarding: onboardingApi,
} as const;

export function allEndpoints(): Endpoint[] {
  return Object.values(API).flatMap((group) => Object.values(group) as Endpoint[]);
}
