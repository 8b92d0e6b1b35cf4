import { useEffect, useState } from 'react';
import {
  hashKey,
  MutationCache,
  QueryClient,
  queryOptions,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { BodyOf, Endpoint, QueryOf, ResponseOf } from '@casebridge/contracts';
import { call } from './api';
import { errorMessage } from './api-error';
import { alertMutationError } from './mutation-errors';

/**
 * Server state of the web app. Every query is keyed by its contract endpoint, its path parameters and its query
 * string, so a page, a mutation and a live event name the same data the same way; live events write into these
 * entries (setQueryData) instead of asking the server again. A failed write (mutation) shows the server's message
 * as one banner unless it handles its errors itself (see mutation-errors.ts).
 */
export const queryClient = new QueryClient({
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => alertMutationError(error, mutation.meta),
  }),
  defaultOptions: {
    queries: {
      // A page reads its data when it opens; live events keep what is shown current meanwhile.
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // The api answers errors on purpose (403, 404, 422): a retry would only repeat them.
      retry: false,
    },
  },
});

/** The stable name of an endpoint: its method and path as the contracts write them. */
export function endpointId(endpoint: Pick<Endpoint, 'method' | 'path'>): string {
  return `${endpoint.method} ${endpoint.path}`;
}

type Params = Record<string, string | number>;

/** The key of one endpoint's answer for these parameters; a prefix of it (endpoint only) matches all of them. */
export function apiKey<E extends Endpoint>(endpoint: E, params?: Params, query?: QueryOf<E> | object): QueryKey {
  return [endpointId(endpoint), params ?? {}, query ?? {}];
}

export interface ApiQueryOptions<E extends Endpoint> extends Omit<
  UseQueryOptions<ResponseOf<E>, Error, ResponseOf<E>>,
  'queryKey' | 'queryFn'
> {
  params?: Params;
  query?: QueryOf<E> | Record<string, string | number | boolean | null | undefined>;
}

/** Reads one endpoint through the cache. */
export function useApiQuery<E extends Endpoint>(
  endpoint: E,
  { params, query, ...options }: ApiQueryOptions<E> = {},
): UseQueryResult<ResponseOf<E>, Error> {
  return useQuery({
    queryKey: apiKey(endpoint, params, query),
    queryFn: () => call(endpoint, { params, query }),
    ...options,
  });
}

/**
 * A read the contract sends as a POST (a search, a select's choices): its body is keyed as the query part, so the
 * same body names the same answer. Spread into useQuery, or pass to queryClient.fetchQuery.
 */
export function apiBodyQuery<E extends Endpoint>(endpoint: E, body: BodyOf<E>, params?: Params) {
  return queryOptions({
    queryKey: apiKey(endpoint, params, body as object),
    queryFn: () => call(endpoint, { params, body }),
  });
}

export interface RecordQuery<E extends Endpoint> {
  query: UseQueryResult<ResponseOf<E>, Error>;
  /** The answer of this visit; undefined until it is in (a cached answer alone does not count). */
  data: ResponseOf<E> | undefined;
  /** Why this visit's answer failed; null once it is in (a later refresh failing keeps what is shown). */
  failed: Error | null;
}

/**
 * Reads the record a page opens on, such as an editor whose form takes its values once: it is asked again on
 * every visit and given only once that answer is in, so a form never opens on an old copy. From then on changes
 * to the entry (setQueryData, refreshes) show in place.
 */
export function useRecordQuery<E extends Endpoint>(endpoint: E, options: ApiQueryOptions<E> = {}): RecordQuery<E> {
  const query = useApiQuery(endpoint, { staleTime: 0, ...options });
  const key = hashKey(apiKey(endpoint, options.params, options.query));
  // Which key this visit has had its answer for (a new path parameter is a new visit of the page).
  const [answeredFor, setAnsweredFor] = useState<string | null>(null);
  const answered = answeredFor === key || (query.status === 'success' && !(query.isFetching && query.isStale));
  if (answered && answeredFor !== key) setAnsweredFor(key);
  return {
    query,
    data: answered ? query.data : undefined,
    failed: !answered && query.isError ? query.error : null,
  };
}

/** `value` once it has stayed unchanged for `ms`: search queries are keyed by it, so a keystroke costs no request. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Marks every cached answer of these endpoints stale and refetches the ones on screen. */
export function invalidateEndpoints(...endpoints: Pick<Endpoint, 'method' | 'path'>[]): Promise<void> {
  return Promise.all(
    endpoints.map((endpoint) => queryClient.invalidateQueries({ queryKey: [endpointId(endpoint)] })),
  ).then(() => undefined);
}

/**
 * Marks every cached answer of these endpoints stale without asking again now: for the reads of a page that a
 * change is leaving (a deleted or decided item), which must not refetch on the way out but must when next shown.
 */
export function markEndpointsStale(...endpoints: Pick<Endpoint, 'method' | 'path'>[]): Promise<void> {
  return Promise.all(
    endpoints.map((endpoint) =>
      queryClient.invalidateQueries({ queryKey: [endpointId(endpoint)], refetchType: 'none' }),
    ),
  ).then(() => undefined);
}

/** The text to show for a failed query. */
export function queryErrorText(error: unknown): string {
  return errorMessage(error);
}
