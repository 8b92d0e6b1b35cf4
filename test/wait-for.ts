/**
 * Condition waits for tests: read something (a row, a job's state, a queue, a log, the messages a socket got) until
 * it is what the test expects. The deadline is a bound for a broken run, never a timing target: no test waits a
 * fixed time or asserts how long something took (timings belong in bench/). To prove that something did *not*
 * happen, cause one more event by the same path after it and wait for that one (a sentinel) instead of waiting a
 * quiet period.
 */
export interface WaitOptions {
  /** What the wait is for, in the failure message. */
  what?: string;
  /** The overall deadline (default 20 s). */
  timeoutMs?: number;
  /** How long to pause between reads (default 100 ms). */
  everyMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_EVERY_MS = 100;

/**
 * Reads `read` until `done` accepts its value and answers `{ value, met: true }`; once the deadline passed, answers
 * the last value read with `met: false` instead of failing. For callers that report how far it got before they
 * assert (e.g. how many clients are still behind).
 */
export async function readUntil<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  options: WaitOptions = {},
): Promise<{ value: T; met: boolean }> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, everyMs = DEFAULT_EVERY_MS } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return { value, met: true };
    if (Date.now() >= deadline) return { value, met: false };
    await new Promise((resolve) => setTimeout(resolve, Math.min(everyMs, Math.max(0, deadline - Date.now()))));
  }
}

/** Reads `read` until `done` accepts its value and returns that value; fails with the last value after the deadline. */
export async function waitFor<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  options: WaitOptions = {},
): Promise<T> {
  const { value, met } = await readUntil(read, done, options);
  if (!met) {
    const what = options.what ?? 'a condition';
    throw new Error(
      `${what}: not met after ${options.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms; last value read: ${describe(value)}`,
    );
  }
  return value;
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 2000) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * The steps of a boot (an api, a worker) under one deadline shorter than the hook that runs it: a boot that hangs
 * fails with the step it was waiting for and the steps already done, instead of jest's bare "Exceeded timeout of
 * N ms for a hook". The deadline is a bound for a broken run, not a target.
 */
export class BootSteps {
  private readonly started = Date.now();
  private readonly done: string[] = [];

  constructor(
    private readonly what: string,
    private readonly withinMs = Number(process.env.TEST_BOOT_TIMEOUT_MS ?? 45_000),
  ) {}

  async step<T>(name: string, work: Promise<T>): Promise<T> {
    const stepStarted = Date.now();
    const remaining = this.started + this.withinMs - stepStarted;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => {
          const before = this.done.length ? `; done before it: ${this.done.join(', ')}` : '';
          reject(new Error(`${this.what} did not boot within ${this.withinMs} ms: still ${name}${before}`));
        },
        Math.max(0, remaining),
      );
    });
    try {
      const value = await Promise.race([work, expired]);
      this.done.push(`${name} (${Date.now() - stepStarted} ms)`);
      return value;
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * `work`, or a failure naming `what` once `timeoutMs` passed: for a step of a long fault test that must not hang it
 * silently (a step that never settles fails with where it was, instead of jest's timeout much later).
 */
export async function within<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
