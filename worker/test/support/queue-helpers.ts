import { Job, JobState, Queue } from 'bullmq';
import { waitFor } from '../../../test/wait-for';

/** Polls a job until it reaches one of `states` (completed / failed...), returning the fresh job. */
export async function waitForJobState(
  queue: Queue,
  jobId: string,
  states: JobState[],
  timeoutMs = 20_000,
): Promise<Job> {
  await waitFor(
    async () => (await (await queue.getJob(jobId))?.getState()) ?? 'missing',
    (state) => states.includes(state as JobState),
    { what: `job ${jobId} ${states.join(' or ')}`, timeoutMs },
  );
  // Read the job again once it is there: the copy fetched before the state change lacks its return value.
  return (await queue.getJob(jobId)) as Job;
}
