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
import { useCaseList } from './use-case-list';

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
  const showsNote = known && !isLimited;
  const directory = useAsync(() => call(dashboardApi.directory), []);
  const favorites = useAsync(() => call(dashboardApi.favorites), []);
  const note = useAsync(() => (showsNote ? call(dashboardApi.companyNote) : Promise.resolve(null)), [showsNote]);
  const entries = directory.status === 'ready' ? directory.data : [];
  // The top row's height depends on the favourites and the note: drawing the page before they are in would
  // push the active cases down once they arrive (a layout shift under the reader's eyes).
  const topRowSettled = favorites.status !== 'loading' && note.status !== 'loading';
  const cases = useCaseList();
  // Likewise the row under the cases waits for their first answer (later reloads keep the rows on screen).
  const casesShown = cases.list !== null || cases.failed;

  if (!known || !topRowSettled) {
    return (
      <PageFrame title="Dashboard">
        <p className="muted">Loading…</p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Dashboard">
      {/* The line is there before the name, so the cards below never move when it arrives. */}
      <p className="lead">{user ? `Welcome, ${user.first_name}.` : '\u00a0'}</p>
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
              <CompanyNoteCard loaded={note} />
            </>
          )}
        </div>
      </div>
      <ActiveCases cases={cases} />
      {casesShown && (
        <div className="dashboard-grid">
          <div className="dashboard-main">
            <NewsFeed />
          </div>
          <div className="dashboard-side">
            {!isLimited && <PartnerActions title="Grow Your Network" directory={entries} />}
          </div>
        </div>
      )}
    </PageFrame>
  );
}
