import { routePath, STORAGE_KEYS, type Role } from '@casebridge/contracts';
import { storage } from '../../lib/storage';

/** Remembers the company site (/{slug}) a visitor used, so a signed-out 404 can lead back to it. */
export function rememberCompanySite(slug: string): void {
  storage.set(STORAGE_KEYS.companySlug, slug);
}

export interface HomeLink {
  to: string;
  label: string;
}

/**
 * The 404 page's way home: the dashboard when signed in (a super admin's is the back office);
 * signed out, the company's site by slug when the visitor came from one, otherwise the public home page.
 */
export function homeLink(signedIn: boolean, role: Role | null): HomeLink {
  if (signedIn) {
    const to = role === 'super_admin' ? routePath('super_admin.dashboard') : routePath('dashboard');
    return { to, label: 'Go to your Dashboard' };
  }
  const slug = storage.get(STORAGE_KEYS.companySlug);
  if (slug && /^[a-z0-9-]{1,100}$/.test(slug)) {
    return { to: routePath('home-with-slug', { slug }), label: 'Go to your company’s home page' };
  }
  return { to: routePath('home'), label: 'Go Home' };
}
