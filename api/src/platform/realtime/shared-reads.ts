/**
 * Identical reads asked at about the same time, run once. A read already running may have taken its snapshot before
 * a newcomer did what must come first (a follower joins the case's rooms, then reads what it missed: an entry
 * between the read's snapshot and the join would reach it neither way), so a newcomer never joins a running read:
 * it waits for the next one, which starts when the running one ends and is shared by everyone who asked meanwhile.
 * A wave of a thousand reconnecting followers of one case costs a few reads instead of a thousand. (ReadCache's
 * sharing lets a reader join the load already running, and keeps the answer: right for a page, wrong here.)
 */
export class SharedReads<T> {
  private readonly reads = new Map<string, { running: Promise<T>; next?: Promise<T> }>();

  read(key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.reads.get(key);
    if (!entry) return this.begin(key, load);
    const settled = () => undefined;
    entry.next ??= entry.running.then(settled, settled).then(() => this.begin(key, load));
    return entry.next;
  }

  /** Keys with a read running (tests, metrics). */
  get running(): number {
    return this.reads.size;
  }

  private begin(key: string, load: () => Promise<T>): Promise<T> {
    const running = load();
    this.reads.set(key, { running });
    const done = () => {
      const entry = this.reads.get(key);
      // A next read, if any, takes the key over when it begins.
      if (entry?.running === running && !entry.next) this.reads.delete(key);
    };
    running.then(done, done);
    return running;
  }
}
