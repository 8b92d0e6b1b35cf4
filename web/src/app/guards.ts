import { redirect } from 'react-router-dom';
import { MESSAGES, routePath, routeRefusal, STORAGE_KEYS, type RouteName } from '@casebridge/contracts';
import { storage } from '../lib/storage';
import { alerts } from './alerts-store';
import { useSession } from './session-store';

/**
 * The route guards (login, role and membership level per route), run as route loaders before a page renders.
 * Returns a redirect, or null to let the page render. The api enforces the same rules on every call, and offers
 * links to guarded pages by the same rule (routeRefusal).
 */
export function guardRoute(name: RouteName, request: Request): Response | null {
  const { token, role, level } = useSession.getState();
  const refusal = routeRefusal(name, { signedIn: Boolean(token), role, level });
  if (refusal === null) return null;

  if (refusal === 'login') {
    const url = new URL(request.url);
    storage.set(STORAGE_KEYS.afterLoginRoute, url.pathname + url.search);
    alerts.flash(MESSAGES.mustBeLoggedIn, 'danger');
    return redirect('/');
  }
  if (refusal === 'super_admin_home') return redirect(routePath('super_admin.dashboard'));
  alerts.flash(refusal === 'membership_blocked' ? MESSAGES.membershipBlocked : MESSAGES.noAccess, 'danger');
  return redirect(role === 'super_admin' ? routePath('super_admin.dashboard') : routePath('dashboard'));
}
