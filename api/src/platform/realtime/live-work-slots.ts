/**
 * How many socket operations that read the database (a handshake's session check, a follow with its replay) run at
 * once on one instance; the others wait their turn, oldest first. When an instance goes away, its sockets all
 * arrive at the others within a second or two: unbounded, their reads took every pooled connection and the HTTP
 * requests queued behind hundreds of them (past a balancer's timeout). A follow reads with up to three connections
 * side by side, so three slots leave most of a pool of ten to the requests.
 */
export const LIVE_WORK_SLOTS = 3;

/** A first-come first-served limit on concurrent work. */
export class WorkSlots {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((turn) => this.queue.push(turn));
    else this.running += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot overtake the queue.
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Operations waiting for a slot (metrics, tests). */
  get waiting(): number {
    return this.queue.length;
  }
}
