import { LIMITS } from '@casebridge/contracts';

/**
 * The wait before asking for a page: 15 ms at first, then 40 ms more for every page after the fifth,
 * so a long list does not hammer the server.
 */
export function pageDelayMs(pagesLoaded: number): number {
  const extraPages = Math.max(0, pagesLoaded - LIMITS.usersListDelayGrowthAfterPages);
  return LIMITS.usersListFirstDelayMs + extraPages * LIMITS.usersListDelayGrowthMs;
}

export interface LoadPagesOptions<Row> {
  fetchPage: (page: number) => Promise<Row[]>;
  onRows: (rows: Row[]) => void;
  /** False once the page is left: loading stops. */
  isActive: () => boolean;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads pages 1, 2, ... until an empty one arrives. A failed page is asked again; after
 * LIMITS.usersListMaxFailures failures in a row it stops with what has loaded.
 * Resolves with whether the whole list arrived.
 */
export async function loadAllPages<Row>({ fetchPage, onRows, isActive, wait = sleep }: LoadPagesOptions<Row>) {
  let page = 1;
  let failures = 0;
  while (isActive()) {
    await wait(pageDelayMs(page - 1));
    if (!isActive()) return false;
    try {
      const rows = await fetchPage(page);
      failures = 0;
      if (rows.length === 0) return true;
      if (!isActive()) return false;
      onRows(rows);
      page += 1;
    } catch (error) {
      failures += 1;
      console.warn(`Inactive users page ${page} failed`, error);
      if (failures >= LIMITS.usersListMaxFailures) return false;
    }
  }
  return false;
}
