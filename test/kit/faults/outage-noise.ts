/**
 * While a Redis server is down, BullMQ queues without an 'error' listener print every failed reconnect with
 * console.error. Hides exactly those (connection refused / reset / closed) for the calling test file and lets
 * anything else through; returns how many were hidden. Call in beforeAll; jest restores mocks per file.
 */
export function hideRedisOutageNoise(): { hidden: () => number } {
  const original = console.error.bind(console);
  let hidden = 0;
  // Duck-typed: errors raised by node's net module are not instances of the test realm's Error.
  const isOutage = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return false;
    const { code, message } = value as { code?: unknown; message?: unknown };
    return /^(ECONNREFUSED|ECONNRESET|EPIPE)$/.test(String(code)) || /Connection is closed/.test(String(message));
  };
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (args.length > 0 && args.every(isOutage)) hidden += 1;
    else original(...args);
  });
  return { hidden: () => hidden };
}
