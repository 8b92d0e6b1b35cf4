import { create } from 'zustand';
import {
  endpointUrl,
  MESSAGES,
  membershipLevel,
  routePath,
  STORAGE_KEYS,
  type CompanySummary,
  type CurrentUser,
  type MeResponse,
  type MembershipLevel,
  type Role,
} from '@casebridge/contracts';
import { API } from '../lib/api-routes';
import { ApiError, call, configureApiClient, refreshToken } from '../lib/api';
import { queryClient } from '../lib/queries';
import { closeLiveSocket, onLiveSessionEnded } from '../lib/live';
import { storage } from '../lib/storage';
import { alerts } from './alerts-store';
import { navigateTo } from './navigation';
import { isOnboardingPath, routeNameAt } from './route-table';

/** Why a token was just obtained; decides where the user lands after sign-in. */
export type SignInIntent =
  | { kind: 'login' }
  | { kind: 'target'; path: string }
  | { kind: 'impersonate' }
  | { kind: 'return-to-admin'; userId: number };

interface SessionState {
  token: string | null;
  role: Role | null;
  level: MembershipLevel | null;
  user: CurrentUser | null;
  company: CompanySummary | null;
  impersonatedBy: MeResponse['impersonated_by'];
  /** The super admin's own token while logged in as someone else. */
  adminToken: string | null;

  signIn: (token: string, intent?: SignInIntent) => Promise<void>;
  loadMe: () => Promise<MeResponse | null>;
  setUser: (user: CurrentUser) => void;
  checkOnStart: () => Promise<void>;
  logout: () => Promise<void>;
  loginAsUser: (userId: number) => Promise<void>;
  backToAdmin: () => Promise<void>;
  clear: () => void;
}

const HOME_ROUTES = new Set(['home', 'home-with-slug']);

function readRole(): Role | null {
  return storage.get(STORAGE_KEYS.role) as Role | null;
}

function readLevel(): MembershipLevel | null {
  return storage.get(STORAGE_KEYS.level) as MembershipLevel | null;
}

/**
 * Where to go once the user is known: a stored after-login route first, then by intent; a home page leads to the
 * user's dashboard, and a dashboard of the other kind (member or back office) to the right one. Null means stay.
 */
function landingAfterSignIn(role: Role, intent: SignInIntent): string | null {
  const isSuperAdmin = role === 'super_admin';
  const afterLogin = storage.get(STORAGE_KEYS.afterLoginRoute);
  if (afterLogin) {
    storage.remove(STORAGE_KEYS.afterLoginRoute);
    return afterLogin;
  }
  if (intent.kind === 'target') return intent.path;
  if (intent.kind === 'impersonate') return routePath('dashboard');
  if (intent.kind === 'return-to-admin') return routePath('super_admin.user.manage', { user_id: intent.userId });

  const current = routeNameAt(window.location.pathname);
  if (current !== null && HOME_ROUTES.has(current)) {
    return isSuperAdmin ? routePath('super_admin.dashboard') : routePath('dashboard');
  }
  if (isSuperAdmin && current === 'dashboard') return routePath('super_admin.dashboard');
  if (!isSuperAdmin && current === 'super_admin.dashboard') return routePath('dashboard');
  return null;
}

