import { dashboardApi, membershipLevel } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { useAsync } from '../../lib/use-async';
import { PageFrame } from '../../app/PageFrame';
import { useSession } from '../../app/session-store';
import { ActiveCases } from './ActiveCases';
import { CompanyNoteCard } from './CompanyNoteCard';
import { FavoritesList } from './FavoritesList';
import { NewsFeed } from './NewsFeed';
import { PartnerActions } from './PartnerActions';
import { PartnerSearch } from './PartnerSearch';

/**
 * /dashboard: partner search, favourites, company note, partner actions, active cases and news.
 * Limited membership gets the limited view instead of search and notes (spec 1 §2).
 */
export function DashboardPage() {
  const user = useSession((state) => state.user);
  const level = useSession((state) => state.level);
  const company = useSession((state) => state.company);
  // Until the membership is known, render nothing that limited members may not call.
  const known = level !== null || company !== null;
  const isLimited = company ? membershipLevel(company.membership_type) === 'limited' : level === 'limited';
  const directory = useAsync(() => call(dashboardApi.directory), []);
  const favorites = useAsync(() => call(dashboardApi.favorites), []);
  const entries = directory.status === 'ready' ? directory.data : [];

  if (!known) {
    return (
      <PageFrame title="Dashboard">
        <p className="muted">Loading…</p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Dashboard">
      {user && <p className="lead">Welcome, {user.first_name}.</p>}
      <div className="dashboard-grid">
        <div className="dashboard-main">
          {isLimited ? (
            <FavoritesList title="Collaborate with Your Partners" favorites={favorites} />
          ) : (
            <PartnerSearch directory={entries} loading={directory.status === 'loading'} />
          )}
        </div>
        <div className="dashboard-side">
          {isLimited ? (
            <PartnerActions title="Add Partners" directory={entries} />
          ) : (
            <>
              <FavoritesList title="Favorites" favorites={favorites} />
              <CompanyNoteCard />
            </>
          )}
        </div>
      </div>
      <ActiveCases />
      <div className="dashboard-grid">
        <div className="dashboard-main">
          <NewsFeed />
        </div>
        <div className="dashboard-side">
          {!isLimited && <PartnerActions title="Grow Your Network" directory={entries} />}
        </div>
      </div>
    </PageFrame>
  );
}
