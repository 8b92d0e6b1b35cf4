import type { ComponentType } from 'react';
import type { RouteName } from '@casebridge/contracts';
import { AccountApprovalPage } from '../features/auth/AccountApprovalPage';
import { AutoLoginPage } from '../features/auth/AutoLoginPage';
import { LogoutPage } from '../features/auth/LogoutPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { VerifyAccountPage } from '../features/auth/VerifyAccountPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { SuperAdminDashboardPage } from '../features/dashboard/SuperAdminDashboardPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { RouteFramePage } from '../features/frames/RouteFramePage';
import { CompanyLandingPage } from '../features/landing/CompanyLandingPage';
import { HomePage } from '../features/landing/HomePage';
import { UserManagePage } from '../features/super-admin/UserManagePage';
import { InactiveUsersPage } from '../features/super-admin/users/InactiveUsersPage';
import { UserEditPage } from '../features/super-admin/users/UserEditPage';
import { CompaniesPage } from '../features/super-admin/companies/CompaniesPage';
import { CompanyDetailPage } from '../features/super-admin/companies/CompanyDetailPage';
import { CompanyFormPage } from '../features/super-admin/companies/CompanyFormPage';
import { CompanyRegistrationPage } from '../features/super-admin/companies/CompanyRegistrationPage';
import { GroupsPage } from '../features/super-admin/groups/GroupsPage';
import { GroupEditPage } from '../features/super-admin/groups/GroupEditPage';
import { GroupDetailPage } from '../features/super-admin/groups/GroupDetailPage';
import { DocumentEditPage } from '../features/super-admin/documents/DocumentEditPage';
import { DocumentTestPage } from '../features/super-admin/documents/DocumentTestPage';
import { DepartmentsPage } from '../features/super-admin/departments/DepartmentsPage';
import { GroupAccessPage } from '../features/super-admin/group-access/GroupAccessPage';
import { SubmitCasePage } from '../features/submit-case/SubmitCasePage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { CaseRespondPage } from '../features/case-public/CaseRespondPage';
import { CaseStatusPage } from '../features/case-public/CaseStatusPage';
import { ProvideInformationPage } from '../features/case-public/ProvideInformationPage';
import { CaseDetailPage } from '../features/cases/CaseDetailPage';
import { MyCasesPage } from '../features/cases/MyCasesPage';
import { ManagerResponsePage } from '../features/manager-response/ManagerResponsePage';
import { ReportsPage } from '../features/reports/ReportsPage';
import { CompanyPage } from '../features/admin-company/CompanyPage';
import { CompanyUserManagePage } from '../features/admin-company/CompanyUserManagePage';
import { RegistrationSettingsPage } from '../features/admin-company/RegistrationSettingsPage';
import { SsoSettingsPage } from '../features/admin-sso/SsoSettingsPage';
import { UsersPage } from '../features/admin-company/UsersPage';
import { InboundProcessListPage } from '../features/admin-processes/InboundProcessListPage';
import { ProcessDetailsPage } from '../features/admin-processes/ProcessDetailsPage';
import { ProcessTestPage } from '../features/admin-processes/ProcessTestPage';
import { LimitedProcessPage } from '../features/admin-processes/LimitedProcessPage';
import { PartnerGroupsPage } from '../features/admin-groups/PartnerGroupsPage';
import { PartnerGroupPage } from '../features/admin-groups/PartnerGroupPage';
import { GroupUsersPage } from '../features/admin-groups/GroupUsersPage';
import { IntegrationsPage } from '../features/integrations/IntegrationsPage';
import { OnboardingHomePage } from '../features/onboarding/OnboardingHomePage';
import { ContactPage as OnboardingContactPage } from '../features/onboarding/ContactPage';
import { AgreementsPage as OnboardingAgreementsPage } from '../features/onboarding/AgreementsPage';
import { ProcessPage as OnboardingProcessPage } from '../features/onboarding/ProcessPage';
import { ChooseProcessPage as OnboardingChooseProcessPage } from '../features/onboarding/ChooseProcessPage';
import { BasicPremiumPage as OnboardingBasicPremiumPage } from '../features/onboarding/BasicPremiumPage';
import { SuccessPage as OnboardingSuccessPage } from '../features/onboarding/SuccessPage';
import { RestorePage as OnboardingRestorePage } from '../features/onboarding/RestorePage';
import { OnboardingReviewPage } from '../features/super-admin/onboarding/OnboardingReviewPage';
import { SuperAdminCaseInfoPage } from '../features/super-admin/cases/SuperAdminCaseInfoPage';
import { SuperAdminReportsPage } from '../features/super-admin/reports/SuperAdminReportsPage';
import { EmailTemplatesPage } from '../features/super-admin/email-templates/EmailTemplatesPage';
import { EmailTemplateEditPage } from '../features/super-admin/email-templates/EmailTemplateEditPage';
import { TeamsConnectedPage } from '../features/teams/TeamsConnectedPage';

