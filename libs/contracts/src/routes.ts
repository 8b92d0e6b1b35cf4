import { isCompanyAdminRole } from './constants/roles';

/**
 * The route table of the web: route name -> path. Parameters are written ":name".
 * The web router registers exactly these, and links are built with routePath().
 */
export const ROUTES = {
  'auth.logout': '/auth/logout',
  home: '/',
  'home-with-slug': '/:slug',
  dashboard: '/dashboard',
  profile: '/profile',
  cases: '/my-cases',
  'case-info': '/my-cases/:token',
  /** Our addition: the Request Sent view of a new case, at its own address (a reload keeps it). */
  'case-sent': '/my-cases/:token/sent',
  'submit-case': '/case/:type/:entity_id',
  'case-response': '/case/:token/respond',
  'case-provide-information': '/case/:token/information',
  'case-info-base-response': '/case/:token/response',
  auto_login: '/auto_login/:token',
  reset_password: '/reset_password/:token',
  verify_account: '/verify_account/:token',
  account_approval: '/users/approval/:token/:action',
  /** Our addition: the link that confirms a new e-mail address asked for on the profile page. */
  confirm_email: '/confirm_email/:token',

  'admin.company': '/admin/company',
  'admin.company.registration': '/admin/company/registration',
  'admin.company.sso': '/admin/company/sso',
  'admin.users': '/admin/users',
  'admin.user.manage': '/admin/users/:id',
  'admin.inbound_process': '/admin/inbound_process',
  'admin.inbound_process.test': '/admin/inbound_process/:id/test',
  'admin.inbound_process.manage': '/admin/inbound_process/:document_id',
  'admin.limited_process': '/admin/limited_process',
  'admin.partner_groups': '/admin/partner_groups',
  'admin.partner_groups.manage': '/admin/partner_groups/:group_id',
  'admin.partner_groups.users': '/admin/partner_groups/:group_id/users',
  'admin.reports': '/admin/reports',
  'admin.case-info': '/admin/case/:token',
  /** Our addition: webhooks and API tokens (company admins and api users). */
  'admin.integrations': '/admin/integrations',

  'onboarding.home': '/join/:vhost',
  'onboarding.contact': '/onboarding/contact',
  'onboarding.agreements': '/onboarding/agreements',
  'onboarding.process': '/onboarding/process',
  'onboarding.choose-process': '/onboarding/choose-process',
  'onboarding.basic-premium': '/onboarding/basic-premium',
  'onboarding.success': '/onboarding/success',
  'onboarding.restore': '/onboarding/restore/:token',

  'manager.response': '/manager/response/:token',
  'msteams.connected': '/msteams/connected/:token',
  '404': '/404',

  'super_admin.dashboard': '/super_admin/dashboard',
  'super_admin.companies': '/super_admin/companies',
  'super_admin.company.detail': '/super_admin/companies/:company_id',
  'super_admin.company.registration': '/super_admin/companies/:company_id/registation',
  'super_admin.company.edit': '/super_admin/companies/:company_id/edit',
  'super_admin.company.departments': '/super_admin/companies/:company_id/departments',
  'super_admin.user.edit': '/super_admin/companies/:company_id/users/:user_id',
  'super_admin.document.edit': '/super_admin/companies/:company_id/documents/:document_id/edit/:type',
  'super_admin.company.groups.edit': '/super_admin/companies/:company_id/groups/:relation_id/edit',
  'super_admin.groups': '/super_admin/groups',
  'super_admin.group.edit': '/super_admin/groups/:group_id/edit',
  'super_admin.group.detail': '/super_admin/groups/:group_id/:group_type',
  'super_admin.onboarding.session': '/super_admin/onboarding/:session_id',
  'super_admin.cases.case_info': '/super_admin/cases/:case_id',
  'super_admin.reports': '/super_admin/reports',
  'super_admin.inbound_process.test': '/super_admin/companies/:company_id/inbound_process/:id/test',
  'super_admin.list_users': '/super_admin/users',
  'super_admin.user.manage': '/super_admin/user/:user_id',
  /** Our addition: the e-mail templates the product sends, edited by super admins. */
  'super_admin.email_templates': '/super_admin/email_templates',
  'super_admin.email_template.edit': '/super_admin/email_templates/:template_id',
} as const;

