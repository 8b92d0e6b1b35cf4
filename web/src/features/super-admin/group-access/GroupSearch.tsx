import { useEffect, useState } from 'react';
import { GROUP_TYPE_LABELS, LIMITS, superAdminGroupsApi, type ResponseOf } from '@casebridge/contracts';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { TextField } from '../../../ui/fields';

type Found = ResponseOf<typeof superAdminGroupsApi.search>['groups'][number];

/** Finds a community by name (from 2 characters) for a new relation (spec 3 §2.7). */
export function GroupSearch({ onPick }: { onPick: (group: Found) => void }) {
  const [term, setTerm] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (term.trim().length < LIMITS.searchMinChars) {
      setFound(null);
      return;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      call(superAdminGroupsApi.search, { body: { term } }).then(
        (answer) => current && (setFound(answer.groups), setError(null)),
        (failure: unknown) => current && setError(errorMessage(failure)),
      );
    }, 250);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [term]);

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
      {error && (
        <p className="notice notice-warning" role="alert">
          {error}
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
    </section>
  );
}
