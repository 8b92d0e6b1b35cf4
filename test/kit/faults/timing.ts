/**
 * Resolves when `promise` settles or after `ms`, whichever comes first, and never rejects: for teardown steps
 * that must not hang or fail afterAll (e.g. closing clients of a server that is down). Leaves no timer behind.
 */
export async function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([
      promise.then(
        () => undefined,
        () => undefined,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