export const useSession = create<SessionState>((set, get) => ({
  token: storage.get(STORAGE_KEYS.token),
  role: readRole(),
  level: readLevel(),
  user: null,
  company: null,
  impersonatedBy: null,
  adminToken: storage.get(STORAGE_KEYS.adminToken),

  signIn: async (token, intent = { kind: 'login' }) => {
    // Another account (sign-in, login as, back to admin): nothing cached for the previous one is shown.
    queryClient.clear();
    // The live socket authenticates once per connection: a new account needs a new one.
    closeLiveSocket();
    storage.set(STORAGE_KEYS.token, token);
    set({ token });
    const me = await get().loadMe();
    if (!me) return;
    const target = landingAfterSignIn(me.user.role, intent);
    if (target && target !== window.location.pathname + window.location.search) navigateTo(target);
  },

  loadMe: async () => {
    if (!get().token) return null;
    try {
      const me = await call(API.auth.me);
      const level = me.company ? membershipLevel(me.company.membership_type) : null;
      storage.set(STORAGE_KEYS.role, me.user.role);
      storage.set(STORAGE_KEYS.level, level);
      set({ user: me.user, company: me.company, impersonatedBy: me.impersonated_by, role: me.user.role, level });
      return me;
    } catch {
      // A lost session is handled by the api client; other failures are only logged, nothing is shown.
      return null;
    }
  },

  setUser: (user) => set({ user }),

  checkOnStart: async () => {
    if (!get().token) return;
    let authorized = true;
    try {
      const answer = await call(API.auth.middleware);
      authorized = answer.authorized;
      if (authorized) {
        storage.set(STORAGE_KEYS.role, answer.role);
        storage.set(STORAGE_KEYS.level, answer.level);
        set({ role: answer.role, level: answer.level });
      }
    } catch (error) {
      // Only an answer of the server ends the session; an unreachable api does not.
      if (error instanceof ApiError && error.status === 401) authorized = false;
    }
    // An expired access token is not the end of the session: one refresh before giving up.
    if (!authorized && !(await refreshToken())) {
      await get().logout();
      return;
    }
    const me = await get().loadMe();
    // The same landing rules as after a sign-in: e.g. a signed-in visitor of a landing page goes to the dashboard.
    const target = me ? landingAfterSignIn(me.user.role, { kind: 'login' }) : null;
    if (target && target !== window.location.pathname + window.location.search) navigateTo(target, { replace: true });
  },

  logout: async () => {
    const { token, role, company } = get();
    if (token) await call(API.auth.logout, { body: {}, noRefresh: true }).catch(() => undefined);
    get().clear();
    // Single sign-on users also leave their identity provider's session: the api's SAML logout continues there.
    if (company?.login_method === 'sso' && role !== 'super_admin' && role !== 'api') {
      window.location.replace(endpointUrl(API.saml.logout, { slug: company.slug }));
      return;
    }
    const destination = role !== 'super_admin' && company ? routePath('home-with-slug', { slug: company.slug }) : '/';
    navigateTo(destination, { replace: true });
  },

  loginAsUser: async (userId) => {
    const adminToken = get().token;
    const { access_token } = await call(API.auth.loginAsUser, { params: { id: userId } });
    storage.set(STORAGE_KEYS.adminToken, adminToken);
    set({ adminToken });
    await get().signIn(access_token, { kind: 'impersonate' });
  },

  backToAdmin: async () => {
    const { adminToken, user } = get();
    if (!adminToken) return;
    // End the borrowed session on the server, then take the super admin's own token back.
    await call(API.auth.logout, { body: {}, noRefresh: true }).catch(() => undefined);
    storage.remove(STORAGE_KEYS.adminToken);
    set({ adminToken: null, impersonatedBy: null });
    await get().signIn(adminToken, user ? { kind: 'return-to-admin', userId: user.id } : { kind: 'login' });
  },

  clear: () => {
    closeLiveSocket();
    // Server state of one account never shows to the next.
    queryClient.clear();
    storage.remove(STORAGE_KEYS.token, STORAGE_KEYS.role, STORAGE_KEYS.level, STORAGE_KEYS.adminToken);
    set({ token: null, role: null, level: null, user: null, company: null, impersonatedBy: null, adminToken: null });
  },
}));

configureApiClient({
  onTokenRefreshed: (token) => {
    storage.set(STORAGE_KEYS.token, token);
    useSession.setState({ token });
  },
  onSessionLost: () => {
    useSession.getState().clear();
    if (!isOnboardingPath(window.location.pathname)) navigateTo('/', { replace: true });
  },
  onRateLimited: () => alerts.show(MESSAGES.tooManyRequests, 'warning'),
});

onLiveSessionEnded(() => {
  useSession.getState().clear();
  alerts.flash(MESSAGES.mustBeLoggedIn, 'danger');
  navigateTo('/', { replace: true });
});

export function isSignedIn(): boolean {
  return useSession.getState().token !== null;
}
