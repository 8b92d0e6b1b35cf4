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
import { UsersPage } from '../features/admin-company/UsersPage';
import { InboundProcessListPage } from '../features/admin-processes/InboundProcessListPage';
import { ProcessDetailsPage } from '../features/admin-processes/ProcessDetailsPage';
import { PartnerGroupsPage } from '../features/admin-groups/PartnerGroupsPage';
import { PartnerGroupPage } from '../features/admin-groups/PartnerGroupPage';
import { GroupUsersPage } from '../features/admin-groups/GroupUsersPage';

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
  'admin.users': UsersPage,
  'admin.user.manage': CompanyUserManagePage,
  'admin.inbound_process': InboundProcessListPage,
  'admin.inbound_process.manage': ProcessDetailsPage,
  'admin.partner_groups': PartnerGroupsPage,
  'admin.partner_groups.manage': PartnerGroupPage,
  'admin.partner_groups.users': GroupUsersPage,
};

export function RoutePage({ name }: { name: RouteName }) {
  const Page = PAGES[name];
  return Page ? <Page /> : <RouteFramePage name={name} />;
}
