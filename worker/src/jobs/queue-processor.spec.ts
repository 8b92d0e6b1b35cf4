import { DelayedError, Job, Queue, UnrecoverableError } from 'bullmq';
import { Logger } from 'pino';
import { parsePrometheusText, samplesOf, valueOf } from '../../../test/prometheus-text';
import { WorkerMetrics } from '../metrics/worker-metrics';
import { ProcessorJobs, QueueProcessor } from './queue-processor';

interface LoggedLine {
  level: 'info' | 'warn';
  fields: Record<string, unknown>;
  msg: string;
}

class TestProcessor extends QueueProcessor {
  constructor(queue: Queue, jobs: ProcessorJobs) {
    super(queue, jobs);
  }
}

/** A processor on a stand-in queue, with the logger Nest would inject, recording its lines, and real metrics. */
function processorWith(jobs: ProcessorJobs) {
  const lines: LoggedLine[] = [];
  const added: { name: string; data: unknown; opts: unknown }[] = [];
  const errorListeners: ((error: Error) => void)[] = [];
  const queue = {
    name: 'test-queue',
    on: (event: string, listener: (error: Error) => void) => event === 'error' && errorListeners.push(listener),
    add: async (name: string, data: unknown, opts: unknown) => {
      added.push({ name, data, opts });
      return { id: '1', name, data } as Job;
    },
  } as unknown as Queue;
  const processor = new TestProcessor(queue, jobs);
  const record = (level: LoggedLine['level']) => (fields: Record<string, unknown>, msg: string) =>
    lines.push({ level, fields, msg });
  const metrics = new WorkerMetrics();
  Object.assign(processor, { logger: { info: record('info'), warn: record('warn') } as unknown as Logger, metrics });
  return { processor, lines, added, errorListeners, metrics };
}

function jobOf(name: string, data: unknown = {}): Job {
  return { name, id: '42', data, attemptsMade: 1, opts: { attempts: 3 } } as unknown as Job;
}

describe('QueueProcessor', () => {
  it('runs the handler of the job name and logs one line with its outcome', async () => {
    const { processor, lines } = processorWith({ handlers: { greet: async () => 'greeted' } });

    await expect(processor.process(jobOf('greet'))).resolves.toBe('greeted');

    expect(lines).toEqual([
      {
        level: 'info',
        msg: 'job done',
        fields: expect.objectContaining({
          queue: 'test-queue',
          name: 'greet',
          id: '42',
          attempt: 2,
          outcome: 'greeted',
        }),
      },
    ]);
    expect(lines[0].fields.ms).toEqual(expect.any(Number));
  });

  it('fails a job name without a handler for good (UnrecoverableError) and logs it', async () => {
    const { processor, lines } = processorWith({ handlers: { greet: async () => 'greeted' } });

    const failure = processor.process(jobOf('unknown'));

    await expect(failure).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(failure).rejects.toThrow('No handler for job name "unknown" on queue test-queue');
    expect(lines).toEqual([
      {
        level: 'warn',
        msg: 'job failed',
        fields: expect.objectContaining({
          name: 'unknown',
          outcome: 'failed',
          error: expect.stringMatching(/unknown/),
        }),
      },
    ]);
  });

  it('runs a scheduled job at its pinned time, logs its counts and queues a run by hand with the pinned time', async () => {
    const runs: Date[] = [];
    const options = { attempts: 1 };
    const { processor, lines, added, errorListeners } = processorWith({
      schedules: [
        {
          name: 'tick',
          repeat: { every: 1000 },
          options,
          run: async (now) => {
            runs.push(now);
            return { ticked: 1 };
          },
        },
      ],
    });
    const at = new Date('2030-01-02T03:04:05.000Z');

    await processor.runOnce('tick', at);
    expect(added).toEqual([{ name: 'tick', data: { now: at.toISOString() }, opts: options }]);
    await expect(processor.process(jobOf('tick', { now: at.toISOString() }))).resolves.toEqual({ ticked: 1 });

    expect(runs).toEqual([at]);
    expect(lines[0].fields).toEqual(expect.objectContaining({ name: 'tick', outcome: 'done', ticked: 1 }));
    expect(processor.jobNames).toEqual(['tick']);
    await expect(processor.runOnce('other')).rejects.toThrow('No scheduled job "other" on queue test-queue');
    // A queue with schedulers gets the listener that turns its connection errors into one warn line.
    expect(errorListeners).toHaveLength(1);
    errorListeners[0](new Error('connect ECONNREFUSED'));
    expect(lines.at(-1)).toEqual({
      level: 'warn',
      msg: 'queue connection error',
      fields: { queue: 'test-queue', err: 'connect ECONNREFUSED' },
    });
  });

  it('counts every attempt and its duration by queue, job name and status, an unknown name as unknown', async () => {
    const { processor, metrics } = processorWith({
      handlers: {
        greet: async () => 'greeted',
        fail: async () => {
          throw new Error('SMTP said no');
        },
      },
    });

    await processor.process(jobOf('greet'));
    await processor.process(jobOf('greet'));
    await expect(processor.process(jobOf('fail'))).rejects.toThrow('SMTP said no');
    await expect(processor.process(jobOf('made-up'))).rejects.toBeInstanceOf(UnrecoverableError);

    const samples = parsePrometheusText(await metrics.registry.metrics());
    const series = (name: string, status: string) => ({ queue: 'test-queue', name, status });
    expect(valueOf(samples, 'bullmq_jobs_total', series('greet', 'completed'))).toBe(2);
    expect(valueOf(samples, 'bullmq_jobs_total', series('fail', 'failed'))).toBe(1);
    expect(valueOf(samples, 'bullmq_jobs_total', series('unknown', 'failed'))).toBe(1);
    expect(valueOf(samples, 'bullmq_job_duration_seconds_count', series('greet', 'completed'))).toBe(2);
    expect(
      valueOf(samples, 'bullmq_job_duration_seconds_bucket', { ...series('greet', 'completed'), le: '+Inf' }),
    ).toBe(2);
  });

  it("hands the handler the job's lock token, and takes a parked job (DelayedError) as waiting, not failed", async () => {
    const tokens: (string | undefined)[] = [];
    const { processor, lines, metrics } = processorWith({
      handlers: {
        park: async (_job, token) => {
          tokens.push(token);
          throw new DelayedError('waits for seq 4');
        },
      },
    });

    // BullMQ must see the DelayedError itself: it leaves the parked job alone instead of failing it.
    await expect(processor.process(jobOf('park'), 'lock-token')).rejects.toBeInstanceOf(DelayedError);

    expect(tokens).toEqual(['lock-token']);
    expect(lines).toEqual([
      {
        level: 'info',
        msg: 'job waiting',
        fields: expect.objectContaining({ name: 'park', outcome: 'waiting', reason: 'waits for seq 4' }),
      },
    ]);
    const samples = parsePrometheusText(await metrics.registry.metrics());
    const series = (status: string) => ({ queue: 'test-queue', name: 'park', status });
    expect(valueOf(samples, 'bullmq_jobs_total', series('delayed'))).toBe(1);
    expect(samplesOf(samples, 'bullmq_jobs_total', series('failed'))).toEqual([]);
  });

  it('leaves the error events of a queue without schedulers to BullMQ', () => {
    const { errorListeners } = processorWith({ handlers: { greet: async () => 'greeted' } });
    expect(errorListeners).toHaveLength(0);
  });
});
