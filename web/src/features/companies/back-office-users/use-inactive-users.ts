import { useQuery } from '@tanstack/react-query';
import { type InactiveUserRow } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { call } from '../../../lib/api';
import { apiKey, queryClient } from '../../../lib/queries';
import { loadAllPages } from './load-pages';

export interface InactiveUsers {
  rows: InactiveUserRow[];
  /** Still loading pages, every page in, or stopped after failures with what had loaded. */
  state: 'loading' | 'done' | 'partial';
}

// The whole list, every page of it: the endpoint's key without a page.
const LIST_KEY = apiKey(API.superAdminUsers.list);

/**
 * The Inactive Users list, read page by page with growing waits and a few retries (load-pages); each
 * page shows as it arrives. Leaving the page stops the reading and drops the entry, so every visit reads the list
 * afresh, as reading until an empty page intends, and no change elsewhere has to keep it current.
 */
export function useInactiveUsers(): InactiveUsers {
  const list = useQuery({
    queryKey: LIST_KEY,
    queryFn: async ({ signal }): Promise<InactiveUsers> => {
      // Every reading starts from an empty list: the pages are appended as they come.
      queryClient.setQueryData<InactiveUsers>(LIST_KEY, { rows: [], state: 'loading' });
      const complete = await loadAllPages({
        fetchPage: async (page) => (await call(API.superAdminUsers.list, { params: { page } })).users,
        // Appended to the entry as it is now: a row deleted meanwhile stays deleted.
        onRows: (more) =>
          queryClient.setQueryData<InactiveUsers>(LIST_KEY, (shown) => ({
            rows: [...(shown?.rows ?? []), ...more],
            state: 'loading',
          })),
        isActive: () => !signal.aborted,
      });
      const rows = queryClient.getQueryData<InactiveUsers>(LIST_KEY)?.rows ?? [];
      return { rows, state: complete ? 'done' : 'partial' };
    },
    // Read once per visit, never refreshed on the way (a second reading would start the pages over).
    staleTime: Infinity,
    gcTime: 0,
  });
  return list.data ?? { rows: [], state: 'loading' };
}

/** A user deleted from the list leaves it at once; the pages still to come are appended after the others. */
export function removeInactiveUser(id: number): void {
  queryClient.setQueryData<InactiveUsers>(LIST_KEY, (shown) =>
    shown ? { ...shown, rows: shown.rows.filter((row) => row.id !== id) } : shown,
  );
}
