// Case events committed straight into PostgreSQL, as the api's note service writes them (a case_notes row, the
// case's next seq, a note_added entry through the same triggers), each followed by the fan-out job the api enqueues
// after commit (same queue, job name, id and options). Times the webhook pipeline from the commit on, without the
// api's own work (HTTP, mails, live messages) on the same cores.
import contracts from '@casebridge/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/** Writers in parallel: each event is its own transaction, as each note is. */
const WRITERS = 4;

export async function openCaseEventWriter({ databaseUrl, redisUrl, redisPrefix, companyId, tokens }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: WRITERS });
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(contracts.QUEUES.notifications, { connection, prefix: redisPrefix });
  const retry = contracts.loadRetryPolicies(process.env);
  const { rows } = await pool.query('select id from cases where token = any($1::text[]) order by id', [tokens]);
  const caseIds = rows.map((kase) => kase.id);

  async function commitOne(caseId, summary) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows: seqs } = await client.query(
        'update cases set event_seq = event_seq + 1, updated_at = now() where id = $1 returning event_seq',
        [caseId],
      );
      const { rows: notes } = await client.query(
        `insert into case_notes (case_id, company_id, creator_name, summary, description, created_at)
         values ($1, $2, 'Bench Engineer', $3, 'Committed by the connect-http benchmark.', now()) returning id`,
        [caseId, companyId, summary],
      );
      const { rows: events } = await client.query(
        `insert into case_events (case_id, seq, type, actor_label, payload, created_at)
         values ($1, $2, 'note_added', 'Bench Engineer', jsonb_build_object('summary', $3::text, 'note_id', $4::int),
           now()) returning id`,
        [caseId, seqs[0].event_seq, summary, notes[0].id],
      );
      await client.query('commit');
      return events[0].id;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  return {
    /** Events at `rate` a second for `seconds`; when each one's commit returned, by its marker. */
    async write({ rate, seconds, run }) {
      const committedAt = new Map();
      const failures = [];
      const inFlight = [];
      const started = performance.now();
      const total = Math.max(1, Math.round(rate * seconds));
      for (let index = 0; index < total; index += 1) {
        const wait = started + (index * 1000) / rate - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const marker = `${run}.${index}`;
        inFlight.push(
          commitOne(caseIds[index % caseIds.length], `bench-webhook ${marker}`)
            .then(async (eventId) => {
              committedAt.set(marker, performance.now());
              await queue.add(
                contracts.INTEGRATION_JOB_NAMES.caseEvent,
                { caseEventId: eventId },
                contracts.integrationJobOptions(retry.webhooks, contracts.caseEventJobId(eventId)),
              );
            })
            .catch((error) => failures.push(error.message)),
        );
      }
      await Promise.all(inFlight);
      return { sentAt: committedAt, failures, seconds: (performance.now() - started) / 1000 };
    },
    async close() {
      await queue.close();
      connection.disconnect();
      await pool.end();
    },
  };
}
