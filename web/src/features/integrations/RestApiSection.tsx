import { API_TOKEN_PREFIX } from '@casebridge/contracts';

/** Where an integration starts: the generated OpenAPI documentation and one example call. */
export function RestApiSection() {
  const origin = window.location.origin;
  return (
    <section className="card" aria-labelledby="rest-api-title">
      <h2 id="rest-api-title">REST API</h2>
      <p>
        Users of role API User can list, submit, follow and answer cases over HTTP. Every call, its parameters and its
        answers are described in the{' '}
        <a href="/api/docs" target="_blank" rel="noreferrer">
          API documentation
        </a>{' '}
        under &quot;Cases (REST API for api users)&quot;.
      </p>
      <pre>
        <code>{`curl -H "Authorization: Bearer ${API_TOKEN_PREFIX}…" ${origin}/api/caller/get-cases/company`}</code>
      </pre>
      <p>
        CRM connectors use the versioned{' '}
        <a href="/api/v1/docs" target="_blank" rel="noreferrer">
          Connect API
        </a>{' '}
        (<code>/api/v1</code>): an OAuth client or an API token, a change feed that never misses an entry, problem
        details, ETags and rate-limit headers.
      </p>
    </section>
  );
}
