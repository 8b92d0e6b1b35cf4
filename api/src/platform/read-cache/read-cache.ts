/**
 * Tags an answer is dropped by: its case, the companies whose lists show it, the escalation queue, the network's
 * directory, the user it was read for (favourites, company note).
 */
export const readTags = {
  case: (caseId: number) => `case:${caseId}`,
  companyLists: (companyId: number) => `company:${companyId}`,
  escalationQueue: 'escalation-queue',
  directory: 'directory',
  user: (userId: number) => `user:${userId}`,
} as const;

interface Entry {
  value: unknown;
  tags: readonly string[];
  storedAt: number;
}

/**
 * How long an answer is kept at most, changes or not: answers that depend on the clock (the last 30 days, late
 * cases) move on by themselves, and this bounds how far behind the clock they can be.
 */
export const READ_CACHE_MAX_AGE_MS = 10_000;

/**
 * An instance's memory of hot read answers (what their SQL returned), each filed under tags. Whoever learns of a
 * committed change drops the tags it touches (CachedReads, from PostgreSQL's notifications). A load that was
 * running while anything was dropped is answered but not kept: it may have read the database before the change.
 * Values are frozen, so no caller can change what the next one is handed. Off (every read loads) until enabled.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysByTag = new Map<string, Set<string>>();
  /** The load running for each key, and the generation it started in: readers of a missing key share it. */
  private readonly running = new Map<string, { generation: number; value: Promise<unknown> }>();
  /** Grows with every drop; a load stores its value only if nothing was dropped while it ran. */
  private generation = 0;
  private loading = 0;
  private enabled = false;

  constructor(
    private readonly maxEntries = 2_000,
    private readonly maxAgeMs = READ_CACHE_MAX_AGE_MS,
  ) {}

  async read<T>(key: string, load: () => Promise<T>, tagsOf: (value: T) => readonly string[]): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    if (hit && performance.now() - hit.storedAt > this.maxAgeMs) this.remove(key);
    else if (hit) {
      // Most recently used last: the first key of the map is the one to evict.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as T;
    }
    // One load per key at a time: a burst of readers of a missing key (a popular case page just changed) waits for
    // the one load instead of each running the same SQL. A load that started before a drop is not shared: it may
    // have read the database before the change that dropped it.
    const shared = this.running.get(key);
    if (shared && shared.generation === this.generation) return shared.value as Promise<T>;
    const generation = this.generation;
    const value = this.load(key, generation, load, tagsOf);
    this.running.set(key, { generation, value });
    try {
      return await value;
    } finally {
      if (this.running.get(key)?.value === value) this.running.delete(key);
    }
  }

  private async load<T>(
    key: string,
    generation: number,
    load: () => Promise<T>,
    tagsOf: (value: T) => readonly string[],
  ): Promise<T> {
    this.loading++;
    try {
      // Frozen whether kept or not: readers that shared the load hold the same value.
      const value = deepFreeze(await load());
      if (this.enabled && generation === this.generation) this.store(key, value, tagsOf(value));
      return value;
    } finally {
      this.loading--;
    }
  }

  /** True when nothing is kept and nothing is loading: no answer here can be older than a change. */
  get idle(): boolean {
    return this.entries.size === 0 && this.loading === 0;
  }

  get size(): number {
    return this.entries.size;
  }

  drop(tags: readonly string[]): void {
    this.generation++;
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.remove(key);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.keysByTag.clear();
  }

  setEnabled(enabled: boolean): void {
    if (!enabled) this.clear();
    this.enabled = enabled;
  }

  private store(key: string, value: unknown, tags: readonly string[]): void {
    if (this.entries.has(key)) this.remove(key);
    this.entries.set(key, { value, tags, storedAt: performance.now() });
    for (const tag of tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    if (this.entries.size > this.maxEntries) this.remove(this.entries.keys().next().value as string);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}
