import { Job, JobState, Queue } from 'bullmq';

/** Polls a job until it reaches one of `states` (completed / failed...), returning the fresh job. */
export async function waitForJobState(
  queue: Queue,
  jobId: string,
  states: JobState[],
  timeoutMs = 20_000,
): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const job = await queue.getJob(jobId);
    // Read the job again once it is there: the copy fetched before the state change lacks its return value.
    if (job && states.includes((await job.getState()) as JobState)) return (await queue.getJob(jobId)) ?? job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const job = await queue.getJob(jobId);
  throw new Error(`Job ${jobId} is ${job ? await job.getState() : 'missing'}, expected ${states.join(' or ')}`);
}
