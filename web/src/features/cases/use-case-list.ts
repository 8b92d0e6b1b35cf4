import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  CASE_REQUEST_TYPES,
  CASE_SORT_COLUMNS,
  DEFAULT_CASE_REQUEST_TYPE,
  LIMITS,
  STORAGE_KEYS,
  type CaseList,
  type CaseRequestType,
} from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { call } from '../../lib/api';
import { apiKey, useApiQuery } from '../../lib/queries';
import { storage } from '../../lib/storage';
import type { SortState } from '../../ui/DataTable';

const DEFAULT_SORT: SortState = { column: 'updated_at', dir: 'desc' };

/** The request type the user chose before, if any. */
function storedRequestType(): CaseRequestType | null {
  const stored = storage.get(STORAGE_KEYS.caseRequestType);
  return CASE_REQUEST_TYPES.some((type) => type.value === stored) ? (stored as CaseRequestType) : null;
}

/**
 * Without a remembered choice, the view that holds work: the company's inbound cases needing action when there are
 * any, else the default; null while the count is being read.
 */
export function firstVisitRequestType(inboundActionTotal: number | null, countFailed: boolean): CaseRequestType | null {
  if (countFailed) return DEFAULT_CASE_REQUEST_TYPE;
  if (inboundActionTotal === null) return null;
  return inboundActionTotal > 0 ? 'company-inbound-action' : DEFAULT_CASE_REQUEST_TYPE;
}

function storedSort(): SortState {
  const column = storage.get(STORAGE_KEYS.caseSort);
  const dir = storage.get(STORAGE_KEYS.caseDir);
  return {
    column: (CASE_SORT_COLUMNS as readonly string[]).includes(column ?? '') ? (column as string) : DEFAULT_SORT.column,
    dir: dir === 'asc' || dir === 'desc' ? dir : DEFAULT_SORT.dir,
  };
}

type ListQuery = Record<string, string | number | undefined>;

/**
 * The call behind each request type (mine or company, last 30 days or all), as the endpoint and parameters it is
 * cached under: the live layer places changed rows by reading them back from the key (lib/live-lists).
 */
function casesRequest(type: CaseRequestType, query: ListQuery) {
  const recent = { days: LIMITS.casesThirtyDays };
  switch (type) {
    case 'mine-30':
      return {
        endpoint: API.cases.listRecent,
        params: { scope: 'mine', ...recent },
        query: { ...query, not_closed: 'true' },
      };
    case 'company-30':
      return {
        endpoint: API.cases.listRecent,
        params: { scope: 'company', ...recent },
        query: { ...query, not_closed: 'true' },
      };
    case 'company-inbound-action':
      return { endpoint: API.cases.list, params: { scope: 'company' }, query: { ...query, filter: 'inbound-action' } };
    case 'mine-all':
      return { endpoint: API.cases.list, params: { scope: 'mine' }, query };
    case 'company-all':
      return { endpoint: API.cases.list, params: { scope: 'company' }, query };
  }
}

export interface CaseListState {
  requestType: CaseRequestType;
  /** How many inbound cases wait for the company's move (null until read). */
  inboundActionTotal: number | null;
  setRequestType: (type: CaseRequestType) => void;
  sort: SortState;
  setSort: (sort: SortState) => void;
  query: string;
  setQuery: (query: string) => void;
  page: number;
  setPage: (page: number) => void;
  list: CaseList | null;
  loading: boolean;
  failed: boolean;
}

/**
 * The dashboard's active-cases list: request type, sort and direction are remembered in localStorage;
 * typing a query reloads after LIMITS.listReloadDebounceMs, other changes reload at once.
 */
export function useCaseList(): CaseListState {
  const [chosenType, setRequestTypeState] = useState<CaseRequestType | null>(storedRequestType);
  // The company's inbound cases waiting for it: the dashboard's count, kept live (lib/live-lists).
  const inboundAction = useApiQuery(API.cases.inboundActionCount);
  const inboundActionTotal = inboundAction.data?.total ?? null;
  const firstVisitType = firstVisitRequestType(inboundActionTotal, inboundAction.isError);
  const requestType = chosenType ?? firstVisitType ?? DEFAULT_CASE_REQUEST_TYPE;
  const [sort, setSortState] = useState<SortState>(storedSort);
  const [query, setQueryState] = useState('');
  const [debouncedQuery, setDebouncedQuery] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const timer = window.setTimeout(() => setDebouncedQuery(query.trim()), LIMITS.listReloadDebounceMs);
    return () => window.clearTimeout(timer);
  }, [query]);

  const request = casesRequest(requestType, {
    q: debouncedQuery || undefined,
    sort: sort.column,
    dir: sort.dir,
    page,
    limit: LIMITS.pageSize,
  });
  // New and changed cases of the company are placed in the cached page as they arrive (lib/live-lists).
  const cases = useQuery({
    queryKey: apiKey(request.endpoint, request.params, request.query),
    queryFn: () => call(request.endpoint, { params: request.params, query: request.query }),
    placeholderData: keepPreviousData,
    // A first visit reads its list once it knows which view holds work.
    enabled: chosenType !== null || firstVisitType !== null,
  });
  const list: CaseList | null = cases.data ?? null;

  return {
    requestType,
    inboundActionTotal,
    setRequestType: (type) => {
      storage.set(STORAGE_KEYS.caseRequestType, type);
      setRequestTypeState(type);
      setPage(1);
    },
    sort,
    setSort: (next) => {
      storage.set(STORAGE_KEYS.caseSort, next.column);
      storage.set(STORAGE_KEYS.caseDir, next.dir);
      setSortState(next);
      setPage(1);
    },
    query,
    setQuery: (next) => {
      setQueryState(next);
      setPage(1);
    },
    page,
    setPage,
    list,
    // List failures are only logged, with no alert; the table says it could not load.
    loading: cases.isFetching,
    failed: cases.isError,
  };
}
