import { redirect } from 'react-router-dom';
import {
  isCompanyAdminRole,
  MESSAGES,
  routeGuard,
  routePath,
  STORAGE_KEYS,
  type RouteName,
} from '@casebridge/contracts';
import { storage } from '../lib/storage';
import { alerts } from './alerts-store';
import { useSession } from './session-store';

/**
 * The route guards of spec 3 §2.2, run as route loaders before a page renders.
 * Returns a redirect, or null to let the page render. The api enforces the same rules on every call.
 */
export function guardRoute(name: RouteName, request: Request): Response | null {
  const guard = routeGuard(name);
  if (guard === 'public') return null;

  const { token, role, level } = useSession.getState();
  if (!token) {
    const url = new URL(request.url);
    storage.set(STORAGE_KEYS.afterLoginRoute, url.pathname + url.search);
    alerts.flash(MESSAGES.mustBeLoggedIn, 'danger');
    return redirect('/');
  }

  const deny = (message: string) => {
    alerts.flash(message, 'danger');
    return redirect(role === 'super_admin' ? routePath('super_admin.dashboard') : routePath('dashboard'));
  };
  const isLimited = level === 'limited';

  switch (guard) {
    case 'login':
      return null;
    case 'member':
      return role === 'super_admin' ? redirect(routePath('super_admin.dashboard')) : null;
    case 'login_not_limited':
      return isLimited ? deny(MESSAGES.membershipBlocked) : null;
    case 'company_admin':
    case 'company_admin_not_limited':
      if (!role || !isCompanyAdminRole(role)) return deny(MESSAGES.noAccess);
      if (guard === 'company_admin_not_limited' && isLimited) return deny(MESSAGES.membershipBlocked);
      return null;
    case 'company_admin_or_api':
      return role === 'api' || (role && isCompanyAdminRole(role)) ? null : deny(MESSAGES.noAccess);
    case 'super_admin':
      return role === 'super_admin' ? null : deny(MESSAGES.noAccess);
  }
}
