import type { ComponentType } from 'react';
import type { RouteName } from '@casebridge/contracts';

type PageLoader = () => Promise<ComponentType>;

/**
 * The page of each named route, each in its own chunk: the first load only fetches the page it shows (Lighthouse
 * found most of the single bundle unused). Every route has its page: a new route name does not compile until it
 * is given one here.
 */
const PAGES: Record<RouteName, PageLoader> = {
  home: () => import('../features/landing/HomePage').then((module) => module.HomePage),
  'home-with-slug': () => import('../features/landing/CompanyLandingPage').then((module) => module.CompanyLandingPage),
  dashboard: () => import('../features/dashboard/DashboardPage').then((module) => module.DashboardPage),
  'submit-case': () => import('../features/submit-case/SubmitCasePage').then((module) => module.SubmitCasePage),
  profile: () => import('../features/profile/ProfilePage').then((module) => module.ProfilePage),
  auto_login: () => import('../features/auth/AutoLoginPage').then((module) => module.AutoLoginPage),
  reset_password: () => import('../features/auth/ResetPasswordPage').then((module) => module.ResetPasswordPage),
  verify_account: () => import('../features/auth/VerifyAccountPage').then((module) => module.VerifyAccountPage),
  account_approval: () => import('../features/auth/AccountApprovalPage').then((module) => module.AccountApprovalPage),
  confirm_email: () => import('../features/auth/ConfirmEmailPage').then((module) => module.ConfirmEmailPage),
  'auth.logout': () => import('../features/auth/LogoutPage').then((module) => module.LogoutPage),
  '404': () => import('../features/errors/NotFoundPage').then((module) => module.NotFoundPage),
  'super_admin.dashboard': () =>
    import('../features/dashboard/SuperAdminDashboardPage').then((module) => module.SuperAdminDashboardPage),
  'super_admin.user.manage': () =>
    import('../features/super-admin/UserManagePage').then((module) => module.UserManagePage),
  'super_admin.user.edit': () =>
    import('../features/super-admin/users/UserEditPage').then((module) => module.UserEditPage),
  'super_admin.list_users': () =>
    import('../features/super-admin/users/InactiveUsersPage').then((module) => module.InactiveUsersPage),
  'super_admin.companies': () =>
    import('../features/super-admin/companies/CompaniesPage').then((module) => module.CompaniesPage),
  'super_admin.company.detail': () =>
    import('../features/super-admin/companies/CompanyDetailPage').then((module) => module.CompanyDetailPage),
  'super_admin.company.edit': () =>
    import('../features/super-admin/companies/CompanyFormPage').then((module) => module.CompanyFormPage),
  'super_admin.company.registration': () =>
    import('../features/super-admin/companies/CompanyRegistrationPage').then(
      (module) => module.CompanyRegistrationPage,
    ),
  'super_admin.groups': () => import('../features/super-admin/groups/GroupsPage').then((module) => module.GroupsPage),
  'super_admin.group.edit': () =>
    import('../features/super-admin/groups/GroupEditPage').then((module) => module.GroupEditPage),
  'super_admin.group.detail': () =>
    import('../features/super-admin/groups/GroupDetailPage').then((module) => module.GroupDetailPage),
  'super_admin.document.edit': () =>
    import('../features/super-admin/documents/DocumentEditPage').then((module) => module.DocumentEditPage),
  'super_admin.inbound_process.test': () =>
    import('../features/super-admin/documents/DocumentTestPage').then((module) => module.DocumentTestPage),
  'super_admin.company.departments': () =>
    import('../features/super-admin/departments/DepartmentsPage').then((module) => module.DepartmentsPage),
  'super_admin.company.groups.edit': () =>
    import('../features/super-admin/group-access/GroupAccessPage').then((module) => module.GroupAccessPage),
  cases: () => import('../features/cases/MyCasesPage').then((module) => module.MyCasesPage),
  'case-info': () => import('../features/cases/CaseDetailPage').then((module) => module.CaseDetailPage),
  'admin.case-info': () => import('../features/cases/CaseDetailPage').then((module) => module.CaseDetailPage),
  'case-response': () => import('../features/case-public/CaseRespondPage').then((module) => module.CaseRespondPage),
  'case-provide-information': () =>
    import('../features/case-public/ProvideInformationPage').then((module) => module.ProvideInformationPage),
  'case-info-base-response': () =>
    import('../features/case-public/CaseStatusPage').then((module) => module.CaseStatusPage),
  'manager.response': () =>
    import('../features/manager-response/ManagerResponsePage').then((module) => module.ManagerResponsePage),
  'admin.reports': () => import('../features/reports/ReportsPage').then((module) => module.ReportsPage),
  'admin.company': () => import('../features/admin-company/CompanyPage').then((module) => module.CompanyPage),
  'admin.company.registration': () =>
    import('../features/admin-company/RegistrationSettingsPage').then((module) => module.RegistrationSettingsPage),
  'admin.company.sso': () => import('../features/admin-sso/SsoSettingsPage').then((module) => module.SsoSettingsPage),
  'admin.users': () => import('../features/admin-company/UsersPage').then((module) => module.UsersPage),
  'admin.user.manage': () =>
    import('../features/admin-company/CompanyUserManagePage').then((module) => module.CompanyUserManagePage),
  'admin.inbound_process': () =>
    import('../features/admin-processes/InboundProcessListPage').then((module) => module.InboundProcessListPage),
  'admin.inbound_process.manage': () =>
    import('../features/admin-processes/ProcessDetailsPage').then((module) => module.ProcessDetailsPage),
  'admin.inbound_process.test': () =>
    import('../features/admin-processes/ProcessTestPage').then((module) => module.ProcessTestPage),
  'admin.limited_process': () =>
    import('../features/admin-processes/LimitedProcessPage').then((module) => module.LimitedProcessPage),
  'admin.partner_groups': () =>
    import('../features/admin-groups/PartnerGroupsPage').then((module) => module.PartnerGroupsPage),
  'admin.partner_groups.manage': () =>
    import('../features/admin-groups/PartnerGroupPage').then((module) => module.PartnerGroupPage),
  'admin.partner_groups.users': () =>
    import('../features/admin-groups/GroupUsersPage').then((module) => module.GroupUsersPage),
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
    import('../features/super-admin/onboarding/OnboardingReviewPage').then((module) => module.OnboardingReviewPage),
  'super_admin.cases.case_info': () =>
    import('../features/super-admin/cases/SuperAdminCaseInfoPage').then((module) => module.SuperAdminCaseInfoPage),
  'super_admin.reports': () =>
    import('../features/super-admin/reports/SuperAdminReportsPage').then((module) => module.SuperAdminReportsPage),
  'super_admin.email_templates': () =>
    import('../features/super-admin/email-templates/EmailTemplatesPage').then((module) => module.EmailTemplatesPage),
  'super_admin.email_template.edit': () =>
    import('../features/super-admin/email-templates/EmailTemplateEditPage').then(
      (module) => module.EmailTemplateEditPage,
    ),
  'msteams.connected': () => import('../features/teams/TeamsConnectedPage').then((module) => module.TeamsConnectedPage),
};

/** The page component of a route, loaded on first use (the router awaits it beside the route's guard). */
export function loadRoutePage(name: RouteName): Promise<ComponentType> {
  return PAGES[name]();
}
