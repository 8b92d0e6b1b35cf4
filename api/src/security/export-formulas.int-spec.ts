import { EXPORT_KINDS, type ExportKind, type ExportShape } from '@casebridge/contracts';
import { Case, CaseNote, Company, LoginEvent, ProcessView, SavedSearch, User } from '@casebridge/db';
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';
import { binary, finishedExport } from '../../test/export-files';
import { startExportWorker, type ExportWorker } from '../../test/export-worker';
import { orm } from '../../test/member-fixtures';

/**
 * Spreadsheet formula injection, driven over every export kind: names, notes, searches, companies, groups and
 * processes that start like a formula are stored, each kind is built by the real worker and read back with
 * exceljs. No cell is a formula, no text cell starts with = + - @ tab or CR, and the planted text is there
 * escaped with a leading quote (OWASP). Numbers and dates keep their types.
 */

const FORMULAS = ['=HYPERLINK("http://x","y")', '+1+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1'];
/** What an escaped text reads back as: XML readers turn a carriage return into a line feed. */
const readBack = (text: string) => text.replace(/\r/g, '\n');
/** Text a spreadsheet would evaluate, as read back (\n is a carriage return after the XML round trip). */
const FORMULA_START = /^[=+\-@\t\r\n]/;
const ESCAPED = /^'[=+\-@\t\r\n]/;
const REPORT_DAY = new Date('2026-04-01T12:00:00Z');
const RANGE = { start: '26-04-01', end: '26-04-01' };

type Actor = 'superAdmin' | 'acmeAdmin';
/** Who asks for each kind and with which params; a new kind fails to compile until it is listed here. */
const ASKED: Record<ExportKind, { actor: Actor; params: (ids: { group: number; case: string }) => object }> = {
  usage: { actor: 'acmeAdmin', params: () => ({}) },
  case_audit: { actor: 'acmeAdmin', params: (ids) => ({ token: ids.case }) },
  company_users: { actor: 'acmeAdmin', params: () => ({}) },
  companies: { actor: 'superAdmin', params: () => ({}) },
  group_members: { actor: 'acmeAdmin', params: (ids) => ({ group_id: ids.group }) },
  partners: { actor: 'acmeAdmin', params: () => ({}) },
  groups: { actor: 'superAdmin', params: () => ({}) },
  group_partners: { actor: 'superAdmin', params: (ids) => ({ group_id: ids.group }) },
  inactive_users: { actor: 'superAdmin', params: () => ({}) },
  user_logins: { actor: 'superAdmin', params: () => RANGE },
  processes_viewed: { actor: 'superAdmin', params: () => RANGE },
  word_search: { actor: 'superAdmin', params: () => RANGE },
  managers: { actor: 'superAdmin', params: () => ({}) },
  mail_domain: { actor: 'superAdmin', params: () => ({}) },
  user_aged_logins: { actor: 'superAdmin', params: () => ({}) },
  escalation: { actor: 'superAdmin', params: () => ({ filter: 'all-10' }) },
};

interface ReadCell {
  value: unknown;
  formula: boolean;
}

