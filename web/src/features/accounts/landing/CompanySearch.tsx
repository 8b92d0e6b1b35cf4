import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { LIMITS, MESSAGES, routePath } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { apiBodyQuery, useDebouncedValue } from '../../../lib/queries';
import { CompanyLogo } from './CompanyLogo';
import './landing.css';

/** A short pause so each keystroke does not cost a request. */
const SEARCH_DEBOUNCE_MS = 250;

/** Finds a company's sign-in page by name; queries from LIMITS.searchMinChars characters. */
export function CompanySearch() {
  const inputId = useId();
  const [term, setTerm] = useState('');
  const trimmed = term.trim();
  const settled = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);

  return (
    <section className="card search-card" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Find Your Company</h2>
      <div className="field">
        <label htmlFor={inputId}>Company name</label>
        <input
          id={inputId}
          type="search"
          value={term}
          placeholder={`Type at least ${LIMITS.searchMinChars} characters`}
          autoComplete="off"
          onChange={(event) => setTerm(event.target.value)}
        />
      </div>
      {/* Mounted only while the term is long enough: a shorter one clears the results. */}
      {trimmed.length >= LIMITS.searchMinChars && <FoundCompanies term={settled} />}
    </section>
  );
}

/** The answer for the settled term; the last one stays while the next is asked. */
function FoundCompanies({ term }: { term: string }) {
  const search = useQuery({
    ...apiBodyQuery(API.landing.search, { term }),
    enabled: term.length >= LIMITS.searchMinChars,
    placeholderData: keepPreviousData,
  });
  // A failed search reads as no match.
  const results = search.isError ? [] : search.data;
  if (!results) return null;
  return (
    <div aria-live="polite">
      {results.length === 0 ? (
        <p className="muted">{MESSAGES.noResultsFound}</p>
      ) : (
        <ul className="search-results" aria-label="Companies">
          {results.map((company) => (
            <li key={company.id}>
              <Link to={routePath('home-with-slug', { slug: company.slug })}>
                <CompanyLogo slug={company.slug} name={company.name} size={32} />
                <span>{company.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
