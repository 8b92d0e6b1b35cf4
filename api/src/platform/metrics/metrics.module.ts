import { Global, Module } from '@nestjs/common';
import { ApiMetrics } from './api-metrics';

/** Prometheus metrics of this api instance. Global: the realtime publisher counts its emits through it. */
@Global()
@Module({
  providers: [ApiMetrics],
  exports: [ApiMetrics],
})
export class MetricsModule {}
