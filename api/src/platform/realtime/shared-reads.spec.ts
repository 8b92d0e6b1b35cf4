import { SharedReads } from './shared-reads';

/** A read the test ends by hand, counting how many were started. */
function controlledReads() {
  const started: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<number>((resolve, reject) => {
      started.push({ resolve, reject });
    });
  return { started, load };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('SharedReads', () => {
  it('runs one read for a key, and one more for everyone who asked while it ran', async () => {
    const reads = new SharedReads<number>();
    const { started, load } = controlledReads();
    const first = reads.read('case-1', load);
    // Asked while the first read runs: its snapshot may predate them, so they share the next one.
    const waiting = [reads.read('case-1', load), reads.read('case-1', load), reads.read('case-1', load)];
    expect(started).toHaveLength(1);

    started[0].resolve(1);
    expect(await first).toBe(1);
    await flush();
    expect(started).toHaveLength(2);
    started[1].resolve(2);
    expect(await Promise.all(waiting)).toEqual([2, 2, 2]);
    expect(reads.running).toBe(0);
  });

  it('keeps keys apart and starts afresh once a key is idle', async () => {
    const reads = new SharedReads<number>();
    const { started, load } = controlledReads();
    const one = reads.read('case-1', load);
    const other = reads.read('case-2', load);
    expect(started).toHaveLength(2);
    started[0].resolve(1);
    started[1].resolve(2);
    expect([await one, await other]).toEqual([1, 2]);
    await flush();

    const again = reads.read('case-1', load);
    expect(started).toHaveLength(3);
    started[2].resolve(3);
    expect(await again).toBe(3);
  });

  it('hands a failure to the sharers of that read only; the next read runs regardless', async () => {
    const reads = new SharedReads<number>();
    const { started, load } = controlledReads();
    const failing = reads.read('case-1', load);
    const next = reads.read('case-1', load);
    started[0].reject(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await flush();
    started[1].resolve(5);
    expect(await next).toBe(5);
    expect(reads.running).toBe(0);
  });
});
