import { EXPORT_KINDS, type ExportKind, type ExportShape } from '@casebridge/contracts';
import { CaseNote, LoginEvent, ProcessView, SavedSearch, User } from '@casebridge/db';
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { binary, finishedExport } from '../../../test/export-files';
import { startExportWorker, type ExportWorker } from '../../../../test/kit/export-worker';
import {
  aCase,
  aCompany,
  aDepartment,
  aGroup,
  aProcess,
  aSuperAdmin,
  aUser,
  domainOf,
  signedIn,
} from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';

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

type Actor = 'superAdmin' | 'ourAdmin';
/** Who asks for each kind and with which params; a new kind fails to compile until it is listed here. */
const ASKED: Record<ExportKind, { actor: Actor; params: (ids: { group: number; case: string }) => object }> = {
  usage: { actor: 'ourAdmin', params: () => ({}) },
  case_audit: { actor: 'ourAdmin', params: (ids) => ({ token: ids.case }) },
  company_users: { actor: 'ourAdmin', params: () => ({}) },
  companies: { actor: 'superAdmin', params: () => ({}) },
  group_members: { actor: 'ourAdmin', params: (ids) => ({ group_id: ids.group }) },
  partners: { actor: 'ourAdmin', params: () => ({}) },
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
    await plantFormulas();
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  /**
   * Our company and a partner, with what every kind reads (users, a process with a department, a group we sponsor,
   * a recent case between us with notes, logins, views and searches), and text that starts like a formula wherever
   * an export reads text from.
   */
  async function plantFormulas(): Promise<void> {
    const ours = await aCompany(api);
    const partner = await aCompany(api);
    tokens.superAdmin = await signedIn(api, await aSuperAdmin(api));
    tokens.ourAdmin = await signedIn(api, await aUser(api, { company: ours, role: 'business_manager' }));
    const department = await aDepartment(api, partner);
    const process = await aProcess(api, { company: partner, departments: [department] });
    // A partner program shows its members to its sponsor only: we sponsor this one.
    const group = await aGroup(api, {
      sponsor: ours,
      members: [{ company: ours }, { company: partner, process }],
    });
    ids.group = group.id;
    // A recent case between the two, so the usage and escalation lists (recent days) carry it.
    const caller = await aUser(api, { company: ours, role: 'caller' });
    const kase = await aCase(api, { from: caller, to: process, status: 'accepted' });
    ids.case = kase.token;

    const em = orm(api);
    const db = em.getConnection();
    // The names of our world's companies, process, group and department: the text columns most kinds read.
    await db.execute(`update companies set name = ? || ' ' || name where id in (?, ?)`, [
      FORMULAS[0],
      ours.id,
      partner.id,
    ]);
    await db.execute(`update contact_documents set name = ? || ' ' || name where id = ?`, [FORMULAS[2], process.id]);
    await db.execute(`update communities set name = ? || ' ' || name where id = ?`, [FORMULAS[3], group.id]);
    await db.execute(`update departments set name = ? || ' ' || name where id = ?`, [FORMULAS[4], department.id]);

    const planted = FORMULAS.map((formula, index) => {
      // Names as people type them: approved program managers who last signed in long ago.
      const user = em.create(User, {
        firstName: formula,
        lastName: formula,
        email: `formula${index}@${domainOf(ours)}`,
        company: ours.id,
        role: 'program_manager',
        lastLoginAt: new Date('2020-01-01T00:00:00Z'),
      });
      em.create(LoginEvent, { user, ip: '10.0.0.1' });
      em.create(ProcessView, { user, document: process.id });
      em.create(SavedSearch, { user, term: formula });
      em.create(CaseNote, { case: kase.id, creatorName: formula, summary: formula });
      return user;
    });
    await em.flush();
    // The dated reports read one day; createdAt is set on insert, so the day is written afterwards.
    const userIds = planted.map((user) => user.id);
    for (const table of ['login_events', 'process_views', 'saved_searches']) {
      await db.execute(`update ${table} set created_at = ? where user_id in (${userIds.map(() => '?').join(', ')})`, [
        REPORT_DAY,
        ...userIds,
      ]);
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
