export { withinDeadline, DeadlineExceeded } from './deadline';
export { checkReadiness, PROBE_TIMEOUT_MS, type Readiness, type ReadinessTargets } from './probes';
export { metricsAccessAllowed } from './metrics-token';
export {
  readQueueDepths,
  QUEUE_STATES,
  QUEUE_SCRAPE_TIMEOUT_MS,
  type CountableQueue,
  type QueueState,
} from './queue-depths';
export { registerQueueMetrics } from './queue-metrics';
