import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { LIMITS } from '@casebridge/contracts';
import { loadAllPages, pageDelayMs } from './load-pages';

describe('Inactive Users paging', () => {
  const noWait = () => Promise.resolve();
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('waits 15 ms between pages, growing 40 ms per page after the fifth', () => {
    expect([0, 1, 4, 5, 6, 7, 10].map(pageDelayMs)).toEqual([15, 15, 15, 15, 55, 95, 215]);
    expect(pageDelayMs(0)).toBe(LIMITS.usersListFirstDelayMs);
  });

  it('asks page after page until an empty one arrives, waiting before each', async () => {
    const asked: number[] = [];
    const waits: number[] = [];
    const rows: number[] = [];
    const done = await loadAllPages({
      fetchPage: (page) => {
        asked.push(page);
        return Promise.resolve(page <= 7 ? [page * 10, page * 10 + 1] : []);
      },
      onRows: (more) => rows.push(...more),
      isActive: () => true,
      wait: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    expect(done).toBe(true);
    expect(asked).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(waits).toEqual([15, 15, 15, 15, 15, 15, 55, 95]);
    expect(rows).toHaveLength(14);
  });

  it('retries a failed page up to 2 more times, and a success resets the count', async () => {
    const outcomes: Record<number, ('fail' | 'ok')[]> = { 1: ['fail', 'fail', 'ok'], 2: ['fail', 'ok'] };
    const asked: number[] = [];
    const done = await loadAllPages({
      fetchPage: (page) => {
        asked.push(page);
        const next = outcomes[page]?.shift() ?? 'ok';
        if (next === 'fail') return Promise.reject(new Error('down'));
        return Promise.resolve(page <= 2 ? [page] : []);
      },
      onRows: () => undefined,
      isActive: () => true,
      wait: noWait,
    });
    expect(done).toBe(true);
    expect(asked).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it('stops with what loaded after 3 failures in a row', async () => {
    const rows: number[] = [];
    let calls = 0;
    const done = await loadAllPages({
      fetchPage: (page) => {
        calls += 1;
        return page === 1 ? Promise.resolve([1]) : Promise.reject(new Error('down'));
      },
      onRows: (more) => rows.push(...more),
      isActive: () => true,
      wait: noWait,
    });
    expect(done).toBe(false);
    expect(rows).toEqual([1]);
    expect(calls).toBe(1 + LIMITS.usersListMaxFailures);
  });

  it('stops when the page is left', async () => {
    let active = true;
    const asked: number[] = [];
    await loadAllPages({
      fetchPage: (page) => {
        asked.push(page);
        if (page === 2) active = false;
        return Promise.resolve([page]);
      },
      onRows: () => undefined,
      isActive: () => active,
      wait: noWait,
    });
    expect(asked).toEqual([1, 2]);
  });
});
