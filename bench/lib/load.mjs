// The two load generators of every comparison, with the same shape of result:
// autocannon against an HTTP url, and an in-process closed loop of `concurrency` workers for the raw side.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

/**
 * { p50, p99 } in ms, requests per second, request count, errors (non-2xx and socket errors), and the count of each
 * status code (a 304 is a non-2xx answer that a conditional GET expects).
 */
export async function httpLoad({ url, method = 'GET', headers = {}, body, connections, durationSeconds }) {
  const result = await autocannon({
    url,
    method,
    headers,
    body,
    connections,
    duration: durationSeconds,
    pipelining: 1,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    ),
  };
}

/** Runs `task` in `concurrency` parallel loops for `durationSeconds`; latency of each call. */
export async function closedLoop({ task, concurrency, durationSeconds }) {
  const latencies = [];
  let errors = 0;
  const start = performance.now();
  const deadline = start + durationSeconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const before = performance.now();
      try {
        await task();
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - before);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsedSeconds = (performance.now() - start) / 1000;
  return { ...percentiles(latencies), rps: latencies.length / elapsedSeconds, requests: latencies.length, errors };
}

export function percentiles(values) {
  if (values.length === 0) return { p50: NaN, p99: NaN };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
  return { p50: at(0.5), p99: at(0.99) };
}
