import { useEffect, useState } from 'react';
import {
  CASE_REQUEST_TYPES,
  CASE_SORT_COLUMNS,
  caseApi,
  DEFAULT_CASE_REQUEST_TYPE,
  LIMITS,
  STORAGE_KEYS,
  type CaseList,
  type CaseRequestType,
} from '@casebridge/contracts';
import { call } from '../../lib/api';
import { useCompanyCasesVersion } from '../../lib/live';
import { storage } from '../../lib/storage';
import type { SortState } from '../../ui/DataTable';

const DEFAULT_SORT: SortState = { column: 'updated_at', dir: 'desc' };

function storedRequestType(): CaseRequestType {
  const stored = storage.get(STORAGE_KEYS.caseRequestType);
  return CASE_REQUEST_TYPES.some((type) => type.value === stored)
    ? (stored as CaseRequestType)
    : DEFAULT_CASE_REQUEST_TYPE;
}

function storedSort(): SortState {
  const column = storage.get(STORAGE_KEYS.caseSort);
  const dir = storage.get(STORAGE_KEYS.caseDir);
  return {
    column: (CASE_SORT_COLUMNS as readonly string[]).includes(column ?? '') ? (column as string) : DEFAULT_SORT.column,
    dir: dir === 'asc' || dir === 'desc' ? dir : DEFAULT_SORT.dir,
  };
}

/** The call behind each request type (spec 1 §7 get-cases). */
function fetchCases(type: CaseRequestType, query: Record<string, string | number | undefined>): Promise<CaseList> {
  switch (type) {
    case 'mine-30':
      return call(caseApi.listRecent, {
        params: { scope: 'mine', days: LIMITS.casesThirtyDays },
        query: { ...query, not_closed: 'true' },
      });
    case 'company-30':
      return call(caseApi.listRecent, {
        params: { scope: 'company', days: LIMITS.casesThirtyDays },
        query: { ...query, not_closed: 'true' },
      });
    case 'company-inbound-action':
      return call(caseApi.list, { params: { scope: 'company' }, query: { ...query, filter: 'inbound-action' } });
    case 'mine-all':
      return call(caseApi.list, { params: { scope: 'mine' }, query });
    case 'company-all':
      return call(caseApi.list, { params: { scope: 'company' }, query });
  }
}

export interface CaseListState {
  requestType: CaseRequestType;
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
  const [requestType, setRequestTypeState] = useState<CaseRequestType>(storedRequestType);
  const [sort, setSortState] = useState<SortState>(storedSort);
  const [query, setQueryState] = useState('');
  const [debouncedQuery, setDebouncedQuery] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<CaseList | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  // New and changed cases of the company reload the list live.
  const liveVersion = useCompanyCasesVersion();

  useEffect(() => {
    const timer = window.setTimeout(() => setDebouncedQuery(query.trim()), LIMITS.listReloadDebounceMs);
    return () => window.clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    let current = true;
    setLoading(true);
    fetchCases(requestType, {
      q: debouncedQuery || undefined,
      sort: sort.column,
      dir: sort.dir,
      page,
      limit: LIMITS.pageSize,
    }).then(
      (answer) => {
        if (!current) return;
        setList(answer);
        setFailed(false);
        setLoading(false);
      },
      () => {
        // List failures are only logged (spec 1 §8); the table says it could not load.
        if (!current) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [requestType, sort, debouncedQuery, page, liveVersion]);

  return {
    requestType,
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
    loading,
    failed,
  };
}