export type RouteName = keyof typeof ROUTES;

/** What a route needs before it renders. */
export type RouteGuard =
  | 'public'
  | 'login'
  | 'member' // login, and super admins are sent to their dashboard
  | 'company_admin'
  | 'company_admin_not_limited'
  | 'company_admin_or_api' // company admins and users of role api (the Integrations page)
  | 'login_not_limited'
  | 'super_admin';

/**
 * Pages blocked for a limited membership (registration, sso, partner-group users). The api refuses the calls these
 * pages make, and the writes other pages hide from limited members, through the endpoints' `refusesLimitedMembership`.
 */
export const LIMITED_MEMBERSHIP_BLOCKED_ROUTES = [
  'admin.company.registration',
  'admin.company.sso',
  'admin.partner_groups.users',
] as const satisfies readonly RouteName[];

export function routeGuard(name: RouteName): RouteGuard {
  if (name.startsWith('super_admin.')) return 'super_admin';
  if ((LIMITED_MEMBERSHIP_BLOCKED_ROUTES as readonly RouteName[]).includes(name)) return 'company_admin_not_limited';
  if (name === 'admin.reports' || name === 'admin.case-info') return 'login';
  if (name === 'admin.integrations') return 'company_admin_or_api';
  if (name.startsWith('admin.')) return 'company_admin';
  if (['dashboard', 'submit-case', 'cases', 'case-info', 'case-sent'].includes(name)) return 'member';
  if (name === 'profile') return 'login';
  return 'public';
}

/** Why a route's guard turns a visitor away, or null when the page opens. */
export type RouteRefusal = 'login' | 'super_admin_home' | 'no_access' | 'membership_blocked';

/**
 * The guard of a route applied to a visitor: the web's route guards and the links the api offers (e.g. the
 * company page's SSO link) both ask this, so a link is shown exactly to those the page lets in.
 */
export function routeRefusal(
  name: RouteName,
  visitor: { signedIn: boolean; role: string | null; level: string | null },
): RouteRefusal | null {
  const guard = routeGuard(name);
  if (guard === 'public') return null;
  if (!visitor.signedIn) return 'login';
  const { role } = visitor;
  const limited = visitor.level === 'limited';
  const companyAdmin = role !== null && isCompanyAdminRole(role);
  switch (guard) {
    case 'login':
      return null;
    case 'member':
      return role === 'super_admin' ? 'super_admin_home' : null;
    case 'login_not_limited':
      return limited ? 'membership_blocked' : null;
    case 'company_admin':
    case 'company_admin_not_limited':
      if (!companyAdmin) return 'no_access';
      return guard === 'company_admin_not_limited' && limited ? 'membership_blocked' : null;
    case 'company_admin_or_api':
      return role === 'api' || companyAdmin ? null : 'no_access';
    case 'super_admin':
      return role === 'super_admin' ? null : 'no_access';
  }
}

/** Builds the path of a named route, e.g. routePath('case-info', { token }). */
export function routePath(name: RouteName, params: Record<string, string | number> = {}): string {
  return ROUTES[name].replace(/:([a-z_]+)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`routePath(${name}): missing parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** First path segments of the app's own pages and servers: a company landing page (/{slug}) there could never be reached. */
const RESERVED_SLUGS = new Set([
  ...Object.values(ROUTES)
    .map((path) => path.split('/')[1])
    .filter((segment) => segment && !segment.startsWith(':')),
  'api',
  'resources',
  'saml2',
  'storage',
  'assets',
  'socket.io',
]);

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug);
}
