import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { routeGuard, type RouteName } from '@casebridge/contracts';
import { ForcedAccountModals } from '../features/accounts/ForcedAccountModals';
import { useAttentionLive } from '../features/attention/use-attention-live';
import { useLiveLists } from '../lib/live-lists';
import { AlertBanners } from '../ui/AlertBanners';
import { ModalHost } from '../ui/ModalHost';
import { useAlerts, useAlertsClearedOnAction } from './alerts-store';
import { MemberHeader } from './headers/MemberHeader';
import { PublicHeader } from './headers/PublicHeader';
import { SuperAdminHeader } from './headers/SuperAdminHeader';
import { ImpersonationBanner } from './ImpersonationBanner';
import { InternetExplorerNotice } from './InternetExplorerNotice';
import { isRouteName } from './route-table';
import { useSession } from './session-store';
import { useIdleReload } from './use-idle-reload';

function useCurrentRouteName(): RouteName | null {
  const matches = useMatches();
  const id = matches[matches.length - 1]?.id;
  return id && isRouteName(id) ? id : null;
}

/** Banners belong to one page: clear them on every route change, then show an alert kept for this page. */
function useAlertsPerRoute(): void {
  const { pathname } = useLocation();
  const lastPath = useRef<string | null>(null);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    const { clear, showFlashed } = useAlerts.getState();
    clear();
    showFlashed();
  }, [pathname]);
}

function SiteHeader({ name }: { name: RouteName | null }) {
  const token = useSession((state) => state.token);
  const role = useSession((state) => state.role);
  const isPublicPage = name === null || routeGuard(name) === 'public';
  if (!token || (isPublicPage && name !== '404')) return <PublicHeader />;
  return role === 'super_admin' ? <SuperAdminHeader /> : <MemberHeader />;
}

/** The signed-in user's lists and queues follow the socket on every page (lib/live-lists). */
function useSignedInLiveLists(): void {
  const userId = useSession((state) => (state.token ? state.user?.id : undefined));
  const role = useSession((state) => state.user?.role);
  useLiveLists(userId !== undefined && role ? { userId, role } : null);
  // The bell, unread marks and Watch buttons (features/attention).
  useAttentionLive(userId ?? null);
}

export function AppLayout() {
  const name = useCurrentRouteName();
  useAlertsPerRoute();
  useAlertsClearedOnAction();
  useIdleReload();
  useSignedInLiveLists();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader name={name} />
      <ImpersonationBanner />
      <main id="main" tabIndex={-1}>
        <AlertBanners />
        <Outlet />
      </main>
      <footer className="site-footer">© Casebridge</footer>
      <ForcedAccountModals />
      <ModalHost />
      <InternetExplorerNotice />
    </>
  );
}
