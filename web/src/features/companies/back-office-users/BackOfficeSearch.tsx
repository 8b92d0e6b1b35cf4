import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { LIMITS, MESSAGES, routePath, type ResponseOf } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiQuery, useDebouncedValue } from '../../../lib/queries';

/** Typing pauses this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 250;

interface Hit {
  id: number;
  label: string;
  detail: string;
  to: string;
}

type Kind = 'company' | 'user';

function companyHits({ results }: ResponseOf<typeof API.superAdminUsers.searchCompanies>): Hit[] {
  return results.map((company) => ({
    id: company.id,
    label: company.name,
    detail: company.slug,
    to: routePath('super_admin.company.detail', { company_id: company.id }),
  }));
}

function userHits({ results }: ResponseOf<typeof API.superAdminUsers.searchUsers>): Hit[] {
  return results.map((user) => ({
    id: user.id,
    label: `${user.first_name} ${user.last_name}`,
    detail: `${user.email} · ${user.company_name}`,
    to: routePath('super_admin.user.edit', { company_id: user.company_id, user_id: user.id }),
  }));
}

/** The hits for the settled term (of this kind), and whether asking failed. */
function useSearchHits(kind: Kind, term: string): { hits: Hit[] | undefined; failed: boolean } {
  const asked = term.length >= LIMITS.searchMinChars;
  const companies = useApiQuery(API.superAdminUsers.searchCompanies, {
    query: { term },
    enabled: asked && kind === 'company',
  });
  const users = useApiQuery(API.superAdminUsers.searchUsers, { query: { term }, enabled: asked && kind === 'user' });
  const search = kind === 'company' ? companies : users;
  useEffect(() => {
    // A failed search is only logged, with no alert; the box says the search is not available.
    if (search.error) console.warn('Search failed', search.error);
  }, [search.error]);
  const hits = kind === 'company' ? companies.data && companyHits(companies.data) : users.data && userHits(users.data);
  return { hits, failed: search.isError };
}

/**
 * One search box of the dashboard: asks the server from 2 characters, shows 'No Results Found' when
 * nothing matches; a company opens its detail, a user the user form.
 */
export function BackOfficeSearch({ kind, title }: { kind: Kind; title: string }) {
  const inputId = useId();
  const [term, setTerm] = useState('');
  const trimmed = term.trim();
  const active = trimmed.length >= LIMITS.searchMinChars;
  const settled = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const { hits, failed } = useSearchHits(kind, settled);

  // Only the answer for the term as typed now: while typing, 'Searching…'.
  const shown = active && settled === trimmed && hits ? hits : null;
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