/** The page of each named route. A route not listed here shows its frame (header and title) until its issue lands. */
const PAGES: Partial<Record<RouteName, ComponentType>> = {
  home: HomePage,
  'home-with-slug': CompanyLandingPage,
  dashboard: DashboardPage,
  'submit-case': SubmitCasePage,
  profile: ProfilePage,
  auto_login: AutoLoginPage,
  reset_password: ResetPasswordPage,
  verify_account: VerifyAccountPage,
  account_approval: AccountApprovalPage,
  'auth.logout': LogoutPage,
  '404': NotFoundPage,
  'super_admin.dashboard': SuperAdminDashboardPage,
  'super_admin.user.manage': UserManagePage,
  'super_admin.user.edit': UserEditPage,
  'super_admin.list_users': InactiveUsersPage,
  'super_admin.companies': CompaniesPage,
  'super_admin.company.detail': CompanyDetailPage,
  'super_admin.company.edit': CompanyFormPage,
  'super_admin.company.registration': CompanyRegistrationPage,
  'super_admin.groups': GroupsPage,
  'super_admin.group.edit': GroupEditPage,
  'super_admin.group.detail': GroupDetailPage,
  'super_admin.document.edit': DocumentEditPage,
  'super_admin.inbound_process.test': DocumentTestPage,
  'super_admin.company.departments': DepartmentsPage,
  'super_admin.company.groups.edit': GroupAccessPage,
  cases: MyCasesPage,
  'case-info': CaseDetailPage,
  'admin.case-info': CaseDetailPage,
  'case-response': CaseRespondPage,
  'case-provide-information': ProvideInformationPage,
  'case-info-base-response': CaseStatusPage,
  'manager.response': ManagerResponsePage,
  'admin.reports': ReportsPage,
  'admin.company': CompanyPage,
  'admin.company.registration': RegistrationSettingsPage,
  'admin.company.sso': SsoSettingsPage,
  'admin.users': UsersPage,
  'admin.user.manage': CompanyUserManagePage,
  'admin.inbound_process': InboundProcessListPage,
  'admin.inbound_process.manage': ProcessDetailsPage,
  'admin.inbound_process.test': ProcessTestPage,
  'admin.limited_process': LimitedProcessPage,
  'admin.partner_groups': PartnerGroupsPage,
  'admin.partner_groups.manage': PartnerGroupPage,
  'admin.partner_groups.users': GroupUsersPage,
  'admin.integrations': IntegrationsPage,
  'onboarding.home': OnboardingHomePage,
  'onboarding.contact': OnboardingContactPage,
  'onboarding.agreements': OnboardingAgreementsPage,
  'onboarding.process': OnboardingProcessPage,
  'onboarding.choose-process': OnboardingChooseProcessPage,
  'onboarding.basic-premium': OnboardingBasicPremiumPage,
  'onboarding.success': OnboardingSuccessPage,
  'onboarding.restore': OnboardingRestorePage,
  'super_admin.onboarding.session': OnboardingReviewPage,
  'super_admin.cases.case_info': SuperAdminCaseInfoPage,
  'super_admin.reports': SuperAdminReportsPage,
  'super_admin.email_templates': EmailTemplatesPage,
  'super_admin.email_template.edit': EmailTemplateEditPage,
  'msteams.connected': TeamsConnectedPage,
};

export function RoutePage({ name }: { name: RouteName }) {
  const Page = PAGES[name];
  return Page ? <Page /> : <RouteFramePage name={name} />;
}
