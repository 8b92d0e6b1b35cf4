import type { ComponentType } from 'react';
import type { RouteName } from '@casebridge/contracts';

type PageLoader = () => Promise<ComponentType>;

/**
 * The page of each named route, each in its own chunk: the first load only fetches the page it shows (Lighthouse
 * found most of the single bundle unused). Every route has its page: a new route name does not compile until it
 * is given one here.
 */
const PAGES: Record<RouteName, PageLoader> = {
  home: () => import('../features/accounts/landing/HomePage').then((module) => module.HomePage),
  'home-with-slug': () =>
    import('../features/accounts/landing/CompanyLandingPage').then((module) => module.CompanyLandingPage),
  dashboard: () => import('../features/directory/DashboardPage').then((module) => module.DashboardPage),
  'submit-case': () => import('../features/cases/submissions/SubmitCasePage').then((module) => module.SubmitCasePage),
  profile: () => import('../features/accounts/profile/ProfilePage').then((module) => module.ProfilePage),
  auto_login: () => import('../features/accounts/sessions/AutoLoginPage').then((module) => module.AutoLoginPage),
  reset_password: () =>
    import('../features/accounts/sessions/ResetPasswordPage').then((module) => module.ResetPasswordPage),
  verify_account: () =>
    import('../features/accounts/sessions/VerifyAccountPage').then((module) => module.VerifyAccountPage),
  account_approval: () =>
    import('../features/accounts/sessions/AccountApprovalPage').then((module) => module.AccountApprovalPage),
  confirm_email: () =>
    import('../features/accounts/sessions/ConfirmEmailPage').then((module) => module.ConfirmEmailPage),
  'auth.logout': () => import('../features/accounts/sessions/LogoutPage').then((module) => module.LogoutPage),
  '404': () => import('../features/errors/NotFoundPage').then((module) => module.NotFoundPage),
  'super_admin.dashboard': () =>
    import('../features/back-office/SuperAdminDashboardPage').then((module) => module.SuperAdminDashboardPage),
  'super_admin.user.manage': () =>
    import('../features/companies/back-office-users/UserManagePage').then((module) => module.UserManagePage),
  'super_admin.user.edit': () =>
    import('../features/companies/back-office-users/UserEditPage').then((module) => module.UserEditPage),
  'super_admin.list_users': () =>
    import('../features/companies/back-office-users/InactiveUsersPage').then((module) => module.InactiveUsersPage),
  'super_admin.companies': () =>
    import('../features/companies/back-office/CompaniesPage').then((module) => module.CompaniesPage),
  'super_admin.company.detail': () =>
    import('../features/companies/back-office/CompanyDetailPage').then((module) => module.CompanyDetailPage),
  'super_admin.company.edit': () =>
    import('../features/companies/back-office/CompanyFormPage').then((module) => module.CompanyFormPage),
  'super_admin.company.registration': () =>
    import('../features/companies/back-office/CompanyRegistrationPage').then(
      (module) => module.CompanyRegistrationPage,
    ),
  'super_admin.groups': () => import('../features/groups/back-office/GroupsPage').then((module) => module.GroupsPage),
  'super_admin.group.edit': () =>
    import('../features/groups/back-office/GroupEditPage').then((module) => module.GroupEditPage),
  'super_admin.group.detail': () =>
    import('../features/groups/back-office/GroupDetailPage').then((module) => module.GroupDetailPage),
  'super_admin.document.edit': () =>
    import('../features/processes/back-office/DocumentEditPage').then((module) => module.DocumentEditPage),
  'super_admin.inbound_process.test': () =>
    import('../features/processes/back-office/DocumentTestPage').then((module) => module.DocumentTestPage),
  'super_admin.company.departments': () =>
    import('../features/companies/departments/DepartmentsPage').then((module) => module.DepartmentsPage),
  'super_admin.company.groups.edit': () =>
    import('../features/groups/back-office/GroupAccessPage').then((module) => module.GroupAccessPage),
  cases: () => import('../features/cases/MyCasesPage').then((module) => module.MyCasesPage),
  'case-info': () => import('../features/cases/CaseDetailPage').then((module) => module.CaseDetailPage),
  'case-sent': () => import('../features/cases/submissions/CaseSentPage').then((module) => module.CaseSentPage),
  'admin.case-info': () => import('../features/cases/CaseDetailPage').then((module) => module.CaseDetailPage),
  'case-response': () =>
    import('../features/cases/token-pages/CaseRespondPage').then((module) => module.CaseRespondPage),
  'case-provide-information': () =>
    import('../features/cases/token-pages/ProvideInformationPage').then((module) => module.ProvideInformationPage),
  'case-info-base-response': () =>
    import('../features/cases/token-pages/CaseStatusPage').then((module) => module.CaseStatusPage),
  'manager.response': () =>
    import('../features/cases/manager-requests/ManagerResponsePage').then((module) => module.ManagerResponsePage),
  'admin.reports': () => import('../features/reports/ReportsPage').then((module) => module.ReportsPage),
  'admin.company': () => import('../features/companies/company-admin/CompanyPage').then((module) => module.CompanyPage),
  'admin.company.registration': () =>
    import('../features/companies/company-admin/RegistrationSettingsPage').then(
      (module) => module.RegistrationSettingsPage,
    ),
  'admin.company.sso': () =>
    import('../features/companies/sso/SsoSettingsPage').then((module) => module.SsoSettingsPage),
  'admin.users': () => import('../features/companies/company-admin/UsersPage').then((module) => module.UsersPage),
  'admin.user.manage': () =>
    import('../features/companies/company-admin/CompanyUserManagePage').then((module) => module.CompanyUserManagePage),
  'admin.inbound_process': () =>
    import('../features/processes/company-admin/InboundProcessListPage').then(
      (module) => module.InboundProcessListPage,
    ),
  'admin.inbound_process.manage': () =>
    import('../features/processes/company-admin/ProcessDetailsPage').then((module) => module.ProcessDetailsPage),
  'admin.inbound_process.test': () =>
    import('../features/processes/company-admin/ProcessTestPage').then((module) => module.ProcessTestPage),
  'admin.limited_process': () =>
    import('../features/processes/company-admin/LimitedProcessPage').then((module) => module.LimitedProcessPage),
  'admin.partner_groups': () =>
    import('../features/groups/company-admin/PartnerGroupsPage').then((module) => module.PartnerGroupsPage),
  'admin.partner_groups.manage': () =>
    import('../features/groups/company-admin/PartnerGroupPage').then((module) => module.PartnerGroupPage),
  'admin.partner_groups.users': () =>
    import('../features/groups/company-admin/GroupUsersPage').then((module) => module.GroupUsersPage),
  'admin.integrations': () =>
    import('../features/integrations/IntegrationsPage').then((module) => module.IntegrationsPage),
  'onboarding.home': () =>
    import('../features/onboarding/OnboardingHomePage').then((module) => module.OnboardingHomePage),
  'onboarding.contact': () => import('../features/onboarding/ContactPage').then((module) => module.ContactPage),
  'onboarding.agreements': () =>
    import('../features/onboarding/AgreementsPage').then((module) => module.AgreementsPage),
  'onboarding.process': () => import('../features/onboarding/ProcessPage').then((module) => module.ProcessPage),
  'onboarding.choose-process': () =>
    import('../features/onboarding/ChooseProcessPage').then((module) => module.ChooseProcessPage),
  'onboarding.basic-premium': () =>
    import('../features/onboarding/BasicPremiumPage').then((module) => module.BasicPremiumPage),
  'onboarding.success': () => import('../features/onboarding/SuccessPage').then((module) => module.SuccessPage),
  'onboarding.restore': () => import('../features/onboarding/RestorePage').then((module) => module.RestorePage),
  'super_admin.onboarding.session': () =>
    import('../features/onboarding/back-office/OnboardingReviewPage').then((module) => module.OnboardingReviewPage),
  'super_admin.cases.case_info': () =>
    import('../features/cases/back-office/SuperAdminCaseInfoPage').then((module) => module.SuperAdminCaseInfoPage),
  'super_admin.reports': () =>
    import('../features/reports/back-office/SuperAdminReportsPage').then((module) => module.SuperAdminReportsPage),
  'super_admin.email_templates': () =>
    import('../features/email-templates/EmailTemplatesPage').then((module) => module.EmailTemplatesPage),
  'super_admin.email_template.edit': () =>
    import('../features/email-templates/EmailTemplateEditPage').then((module) => module.EmailTemplateEditPage),
  'msteams.connected': () =>
    import('../features/integrations/TeamsConnectedPage').then((module) => module.TeamsConnectedPage),
};

/** The page component of a route, loaded on first use (the router awaits it beside the route's guard). */
export function loadRoutePage(name: RouteName): Promise<ComponentType> {
  return PAGES[name]();
}