describe('exports never carry a formula (real PostgreSQL, Redis and worker)', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  const tokens = {} as Record<Actor, string>;
  const ids = { group: 0, case: '' };

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-export-formulas-'));
    api = await startApi({ STORAGE_DIR: storage });
    worker = await startExportWorker();
    tokens.superAdmin = await api.login('admin@casebridge.test');
    tokens.acmeAdmin = await api.login('bm@acme.test');
    await plantFormulas();
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  /** Text that starts like a formula wherever an export reads text from. */
  async function plantFormulas(): Promise<void> {
    const em = orm(api);
    const db = em.getConnection();
    // Every company, process, group and department name: the text columns most kinds read.
    await db.execute(`update companies set name = ? || ' ' || name`, [FORMULAS[0]]);
    await db.execute(`update contact_documents set name = ? || ' ' || name`, [FORMULAS[2]]);
    await db.execute(`update communities set name = ? || ' ' || name`, [FORMULAS[3]]);
    await db.execute(`update departments set name = ? || ' ' || name`, [FORMULAS[4]]);

    const acme = await em.findOneOrFail(Company, { slug: 'acme' });
    const globex = await em.findOneOrFail(Company, { slug: 'globex' });
    // A group whose members Acme may see (partner programs show them to their sponsor only).
    const [relation] = await db.execute<{ id: number }[]>(
      `select r.community_id as id from company_group_relations r join communities g on g.id = r.community_id
        where r.company_id = ? and r.is_active and (g.type <> 'partner_program' or g.sponsor_company_id = ?)
        order by r.id limit 1`,
      [acme.id, acme.id],
    );
    ids.group = Number(relation.id);
    // A recent case between the two, so the usage and escalation lists (recent days) carry it.
    const kase = await em.findOneOrFail(
      Case,
      { submitterCompany: acme, receiverCompany: globex },
      { orderBy: { id: 'asc' } },
    );
    kase.createdAt = new Date(Date.now() - 3600_000);
    ids.case = kase.token;

    FORMULAS.forEach((formula, index) => {
      // Names as people type them: approved program managers who last signed in long ago.
      const user = em.create(User, {
        firstName: formula,
        lastName: formula,
        email: `formula${index}@acme.test`,
        company: acme,
        role: 'program_manager',
        lastLoginAt: new Date('2020-01-01T00:00:00Z'),
      });
      em.create(LoginEvent, { user, ip: '10.0.0.1' });
      em.create(ProcessView, { user, document: kase.document });
      em.create(SavedSearch, { user, term: formula });
      em.create(CaseNote, { case: kase, creatorName: formula, summary: formula });
    });
    await em.flush();
    // The dated reports read one day; createdAt is set on insert, so the day is written afterwards.
    for (const table of ['login_events', 'process_views', 'saved_searches']) {
      await db.execute(
        `update ${table} set created_at = ? where user_id in (select id from users where email like 'formula%@acme.test')`,
        [REPORT_DAY],
      );
    }
  }

  /** Asks for an export, waits for the worker to build it and reads every cell of its first sheet. */
  async function exportedCells(kind: ExportKind): Promise<ReadCell[][]> {
    const { actor, params } = ASKED[kind];
    const asked = await api
      .http()
      .post('/api/exports')
      .set(bearer(tokens[actor]))
      .send({ kind, params: params(ids) })
      .expect(200);
    const built = await finishedExport(api, tokens[actor], asked.body.export as ExportShape);
    expect([kind, built.status, built.error]).toEqual([kind, 'ready', null]);
    const file = await api
      .http()
      .get(`/api/exports/${built.id}/download`)
      .set(bearer(tokens[actor]))
      .buffer(true)
      .parse(binary)
      .expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const rows: ReadCell[][] = [];
    workbook.worksheets[0].eachRow((row) => {
      const cells: ReadCell[] = [];
      // Empty cells included, so a cell's index is its column.
      row.eachCell({ includeEmpty: true }, (cell) =>
        cells.push({ value: cell.value, formula: cell.type === ExcelJS.ValueType.Formula }),
      );
      rows.push(cells);
    });
    return rows;
  }

  const texts = (rows: ReadCell[][]) =>
    rows.flat().flatMap((cell) => (typeof cell.value === 'string' ? [cell.value] : []));

  it.each(EXPORT_KINDS)('%s: text that starts like a formula is written escaped, never as a formula', async (kind) => {
    const rows = await exportedCells(kind);
    expect(rows.flat().filter((cell) => cell.formula)).toEqual([]);
    // Strings, numbers, dates and empty cells only: no formula, rich-text or hyperlink objects.
    const objects = rows.flat().filter((cell) => typeof cell.value === 'object' && cell.value !== null);
    expect(objects.filter((cell) => !(cell.value instanceof Date))).toEqual([]);
    expect(texts(rows).filter((text) => FORMULA_START.test(text))).toEqual([]);
    expect(texts(rows).filter((text) => ESCAPED.test(text)).length).toBeGreaterThan(0);
  });

  it('names and notes read back exactly, quote first; numbers and dates stay numbers and dates', async () => {
    const escaped = FORMULAS.map((formula) => readBack(`'${formula}`));
    const users = await exportedCells('company_users');
    const firstNames = users.map((row) => row[0].value);
    expect(firstNames).toEqual(expect.arrayContaining(escaped));

    const audit = await exportedCells('case_audit');
    const [, ...entries] = audit;
    const notes = entries.filter((row) => row[2].value === 'Note');
    expect(notes.map((row) => row[5].value)).toEqual(expect.arrayContaining(escaped));
    expect(notes.map((row) => row[4].value)).toEqual(expect.arrayContaining(escaped));
    expect(entries.every((row) => row[1].value instanceof Date)).toBe(true);
    expect(entries.filter((row) => row[2].value === 'Event').every((row) => typeof row[0].value === 'number')).toBe(
      true,
    );
  });
});
