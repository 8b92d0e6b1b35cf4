import { Module } from '@nestjs/common';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { QUEUES } from '@casebridge/contracts';
import type { Queue } from 'bullmq';
import { QueueDashboardAccess } from './queue-dashboard-access';
import { QueueDashboardController } from './queue-dashboard.controller';
import { QueueDashboardTickets } from './queue-dashboard-tickets';

/** Every queue the worker consumes, including those the api never sends to (retention, sla). */
const QUEUE_NAMES = Object.values(QUEUES);

/** The queues the dashboard shows, in QUEUES order. */
export const DASHBOARD_QUEUES = Symbol('DASHBOARD_QUEUES');

/**
 * Back office: the queue dashboard (bull-board) for super admins, mounted on Fastify by bootstrap.ts
 * (queue-dashboard.plugin.ts), and the endpoint that hands out its ticket cookie.
 */
@Module({
  imports: [BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name })))],
  controllers: [QueueDashboardController],
  providers: [
    QueueDashboardTickets,
    QueueDashboardAccess,
    {
      provide: DASHBOARD_QUEUES,
      inject: QUEUE_NAMES.map((name) => getQueueToken(name)),
      useFactory: (...queues: Queue[]) => queues,
    },
  ],
  exports: [QueueDashboardAccess, DASHBOARD_QUEUES],
})
export class QueueDashboardModule {}
