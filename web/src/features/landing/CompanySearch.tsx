import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { API, LIMITS, MESSAGES, routePath, type CompanySearchResult } from '@casebridge/contracts';
import type { z } from 'zod';
import { call } from '../../lib/api';
import { CompanyLogo } from './CompanyLogo';

type Result = z.infer<typeof CompanySearchResult>;

/** Finds a company's sign-in page by name; queries from LIMITS.searchMinChars characters. */
export function CompanySearch() {
  const inputId = useId();
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<Result[] | null>(null);
  const trimmed = term.trim();

  useEffect(() => {
    if (trimmed.length < LIMITS.searchMinChars) {
      setResults(null);
      return;
    }
    let current = true;
    // A short pause so each keystroke does not cost a request.
    const timer = window.setTimeout(() => {
      call(API.landing.search, { body: { term: trimmed } }).then(
        (found) => current && setResults(found),
        () => current && setResults([]),
      );
    }, 250);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [trimmed]);

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
      {results !== null && (
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
      )}
    </section>
  );
}
