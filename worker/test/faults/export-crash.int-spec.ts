import { EXPORT_JOB_NAMES, EXPORT_JOB_OPTIONS, exportJobId, QUEUES } from '@casebridge/contracts';
import { Queue } from 'bullmq';
import ExcelJS from 'exceljs';
import { Redis } from 'ioredis';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOrmConfig } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { aSuperAdmin } from '../../../test/kit/factories';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { readUntil, waitFor } from '../../../test/wait-for';
import { fastForwardStalledCheck } from './support/stalled-jobs';
import { WorkerProcess } from './support/worker-process';
import { waitForJobState } from '../support/queue-helpers';
import { BUILDING_FOLDER } from '../../src/exports/export-builder.service';

/** Enough rows that the build takes seconds, so the kill lands mid-file; small enough for a 2-core CI run. */
const ROWS = 50_000;
/** Killed once the partial file has this many bytes: past the zip's header, well into the rows. */
const MID_FILE_BYTES = 256 * 1024;
const DAY = '2026-04-01';
/** The worker transpiles its sources on start: slow on a busy 2-core machine. */
const WORKER_BOOT_MS = 90_000;

interface ExportRow {
  status: string;
  row_count: number | null;
  file_path: string | null;
  error: string | null;
}

/**
 * A worker process is SIGKILLed while it streams an export (row "building", its `.partial` file growing). A new
 * worker takes the job back and builds the whole file again: no job lost, the right row count, a valid workbook.
 */
describe('worker crash mid-export', () => {
  let env: IntegrationEnv;
  let db: Client;
  let redis: Redis;
  let queue: Queue;
  let storageDir: string;
  const workers: WorkerProcess[] = [];

  const exportRow = async (id: number): Promise<ExportRow> =>
    (await db.query<ExportRow>('select status, row_count, file_path, error from export_jobs where id = $1', [id]))
      .rows[0];
  const exportFiles = () => readdir(path.join(storageDir, 'exports')).catch(() => [] as string[]);
  /** Where the worker writes a workbook before moving it into storage whole. */
  const buildingFiles = () => readdir(path.join(storageDir, BUILDING_FOLDER)).catch(() => [] as string[]);

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    storageDir = await mkdtemp(path.join(tmpdir(), 'casebridge-export-crash-'));
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    queue = new Queue(QUEUES.exports, { connection: redis, prefix: env.redisPrefix });
  });

  afterAll(async () => {
    for (const worker of workers) await worker.kill();
    await queue?.close();
    await redis?.quit();
    await db?.end();
    await env?.cleanup();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  it('loses no export and completes the file when the worker dies mid-build', async () => {
    // A super admin of our own owns the logins and asks for the export.
    const orm = await MikroORM.init(createOrmConfig(env.databaseUrl));
    const admin = await aSuperAdmin(orm).finally(() => orm.close(true));
    await db.query(
      `insert into login_events (user_id, ip, created_at)
        select $1, '10.0.0.' || (n % 250), timestamptz '${DAY} 00:00:00+00' + make_interval(secs => n * 86000.0 / $2)
        from generate_series(0, $2 - 1) n`,
      [admin.id, ROWS],
    );
    // As the api's ExportsService and ExportsProducer make them: a queued row, then its job.
    const {
      rows: [{ id }],
    } = await db.query<{ id: number }>(
      `insert into export_jobs (user_id, kind, params) values ($1, 'user_logins', $2) returning id`,
      [admin.id, JSON.stringify({ start: DAY, end: DAY })],
    );
    const workerEnv = { STORAGE_DIR: storageDir };
    const first = await WorkerProcess.start(workerEnv, WORKER_BOOT_MS);
    workers.push(first);
    await queue.add(EXPORT_JOB_NAMES.build, { export_id: id }, { ...EXPORT_JOB_OPTIONS, jobId: exportJobId(id) });

    // Mid-build: the half-written file holds thousands of rows already (the whole file is about 2.5 MB).
    const { value: partialBytes, met: midFile } = await readUntil(
      async () => {
        const partial = (await buildingFiles()).find((name) => name.endsWith('.partial'));
        if (!partial) return 0;
        return (await stat(path.join(storageDir, BUILDING_FOLDER, partial)).catch(() => null))?.size ?? 0;
      },
      (bytes) => bytes >= MID_FILE_BYTES,
      { timeoutMs: 120_000, everyMs: 25 },
    );
    if (!midFile) throw new Error(`the export never got mid-file: ${JSON.stringify(await exportRow(id))}`);
    await first.kill('SIGKILL');
    const atKill = await exportRow(id);
    const job = await queue.getJob(exportJobId(id));
    expect(atKill.status).toBe('building');
    expect(await job?.getState()).toBe('active');

    // The killed worker's lock would expire in about a minute; skip the wait, not the mechanism (see the mail test).
    await fastForwardStalledCheck(redis, env.redisPrefix, QUEUES.exports, [exportJobId(id)]);
    const second = await WorkerProcess.start(workerEnv, WORKER_BOOT_MS);
    workers.push(second);

    const finished = await waitFor(
      () => exportRow(id),
      (row) => row.status === 'ready' || row.status === 'failed',
      { what: 'the export ready or failed', timeoutMs: 90_000, everyMs: 200 },
    );
    const files = await exportFiles();
    // The row is ready a moment before BullMQ records the job completed (the handler returns after its last write).
    const state = await (await waitForJobState(queue, exportJobId(id), ['completed', 'failed'])).getState();
    console.log(
      `export crash: killed at ${partialBytes} bytes of the partial file; the export ended ${finished.status} with ` +
        `${finished.row_count ?? 0} of ${ROWS} rows (${ROWS - (finished.row_count ?? 0)} lost), job ${state}, ` +
        `files left: ${files.join(', ')}`,
    );
    expect(finished).toMatchObject({ status: 'ready', row_count: ROWS, error: null });
    expect(state).toBe('completed');
    // The rebuilt file replaced the half one: nothing .partial is left behind, and storage holds the whole file only.
    expect(files).toEqual([path.basename(finished.file_path ?? '')]);
    expect(await buildingFiles()).toEqual([]);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(storageDir, finished.file_path ?? ''));
    const sheet = workbook.getWorksheet('User Logins');
    expect(sheet?.actualRowCount).toBe(ROWS + 1);
    expect(sheet?.getRow(2).getCell(2).value).toBe(admin.email);
    const firstAt = sheet?.getRow(2).getCell(7).value as Date;
    const lastAt = sheet?.getRow(ROWS + 1).getCell(7).value as Date;
    expect(firstAt.toISOString()).toBe(`${DAY}T00:00:00.000Z`);
    expect(lastAt.getTime()).toBeGreaterThan(firstAt.getTime());
    expect(
      second
        .logLines()
        .filter((line) => line.id === exportJobId(id))
        .map((line) => line.outcome),
    ).toEqual(['ready']);
  }, 300_000);
});
