import { Job } from 'bullmq';
import { MAX_PARK_MS, parkDelay, runningJob } from './park-job';

const jobWith = (attemptsStarted: number, attemptsMade: number) => ({ attemptsStarted, attemptsMade }) as Job;

describe('parkDelay', () => {
  it('starts at the first delay and doubles with every earlier park (runs started beyond attempts made)', () => {
    expect(parkDelay(jobWith(1, 0), 5000)).toBe(5000);
    expect(parkDelay(jobWith(2, 0), 5000)).toBe(10_000);
    // Two failed attempts and two parks before this run.
    expect(parkDelay(jobWith(5, 2), 5000)).toBe(20_000);
  });

  it('never sleeps longer than an hour', () => {
    expect(parkDelay(jobWith(40, 0), 5000)).toBe(MAX_PARK_MS);
    expect(MAX_PARK_MS).toBe(3600_000);
  });
});

describe('runningJob', () => {
  it('is the job with its lock token, and nothing when the handler runs without one (called directly)', () => {
    const job = jobWith(1, 0);
    expect(runningJob(job, 'token-1')).toEqual({ job, token: 'token-1' });
    expect(runningJob(job, undefined)).toBeUndefined();
  });
});
