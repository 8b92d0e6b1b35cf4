import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GROUP_TYPE_LABELS, LIMITS, type ResponseOf } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { apiBodyQuery, queryErrorText, useDebouncedValue } from '../../../lib/queries';
import { TextField } from '../../../ui/fields';

type Found = ResponseOf<typeof API.superAdminGroups.search>['groups'][number];

/** Typing pauses this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 250;

const longEnough = (term: string) => term.trim().length >= LIMITS.searchMinChars;

/** Finds a community by name (from 2 characters) for a new relation. */
export function GroupSearch({ onPick }: { onPick: (group: Found) => void }) {
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);

  return (
    <section className="card" aria-labelledby="group-search-title">
      <h2 id="group-search-title">Find a Group</h2>
      <TextField
        label="Group name"
        type="search"
        value={term}
        autoComplete="off"
        hint="Type at least 2 characters."
        onChange={(event) => setTerm(event.target.value)}
      />
      {/* Mounted only while the term is long enough: a shorter one clears the results. */}
      {longEnough(term) && <FoundGroups term={debounced} onPick={onPick} />}
    </section>
  );
}

/** The answer for the settled term; the last one stays while the next is asked. */
function FoundGroups({ term, onPick }: { term: string; onPick: (group: Found) => void }) {
  const search = useQuery({
    ...apiBodyQuery(API.superAdminGroups.search, { term }),
    enabled: longEnough(term),
    placeholderData: keepPreviousData,
  });
  const found = search.data?.groups;
  return (
    <>
      {search.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(search.error)}
        </p>
      )}
      {found && found.length === 0 && <p className="muted">No Results Found</p>}
      {found && found.length > 0 && (
        <ul className="group-search-results">
          {found.map((group) => (
            <li key={group.id}>
              <button type="button" className="button button-secondary button-small" onClick={() => onPick(group)}>
                {group.name}
              </button>{' '}
              <span className="muted">{GROUP_TYPE_LABELS[group.type]}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
