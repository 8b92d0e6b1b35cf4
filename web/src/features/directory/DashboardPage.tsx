import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { membershipLevel } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useApiQuery } from '../../lib/queries';
import { PageFrame } from '../../app/PageFrame';
import { useSession } from '../../app/session-store';
import { ActiveCases } from '../cases/ActiveCases';
import { CompanyDirectory } from './CompanyDirectory';
import { CompanyNoteCard } from './CompanyNoteCard';
import { FavoritesList } from './FavoritesList';
import { NewsFeed } from './NewsFeed';
import { PartnerActions } from './PartnerActions';
import { PartnerSearch } from './PartnerSearch';
import { useCaseList } from '../cases/use-case-list';

/**
 * /dashboard: partner search, company directory, favourites, company note, partner actions, active cases and news.
 * Limited membership gets the limited view instead of search and notes.
 */
export function DashboardPage() {
  const user = useSession((state) => state.user);
  const level = useSession((state) => state.level);
  const company = useSession((state) => state.company);
  // Until the membership is known, render nothing that limited members may not call.
  const known = level !== null || company !== null;
  const isLimited = company ? membershipLevel(company.membership_type) === 'limited' : level === 'limited';
  const showsNote = known && !isLimited;
  const directory = useApiQuery(API.dashboard.directory);
  const favorites = useApiQuery(API.dashboard.favorites);
  // Limited membership may not read the note: it is asked only once the membership is known.
  const note = useApiQuery(API.dashboard.companyNote, { enabled: showsNote });
  const entries = directory.data ?? [];
  // The top row's height depends on the favourites and the note: drawing the page before they are in would
  // push the active cases down once they arrive (a layout shift under the reader's eyes).
  const topRowSettled = useTopRowSettled(known, showsNote, favorites, note);
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
            <>
              <PartnerSearch directory={entries} loading={directory.isPending} />
              <CompanyDirectory directory={entries} loading={directory.isPending} />
            </>
          )}
        </div>
        <div className="dashboard-side">
          {isLimited ? (
            <PartnerActions title="Add Partners" directory={entries} />
          ) : (
            <>
              <FavoritesList title="Favorites" favorites={favorites} />
              <CompanyNoteCard state={note.data} />
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

/** Has this answer arrived for this visit? Cached data that is being refreshed (stale or invalidated) has not. */
function answered(query: UseQueryResult<unknown>): boolean {
  return !query.isPending && !(query.isFetching && query.isStale);
}

/**
 * True once the favourites (and the note, when shown) have answered for this visit; from then on the top row
 * stays drawn, and later refreshes update it in place instead of hiding the page again.
 */
function useTopRowSettled(
  known: boolean,
  showsNote: boolean,
  favorites: UseQueryResult<unknown>,
  note: UseQueryResult<unknown>,
): boolean {
  // Remembers for which note visibility the row was drawn: a change of membership waits for its note again.
  const [drawnFor, setDrawnFor] = useState<boolean | null>(null);
  if (drawnFor === showsNote) return true;
  const settled = known && answered(favorites) && (!showsNote || answered(note));
  if (settled) setDrawnFor(showsNote);
  return settled;
}
