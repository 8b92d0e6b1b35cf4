import { apiTokensApi } from './api-tokens';
import { accountApi, authApi, landingApi } from './auth';
import type { Endpoint } from './endpoint';
import { exportsApi } from './exports';
import { reportsApi } from './reports';
import { dashboardApi } from './member/dashboard';
import { documentsApi } from './member/documents';
import { attentionApi } from './member/attention';
import { caseApi } from './member/cases';
import { managerApi } from './member/manager-requests';
import { profileApi } from './member/profile';
import { mailPreferencesApi } from './member/mail-preferences';
import { systemApi } from './system';
import { webhooksApi } from './webhooks';
import { adminCompanyApi } from './admin/company';
import { changeRequestsApi } from './change-requests';
import { adminProcessesApi } from './admin/processes';
import { adminGroupsApi } from './admin/groups';
import { adminSsoApi, samlApi } from './admin/sso';
import { superAdminCompaniesApi } from './super-admin/companies';
import { superAdminUsersApi } from './super-admin/users';
import { superAdminGroupsApi } from './super-admin/groups';
import { superAdminDocumentsApi } from './super-admin/documents';
import { superAdminDepartmentsApi } from './super-admin/departments';
import { onboardingApi } from './onboarding';
import { superAdminReportsApi } from './super-admin/reports';
import { superAdminEmailTemplatesApi } from './super-admin/email-templates';
import { teamsApi } from './teams';
import { superAdminOnboardingApi } from './super-admin/onboarding';
import { superAdminEscalationApi } from './super-admin/escalation';
import { superAdminQueueDashboardApi } from './super-admin/queue-dashboard';
import { connectAttachmentsApi } from './v1/attachments';
import { connectCasesApi } from './v1/collaboration-requests';
import { connectEventsApi } from './v1/events';
import { connectIdentityApi } from './v1/identity';
import { connectIntakeApi } from './v1/intake';
import { oauthApi, oauthClientsApi } from './v1/oauth';
import { connectPartnersApi } from './v1/partners';
import { connectWebhooksApi } from './v1/webhooks';

/** Every endpoint of the api, grouped by area. /api/docs and the route-coverage test read this. */
export const API = {
  system: systemApi,
  auth: authApi,
  account: accountApi,
  landing: landingApi,
  dashboard: dashboardApi,
  documents: documentsApi,
  cases: caseApi,
  attention: attentionApi,
  manager: managerApi,
  profile: profileApi,
  mailPreferences: mailPreferencesApi,
  webhooks: webhooksApi,
  apiTokens: apiTokensApi,
  exports: exportsApi,
  reports: reportsApi,
  adminCompany: adminCompanyApi,
  changeRequests: changeRequestsApi,
  adminProcesses: adminProcessesApi,
  adminGroups: adminGroupsApi,
  adminSso: adminSsoApi,
  saml: samlApi,
  superAdminCompanies: superAdminCompaniesApi,
  superAdminUsers: superAdminUsersApi,
  superAdminGroups: superAdminGroupsApi,
  superAdminDocuments: superAdminDocumentsApi,
  superAdminDepartments: superAdminDepartmentsApi,
  onboarding: onboardingApi,
  superAdminReports: superAdminReportsApi,
  superAdminEmailTemplates: superAdminEmailTemplatesApi,
  teams: teamsApi,
  superAdminOnboarding: superAdminOnboardingApi,
  superAdminEscalation: superAdminEscalationApi,
  superAdminQueueDashboard: superAdminQueueDashboardApi,
  /** The integration API (Casebridge Connect v1), served under /api/v1 with its own OpenAPI document. */
  oauthClients: oauthClientsApi,
  oauth: oauthApi,
  connectIdentity: connectIdentityApi,
  connectEvents: connectEventsApi,
  connectPartners: connectPartnersApi,
  connectCases: connectCasesApi,
  connectIntake: connectIntakeApi,
  connectAttachments: connectAttachmentsApi,
  connectWebhooks: connectWebhooksApi,
} as const;

export function allEndpoints(): Endpoint[] {
  return Object.values(API).flatMap((group) => Object.values(group) as Endpoint[]);
}
