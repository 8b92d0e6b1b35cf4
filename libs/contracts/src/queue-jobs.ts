import { EXPORT_JOB_NAMES } from './api/exports';
import { INTEGRATION_JOB_NAMES } from './integration-jobs';
import { JOB_NAMES, QUEUES, type QueueName } from './jobs';

/**
 * Every job name a producer sends on each queue, from the api or from the worker itself. Producers type their
 * queues with ProducedJobName, so a name missing here does not compile; the worker refuses to start unless each
 * one has a handler. Jobs a queue schedules for itself (exports cleanup, retention, SLA) come with their own
 * handler and are not listed.
 */
export const PRODUCED_JOB_NAMES = {
  [QUEUES.mail]: [JOB_NAMES.sendMail],
  [QUEUES.exports]: [EXPORT_JOB_NAMES.build],
  [QUEUES.attachments]: [INTEGRATION_JOB_NAMES.forwardAttachment],
  [QUEUES.notifications]: [
    INTEGRATION_JOB_NAMES.caseEvent,
    INTEGRATION_JOB_NAMES.deliverWebhook,
    INTEGRATION_JOB_NAMES.postTeamsCard,
    INTEGRATION_JOB_NAMES.sandboxAnswer,
  ],
  [QUEUES.retention]: [],
  [QUEUES.sla]: [],
  // The digest queue's jobs come from its own schedule (the worker), never from the api.
  [QUEUES.digest]: [],
} as const satisfies Record<QueueName, readonly string[]>;

/** The job names producers may send on queue Q (the name type of their BullMQ queue). */
export type ProducedJobName<Q extends QueueName> = (typeof PRODUCED_JOB_NAMES)[Q][number];
