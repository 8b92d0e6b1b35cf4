import { ReadCache } from './read-cache';

/** A load the test finishes by hand, to drop tags while it runs. */
function heldLoad<T>(value: T) {
  let finish: () => void = () => undefined;
  const load = jest.fn(() => new Promise<T>((resolve) => (finish = () => resolve(value))));
  return { load, finish: () => finish() };
}

describe('ReadCache', () => {
  const tags = () => ['case:1'];

  it('answers the second read from memory, and loads again once its tag is dropped', async () => {
    const cache = new ReadCache();
    cache.setEnabled(true);
    const load = jest.fn(async () => ({ summary: 'first' }));
    await cache.read('a', load, tags);
    expect(await cache.read('a', load, tags)).toEqual({ summary: 'first' });
    expect(load).toHaveBeenCalledTimes(1);
    cache.drop(['case:2']);
    await cache.read('a', load, tags);
    expect(load).toHaveBeenCalledTimes(1);
    cache.drop(['case:1']);
    await cache.read('a', load, tags);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a load that was running while anything was dropped', async () => {
    const cache = new ReadCache();
    cache.setEnabled(true);
    const held = heldLoad({ summary: 'read before the change' });
    const reading = cache.read('a', held.load, tags);
    expect(cache.idle).toBe(false);
    cache.drop(['case:9']);
    held.finish();
    expect(await reading).toEqual({ summary: 'read before the change' });
    expect(cache.size).toBe(0);
    expect(cache.idle).toBe(true);
  });

  it('keeps nothing while off, and evicts the least recently used past its size', async () => {
    const cache = new ReadCache(2);
    const load = jest.fn(async () => 1);
    await cache.read('off', load, tags);
    expect(cache.size).toBe(0);
    cache.setEnabled(true);
    await cache.read('a', load, tags);
    await cache.read('b', load, tags);
    await cache.read('a', load, tags); // a is now the most recently used
    await cache.read('c', load, tags);
    load.mockClear();
    await cache.read('a', load, tags);
    expect(load).not.toHaveBeenCalled();
    await cache.read('b', load, tags);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again once an answer is older than its maximum age', async () => {
    const cache = new ReadCache(10, 0);
    cache.setEnabled(true);
    const load = jest.fn(async () => 1);
    await cache.read('a', load, tags);
    await new Promise((resolve) => setTimeout(resolve, 2));
    await cache.read('a', load, tags);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('hands out frozen answers, so no caller can change what the next one reads', async () => {
    const cache = new ReadCache();
    cache.setEnabled(true);
    const answer = await cache.read('a', async () => [{ notes: [{ summary: 'x' }] }], tags);
    expect(() => {
      (answer[0].notes as { summary: string }[]).push({ summary: 'y' });
    }).toThrow(TypeError);
    expect(Object.isFrozen(answer[0].notes[0])).toBe(true);
  });
});

describe('ReadCache: one load per key at a time', () => {
  const tags = () => ['case:1'];

  it('lets readers of a missing key wait for the load already running, and all get its answer', async () => {
    const cache = new ReadCache();
    cache.setEnabled(true);
    const { load, finish } = heldLoad({ summary: 'once' });
    const readers = [cache.read('a', load, tags), cache.read('a', load, tags), cache.read('a', load, tags)];
    finish();
    expect(await Promise.all(readers)).toEqual([{ summary: 'once' }, { summary: 'once' }, { summary: 'once' }]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(await readers[0])).toBe(true);
  });

  it('does not hand a reader who came after a drop a load that started before it', async () => {
    const cache = new ReadCache();
    cache.setEnabled(true);
    const before = heldLoad({ summary: 'before the change' });
    const first = cache.read('a', before.load, tags);
    cache.drop(['case:1']);
    const after = jest.fn(async () => ({ summary: 'after the change' }));
    expect(await cache.read('a', after, tags)).toEqual({ summary: 'after the change' });
    before.finish();
    expect(await first).toEqual({ summary: 'before the change' });
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('fails every waiting reader with the load, and the next reader loads again', async () => {
    const cache = new ReadCache();
    cache.setEnabled(true);
    let fail: (error: Error) => void = () => undefined;
    const failing = jest.fn(() => new Promise<{ summary: string }>((_resolve, reject) => (fail = reject)));
    const readers = [cache.read('a', failing, tags), cache.read('a', failing, tags)];
    fail(new Error('database away'));
    await expect(Promise.all(readers)).rejects.toThrow('database away');
    expect(failing).toHaveBeenCalledTimes(1);
    const next = jest.fn(async () => ({ summary: 'back' }));
    expect(await cache.read('a', next, tags)).toEqual({ summary: 'back' });
  });
});
