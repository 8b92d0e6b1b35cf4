import { PRODUCED_JOB_NAMES, QUEUES, type QueueName } from '@casebridge/contracts';
import { Queue } from 'bullmq';
import { AttachmentsProcessor } from '../attachments/attachments.processor';
import { ExportsProcessor } from '../exports/exports.processor';
import { MailProcessor } from '../mail/mail.processor';
import { NotificationsProcessor } from '../notifications/notifications.processor';
import { RetentionProcessor } from '../retention/retention.processor';
import { SlaProcessor } from '../sla/sla.processor';
import { DigestProcessor } from '../digest/digest.processor';
import { checkJobHandlers, QueueConsumer } from './job-handlers-check';

const ALL_QUEUES = Object.values(QUEUES);

/** The queue a processor is given by @InjectQueue: only its name and 'error' listener matter here. */
function queueNamed(name: QueueName): Queue {
  return { name, on: jest.fn() } as unknown as Queue;
}

/** The worker's real processors; their services are never called while the check runs. */
function workerProcessors(): QueueConsumer[] {
  const unused = {} as never;
  return [
    new MailProcessor(unused, queueNamed(QUEUES.mail)),
    new ExportsProcessor(unused, unused, queueNamed(QUEUES.exports)),
    new AttachmentsProcessor(unused, queueNamed(QUEUES.attachments)),
    new NotificationsProcessor(unused, unused, unused, unused, queueNamed(QUEUES.notifications)),
    new RetentionProcessor(unused, queueNamed(QUEUES.retention)),
    new SlaProcessor(unused, queueNamed(QUEUES.sla)),
    new DigestProcessor(unused, queueNamed(QUEUES.digest)),
  ];
}

describe('checkJobHandlers (worker startup)', () => {
  it('passes for the worker as built: every job name a producer sends has a handler', () => {
    expect(() => checkJobHandlers(ALL_QUEUES, workerProcessors())).not.toThrow();
  });

  it('covers every queue and every produced job name', () => {
    const processors = workerProcessors();
    expect(processors.map((processor) => processor.queueName).sort()).toEqual([...ALL_QUEUES].sort());
    for (const queue of ALL_QUEUES) {
      const processor = processors.find((candidate) => candidate.queueName === queue);
      expect(processor?.jobNames).toEqual(expect.arrayContaining([...PRODUCED_JOB_NAMES[queue]]));
    }
  });

  it('fails naming the queue and the job when a handler is missing', () => {
    const processors = workerProcessors().map((processor) =>
      processor.queueName === QUEUES.notifications
        ? { queueName: processor.queueName, jobNames: processor.jobNames.filter((name) => name !== 'deliver-webhook') }
        : processor,
    );
    expect(() => checkJobHandlers(ALL_QUEUES, processors)).toThrow(
      'queue "notifications" has no handler for job "deliver-webhook"',
    );
  });

  it('names every gap at once', () => {
    const processors = workerProcessors().map((processor) =>
      processor.queueName === QUEUES.mail ? { queueName: QUEUES.mail, jobNames: [] } : processor,
    );
    const withoutSla = processors.filter((processor) => processor.queueName !== QUEUES.sla);
    expect(() => checkJobHandlers(ALL_QUEUES, withoutSla)).toThrow(
      /queue "mail" has no handler for job "send-mail"; queue "sla" has no processor/,
    );
  });

  it('checks each processor of a queue, since any of them may be handed any job', () => {
    const complete = { queueName: QUEUES.mail, jobNames: ['send-mail'] };
    const partial = { queueName: QUEUES.mail, jobNames: [] };
    expect(() => checkJobHandlers([QUEUES.mail], [complete])).not.toThrow();
    expect(() => checkJobHandlers([QUEUES.mail], [complete, partial])).toThrow(
      'queue "mail" has no handler for job "send-mail"',
    );
  });

  it('only checks the queues this process consumes', () => {
    const exportsOnly = workerProcessors().filter((processor) => processor.queueName === QUEUES.exports);
    expect(() => checkJobHandlers([QUEUES.exports], exportsOnly)).not.toThrow();
    expect(() => checkJobHandlers([QUEUES.exports, QUEUES.mail], exportsOnly)).toThrow('queue "mail" has no processor');
  });
});
