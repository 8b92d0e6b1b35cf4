import { Global, Module } from '@nestjs/common';
import { WorkerMetrics } from './worker-metrics';
import { WorkerMetricsServer } from './worker-metrics.server';

/** The worker's metrics and the HTTP server that serves them with its probes. Global: processors count through it. */
@Global()
@Module({
  providers: [WorkerMetrics, WorkerMetricsServer],
  exports: [WorkerMetrics],
})
export class WorkerMetricsModule {}
