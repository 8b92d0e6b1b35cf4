import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { LIMITS, MESSAGES, routePath, superAdminUsersApi } from '@casebridge/contracts';
import { call } from '../../../lib/api';

/** Typing pauses this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 250;

interface Hit {
  id: number;
  label: string;
  detail: string;
  to: string;
}

type Kind = 'company' | 'user';

async function searchHits(kind: Kind, term: string): Promise<Hit[]> {
  if (kind === 'company') {
    const { results } = await call(superAdminUsersApi.searchCompanies, { query: { term } });
    return results.map((company) => ({
      id: company.id,
      label: company.name,
      detail: company.slug,
      to: routePath('super_admin.company.detail', { company_id: company.id }),
    }));
  }
  const { results } = await call(superAdminUsersApi.searchUsers, { query: { term } });
  return results.map((user) => ({
    id: user.id,
    label: `${user.first_name} ${user.last_name}`,
    detail: `${user.email} · ${user.company_name}`,
    to: routePath('super_admin.user.edit', { company_id: user.company_id, user_id: user.id }),
  }));
}

/**
 * One search box of the dashboard (spec 3 §2.3): asks the server from 2 characters, shows 'No Results Found' when
 * nothing matches; a company opens its detail, a user the user form.
 */
export function BackOfficeSearch({ kind, title }: { kind: Kind; title: string }) {
  const inputId = useId();
  const [term, setTerm] = useState('');
  const [hits, setHits] = useState<{ term: string; hits: Hit[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const trimmed = term.trim();
  const active = trimmed.length >= LIMITS.searchMinChars;

  useEffect(() => {
    if (!active) return;
    let current = true;
    const timer = window.setTimeout(() => {
      searchHits(kind, trimmed).then(
        (found) => {
          if (!current) return;
          setFailed(false);
          setHits({ term: trimmed, hits: found });
        },
        (error: unknown) => {
          // Spec 3 §8: other load failures are only logged.
          console.warn('Search failed', error);
          if (current) setFailed(true);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [kind, trimmed, active]);

  const shown = active && hits?.term === trimmed ? hits.hits : null;
  return (
    <section className="card" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{title}</h2>
      <div className="field">
        <label htmlFor={inputId}>{title}</label>
        <input
          id={inputId}
          type="search"
          value={term}
          autoComplete="off"
          placeholder={`At least ${LIMITS.searchMinChars} characters`}
          onChange={(event) => setTerm(event.target.value)}
        />
      </div>
      {active && (
        <div aria-live="polite">
          {shown === null ? (
            <p className="muted">{failed ? 'The search is not available right now.' : 'Searching…'}</p>
          ) : shown.length === 0 ? (
            <p className="muted">{MESSAGES.noResultsFound}</p>
          ) : (
            <ul className="partner-results" aria-label={`${title} results`}>
              {shown.map((hit) => (
                <li key={hit.id}>
                  <Link className="partner-result" to={hit.to}>
                    <span className="partner-name">{hit.label}</span>
                    <span className="partner-tags muted">{hit.detail}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
