/** Raised by withinDeadline when the work did not settle in time. */
export class DeadlineExceeded extends Error {}

/**
 * The work's result, or a DeadlineExceeded rejection after `ms`: probes and scrapes answer in bounded time even
 * while a connection holds its commands for a server that is away. The work itself is not cancelled.
 */
export function withinDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
