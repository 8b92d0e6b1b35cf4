import { GROUP_NOT_FOUND, MESSAGES, VHOST_RESERVED, VHOST_TAKEN, type SuperAdminGroup } from '@casebridge/contracts';
import { Community, CompanyGroupRelation, type Company, type ContactDocument, type Department } from '@casebridge/db';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  aCompany,
  aDepartment,
  aGroup,
  aProcess,
  aSignedInUser,
  aSuperAdmin,
  domainOf,
  signedIn,
  uniqueName,
} from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';
import { ADDENDUM_PDF_MESSAGE } from './group-form-files';

const LIMIT = 4096;
const PDF = Buffer.from('%PDF-1.4\nthe addendum\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('super admin groups: the group form', () => {
  let api: ApiHarness;
  let storage: string;
  let admin: string;
  // The host of the partner programs and its collaboration process; another company's process and department.
  let host: Company;
  let hostProcess: ContactDocument;
  let otherProcess: ContactDocument;
  let otherDepartment: Department;
  let domain: string;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-sa-group-form-'));
    api = await startApi({ STORAGE_DIR: storage, UPLOAD_LIMIT_BYTES: String(LIMIT) });
    admin = await signedIn(api, await aSuperAdmin(api));
    host = await aCompany(api);
    domain = domainOf(host);
    hostProcess = await aProcess(api, { company: host });
    const other = await aCompany(api);
    otherProcess = await aProcess(api, { company: other });
    otherDepartment = await aDepartment(api, other);
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  const save = (id: number, token = admin) => api.http().post(`/api/super_admin/groups/${id}`).set(bearer(token));
  const get = (path: string, token = admin) => api.http().get(`/api/${path}`).set(bearer(token));
  const staged = async () => readdir(join(storage, 'groups', 'incoming')).catch(() => []);

  /** A valid partner program hosted by the host company through its collaboration process. */
  function partnerProgram(id: number, fields: Record<string, string> = {}) {
    let request = save(id);
    const values: Record<string, string> = {
      name: 'Array Partners',
      description: 'Arrays and their friends.',
      type: 'partner_program',
      status: 'active',
      sponsor_company_id: String(host.id),
      department_id: '0',
      document_id: String(hostProcess.id),
      vhost: uniqueName('partners'),
      host_email: `Partners@${domain}`,
      price: '99.50',
      price_three_years: '250',
      registration_status_url: `https://${domain}/status`,
      custom_sla: '1',
      p1_message: 'P1 within the hour',
      p2_message: 'P2 today',
      p3_message: 'P3 this week',
      p1_response_time: '1',
      p2_response_time: '6',
      p3_response_time: '48',
      msteams_integration: '1',
      msteams_manager_email: `pm@${domain}`,
      msteams_team_url: 'https://teams.example.test/l/team/array',
      force_addendum: '1',
      instructions: '<p onclick="alert(1)">Apply <script>alert(2)</script>here</p>',
      links: `Overview | https://${domain}/overview`,
      ...fields,
    };
    for (const [key, value] of Object.entries(values)) request = request.field(key, value);
    return request;
  }

  it('creates a partner program with every field, its addendum PDF and banner; the host becomes a partner', async () => {
    const vhost = uniqueName('array-partners');
    const answer = await partnerProgram(0, { vhost })
      .attach('addendum_file', PDF, 'Array Addendum.pdf')
      .attach('group_banner', PNG, 'banner.png')
      .expect(200);
    expect(answer.body).toMatchObject({ success: true, message: 'Group saved.' });
    const group = answer.body.community as SuperAdminGroup;
    expect(answer.body.id).toBe(group.id);
    expect(group).toMatchObject({
      name: 'Array Partners',
      type: 'partner_program',
      host: { id: host.id, name: host.name },
      department_id: null,
      document_id: hostProcess.id,
      vhost,
      host_email: `partners@${domain}`,
      price: 99.5,
      price_three_years: 250,
      custom_sla: 1,
      p1_response_time: 1,
      p2_response_time: 6,
      p3_response_time: 48,
      msteams_integration: 1,
      msteams_manager_email: `pm@${domain}`,
      msteams_team_url: 'https://teams.example.test/l/team/array',
      force_addendum: 1,
      addendum: true,
      addendum_name: 'Array Addendum',
      links: [{ label: 'Overview', url: `https://${domain}/overview` }],
      banner_url: `/resources/group_banner/${vhost}`,
      registration_page: `http://casebridge.test/join/${vhost}`,
    });
    expect(group.instructions).toBe('<p>Apply here</p>');

    const stored = await orm(api).findOneOrFail(Community, { id: group.id });
    expect(existsSync(join(storage, stored.addendumPath!))).toBe(true);
    expect(existsSync(join(storage, stored.bannerPath!))).toBe(true);
    const relations = await orm(api).find(CompanyGroupRelation, { community: group.id });
    expect(relations.map((relation) => [relation.company.id, relation.document?.id])).toEqual([
      [host.id, hostProcess.id],
    ]);
    expect(await staged()).toEqual([]);

    // The addendum comes back as the stored PDF; the banner is served on the group's vhost.
    const addendum = await get(`super_admin/groups/${group.id}/addendum`).buffer(true).expect(200);
    expect(addendum.headers['content-type']).toContain('application/pdf');
    expect(addendum.headers['content-disposition']).toContain('Array Addendum.pdf');
    expect(Buffer.from(addendum.body as Buffer).toString()).toContain('the addendum');
    await api.http().get(`/resources/group_banner/${vhost}`).expect(200);

    const loaded = (await get(`super_admin/groups/${group.id}`).expect(200)).body.group as SuperAdminGroup;
    expect(loaded).toEqual(group);
  });

  it('updates a group, replaces its addendum file and keeps one host relation', async () => {
    const vhost = uniqueName('replace-me');
    const created = (await partnerProgram(0, { vhost, name: 'Replace Me' }).attach('addendum_file', PDF, 'a.pdf')).body
      .community as SuperAdminGroup;
    const before = await orm(api).findOneOrFail(Community, { id: created.id });
    const updated = await partnerProgram(created.id, {
      vhost,
      name: 'Replaced',
      status: 'inactive',
      custom_sla: '0',
      p1_response_time: '',
    })
      .attach('addendum_file', PDF, 'second.pdf')
      .expect(200);
    expect(updated.body.community).toMatchObject({
      name: 'Replaced',
      status: 'inactive',
      custom_sla: 0,
      p1_response_time: null,
    });
    const after = await orm(api).findOneOrFail(Community, { id: created.id });
    expect(after.addendumPath).not.toBe(before.addendumPath);
    expect(existsSync(join(storage, before.addendumPath!))).toBe(false);
    expect(existsSync(join(storage, after.addendumPath!))).toBe(true);
    expect(await orm(api).count(CompanyGroupRelation, { community: created.id })).toBe(1);
  });

  it('creates a group with the defaults: solution support needs a host, an open group does not', async () => {
    const solution = await save(0).field('name', 'Quiet Corner').expect(422);
    expect(solution.body.errors.sponsor_company_id).toEqual(['The host company is required.']);
    const open = await save(0).field('name', 'Quiet Corner').field('type', 'open_group').expect(200);
    expect(open.body.community).toMatchObject({
      type: 'open_group',
      status: 'active',
      price: 0,
      price_three_years: 0,
      custom_sla: 0,
      force_addendum: 0,
      msteams_integration: 0,
      host: null,
      registration_page: null,
    });
    expect(await orm(api).count(CompanyGroupRelation, { community: open.body.id })).toBe(0);
  });

  it('answers 422 per field', async () => {
    const taken = await aGroup(api, { sponsor: host, overrides: { vhost: uniqueName('taken') } });
    const name = `Invalid Group ${uniqueName('invalid')}`;
    const cases: [Record<string, string>, string, string | RegExp][] = [
      [{ name: '' }, 'name', 'The name is required.'],
      [{ name: 'x'.repeat(101) }, 'name', /greater than 100/],
      [{ type: 'club' }, 'type', 'The selected type is invalid.'],
      [{ status: 'paused' }, 'status', 'The status must be active or inactive.'],
      [{ vhost: '' }, 'vhost', 'The vhost is required for a partner program.'],
      [{ vhost: 'restore' }, 'vhost', VHOST_RESERVED],
      [{ vhost: 'Bad Host!' }, 'vhost', /lower-case/],
      [{ vhost: taken.vhost! }, 'vhost', VHOST_TAKEN],
      [{ price: 'abc' }, 'price', 'The price must be a number.'],
      [{ price: '-1' }, 'price', 'The price must be at least 0.'],
      [{ price_three_years: '-0.01' }, 'price_three_years', 'The three year price must be at least 0.'],
      [{ p2_response_time: '0' }, 'p2_response_time', /at least 1 hour/],
      [{ p3_response_time: '1.5' }, 'p3_response_time', /whole number/],
      [{ host_email: 'nope' }, 'host_email', 'The host email must be a valid email address.'],
      [{ msteams_manager_email: 'nope' }, 'msteams_manager_email', /valid email/],
      [{ msteams_team_url: 'javascript:alert(1)' }, 'msteams_team_url', /http or https/],
      [{ registration_status_url: 'ftp://x' }, 'registration_status_url', /http or https/],
      [{ links: 'no address here' }, 'links', /Label \| https/],
      [{ sponsor_company_id: '' }, 'sponsor_company_id', 'The host company is required.'],
      [{ sponsor_company_id: '999999' }, 'sponsor_company_id', 'The selected host company is invalid.'],
      [{ document_id: '' }, 'document_id', 'The process is required.'],
      [{ document_id: String(otherProcess.id) }, 'document_id', /process of the host/],
      [{ department_id: String(otherDepartment.id) }, 'department_id', /department of the host/],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await partnerProgram(0, { name, vhost: uniqueName('invalid-group'), ...fields }).expect(422);
      expect([fields, answer.body.errors[field]?.[0]]).toEqual([fields, expect.stringMatching(message)]);
    }
    const open = await save(0)
      .field('name', 'Open')
      .field('type', 'open_group')
      .field('document_id', String(hostProcess.id))
      .expect(422);
    expect(open.body.errors.document_id).toEqual([MESSAGES.choosePartnerFirst]);
    expect(await orm(api).count(Community, { name })).toBe(0);
  });

  it('takes the addendum only as a PDF and the banner only as an image; nothing is kept of a refused save', async () => {
    // Every refused save is of this host's group under one name of its own, so none of them may leave a row.
    const name = `Refused Group ${uniqueName('refused')}`;
    const vhost = uniqueName('no-pdf');
    const hostGroups = await orm(api).count(Community, { sponsorCompany: host.id });
    const renamed = await partnerProgram(0, { name, vhost }).attach(
      'addendum_file',
      Buffer.from('MZ program'),
      'x.pdf',
    );
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors.addendum_file).toEqual([ADDENDUM_PDF_MESSAGE]);
    const word = await partnerProgram(0, { name, vhost }).attach('addendum_file', PDF, 'x.docx').expect(422);
    expect(word.body.errors.addendum_file).toEqual([ADDENDUM_PDF_MESSAGE]);
    const banner = await partnerProgram(0, { name, vhost }).attach('group_banner', PDF, 'banner.png').expect(422);
    expect(banner.body.errors.group_banner[0]).toMatch(/does not match/);
    const tooLarge = await partnerProgram(0, { name, vhost })
      .attach('addendum_file', Buffer.concat([PDF, Buffer.alloc(LIMIT)]), 'big.pdf')
      .expect(413);
    expect(tooLarge.body.error).toBe(`Unable to upload your file. That max file size allowed is 4KB`);
    expect(await orm(api).count(Community, { $or: [{ name }, { vhost }] })).toBe(0);
    expect(await orm(api).count(Community, { sponsorCompany: host.id })).toBe(hostGroups);
    expect(await staged()).toEqual([]);
  });

  it('answers 404 for an unknown group and 403 to company admins and callers', async () => {
    await get('super_admin/groups/999999').expect(404, { error: GROUP_NOT_FOUND });
    await partnerProgram(999999).expect(404);
    await get('super_admin/groups/999999/addendum').expect(404);
    const withoutAddendum = (await aGroup(api, { sponsor: host })).id;
    await get(`super_admin/groups/${withoutAddendum}/addendum`).expect(404);
    for (const role of ['business_manager', 'caller'] as const) {
      const { token } = await aSignedInUser(api, { company: await aCompany(api), role });
      await get(`super_admin/groups/${withoutAddendum}`, token).expect(403);
      await save(0, token).field('name', 'Mine').field('type', 'open_group').expect(403);
      await get(`super_admin/groups/${withoutAddendum}/addendum`, token).expect(403);
    }
  });
});
