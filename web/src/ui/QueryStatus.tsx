import { queryErrorText } from '../lib/queries';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** A page query's "Loading…" line and, when it failed, its warning banner; the page shows the data itself. */
export function QueryStatus({ query }: { query: QueryLike }) {
  return (
    <>
      {query.isPending && <p className="muted">Loading…</p>}
      {query.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(query.error)}
        </p>
      )}
    </>
  );
}
