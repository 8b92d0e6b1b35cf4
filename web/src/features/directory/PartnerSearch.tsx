import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS, MESSAGES, type DirectoryEntry } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useApiMutation } from '../../lib/mutations';
import { HelpHint } from '../../ui/HelpHint';
import { directoryEntryName, matchesTerm } from './partner-links';
import { entryKey, PartnerResult } from './PartnerResult';

const SEARCH_LOCATION = 'dashboard';

/**
 * Partner search over the directory loaded once by the page; filtering is client-side.
 * A term is logged after LIMITS.searchLogDebounceMs without typing, and a picked result against that log.
 */
export function PartnerSearch({ directory, loading }: { directory: DirectoryEntry[]; loading: boolean }) {
  const inputId = useId();
  const [term, setTerm] = useState('');
  const trimmed = term.trim();
  const active = trimmed.length >= LIMITS.searchMinChars;
  const results = active ? directory.filter((entry) => matchesTerm(entry, trimmed)) : [];
  // The id of the logged search for the current term (a promise, so a quick click can wait for it).
  const searchLog = useRef<{ term: string; id: Promise<number | null> } | null>(null);

  // Writes that show nothing, not even their failure: logging is best effort, and a failure in the background is
  // not the user's to act on.
  const saveSearch = useApiMutation(API.dashboard.saveSearch, { handlesErrors: true });
  const saveResult = useApiMutation(API.dashboard.resultToSearch, { handlesErrors: true });

  const logSearch = (text: string): Promise<number | null> => {
    if (searchLog.current?.term === text) return searchLog.current.id;
    const id = saveSearch.mutateAsync({ body: { term: text, location: SEARCH_LOCATION } }).then(
      (answer) => answer.search.id,
      () => null,
    );
    searchLog.current = { term: text, id };
    return id;
  };

  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => void logSearch(trimmed), LIMITS.searchLogDebounceMs);
    return () => window.clearTimeout(timer);
    // Only the term restarts the wait; logSearch reads the current log through its ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trimmed, active]);

  const onPick = (entry: DirectoryEntry) => {
    void logSearch(trimmed).then((searchId) => {
      if (searchId === null) return;
      saveResult.mutate({ body: { member: directoryEntryName(entry), search_id: searchId } });
    });
  };

  return (
    <section className="card" aria-labelledby={`${inputId}-title`}>
      <div className="card-title">
        <h2 id={`${inputId}-title`}>Find a Partner</h2>
        <HelpHint flag="dashboard-search" label="Partner search" />
      </div>
      <div className="field">
        <label htmlFor={inputId}>Search partners</label>
        <input
          id={inputId}
          type="search"
          value={term}
          autoComplete="off"
          placeholder={`Company, department or product (at least ${LIMITS.searchMinChars} characters)`}
          onChange={(event) => setTerm(event.target.value)}
        />
      </div>
      {loading && active && <p className="muted">Loading the directory…</p>}
      {active && !loading && (
        <div aria-live="polite">
          {results.length === 0 ? (
            <p className="muted">{MESSAGES.noResultsFound}</p>
          ) : (
            <ul className="partner-results" aria-label="Partners found">
              {results.map((entry) => (
                <li key={entryKey(entry)}>
                  <PartnerResult entry={entry} onPick={onPick} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
