import { MESSAGES, type GroupDocumentShape } from '@casebridge/contracts';
import { CompanyGroupRelation, GroupDocument, type Company, type User } from '@casebridge/db';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  aCompany,
  aGroup,
  aGroupDocument,
  aProcess,
  aUser,
  domainOf,
  emOf,
  signedIn,
} from '../../../../test/kit/factories';

const LIMIT = 4096;
const PDF = Buffer.from('%PDF-1.4\nshared guide\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('company admin: group documents and user access', () => {
  let api: ApiHarness;
  let storage: string;
  // Our company (acme) and its users, the partner program's sponsor (globex), a limited member (initech).
  let acme: Company;
  let globex: Company;
  const users = {} as Record<'bm' | 'pm' | 'caller' | 'api' | 'globexCaller', User>;
  let acmeBm: string;
  let globexBm: string;
  let initechBm: string;
  // A partner program open to all our users, a solution support limited to two of them, a group without us.
  const group = { storage: 0, vault: 0, cloud: 0 };

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-group-docs-'));
    api = await startApi({ STORAGE_DIR: storage, UPLOAD_LIMIT_BYTES: String(LIMIT) });
    acme = await aCompany(api);
    globex = await aCompany(api);
    const initech = await aCompany(api, { membershipType: 'limited' });
    const named = (firstName: string, lastName: string) => ({ overrides: { firstName, lastName } });
    users.bm = await aUser(api, { company: acme, role: 'business_manager', ...named('Alice', 'Carter') });
    users.pm = await aUser(api, { company: acme, role: 'program_manager', ...named('Paula', 'Martinez') });
    users.caller = await aUser(api, { company: acme, role: 'caller', ...named('Carl', 'Jensen') });
    users.api = await aUser(api, { company: acme, role: 'api', ...named('Ops', 'Integration') });
    users.globexCaller = await aUser(api, { company: globex, role: 'caller' });
    acmeBm = await signedIn(api, users.bm);
    globexBm = await signedIn(api, await aUser(api, { company: globex, role: 'business_manager' }));
    initechBm = await signedIn(api, await aUser(api, { company: initech, role: 'business_manager' }));
    const [acmeProcess, globexProcess] = [
      await aProcess(api, { company: acme }),
      await aProcess(api, { company: globex }),
    ];
    const storageGroup = await aGroup(api, {
      sponsor: globex,
      members: [
        { company: globex, process: globexProcess },
        { company: acme, process: acmeProcess },
      ],
    });
    const vault = await aGroup(api, {
      type: 'solution_support',
      sponsor: globex,
      members: [
        { company: globex, process: globexProcess },
        { company: acme, process: acmeProcess, users: [users.caller, users.pm] },
      ],
    });
    const cloud = await aGroup(api, { members: [{ company: globex }, { company: initech }] });
    Object.assign(group, { storage: storageGroup.id, vault: vault.id, cloud: cloud.id });
    await aGroupDocument(api, { group: storageGroup, company: acme, name: 'Acme escalation matrix', file: true });
    await aGroupDocument(api, { group: storageGroup, company: globex, name: 'Alliance onboarding guide' });
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  const get = (path: string, token: string) => api.http().get(`/api/${path}`).set(bearer(token));
  const upload = (token: string, groupId = group.storage) =>
    api.http().post(`/api/admin/company/partner_groups/${groupId}/documents/upload`).set(bearer(token));
  const staged = async () => readdir(join(storage, 'groups', 'incoming')).catch(() => []);

  it('lists the group’s documents, deletable only by their company', async () => {
    const docs = (await get(`admin/company/partner_groups/${group.storage}/documents`, acmeBm).expect(200)).body
      .documents as GroupDocumentShape[];
    expect(docs.map((doc) => [doc.name, doc.can_delete]).sort()).toEqual([
      ['Acme escalation matrix', true],
      ['Alliance onboarding guide', false],
    ]);
    await get(`admin/company/partner_groups/${group.cloud}/documents`, acmeBm).expect(404);
  });

  it('shares a link and a checked file, and serves the file back', async () => {
    const link = await upload(acmeBm)
      .field('name', 'Runbook')
      .field('company_id', String(acme.id))
      .field('document_type', 'url')
      .field('url', 'https://acme.test/runbook')
      .expect(200);
    expect(link.body.document).toMatchObject({ name: 'Runbook', url: 'https://acme.test/runbook', can_delete: true });

    const file = await upload(acmeBm)
      .field('name', 'Shared guide')
      .field('company_id', String(acme.id))
      .field('document_type', 'file')
      .attach('file', PDF, 'guide.pdf')
      .expect(200);
    const doc = file.body.document as GroupDocumentShape;
    expect(doc).toMatchObject({ document_type: 'file', document_name: 'guide.pdf', company_name: acme.name });
    const stored = await emOf(api).findOneOrFail(GroupDocument, doc.id);
    expect(existsSync(join(storage, stored.filePath!))).toBe(true);
    const back = await get(
      `admin/company/partner_groups/${group.storage}/documents/${doc.id}/download`,
      globexBm,
    ).expect(200);
    expect(Buffer.from(back.body as Buffer).equals(PDF)).toBe(true);
    await upload(acmeBm)
      .field('name', 'Logo')
      .field('company_id', String(acme.id))
      .field('document_type', 'file')
      .attach('file', PNG, 'logo.png')
      .expect(200);
    expect(await staged()).toEqual([]);
  });

  it('refuses missing fields, wrong types and disguised files with 422, leaving nothing behind', async () => {
    const missing = await upload(acmeBm).field('company_id', String(acme.id)).field('document_type', 'url').expect(422);
    expect(missing.body.errors.name).toEqual(['The name is required.']);
    const noUrl = await upload(acmeBm)
      .field('name', 'x')
      .field('company_id', String(acme.id))
      .field('document_type', 'url')
      .expect(422);
    expect(noUrl.body.errors.url).toEqual(['The url field is required.']);
    const badUrl = await upload(acmeBm)
      .field('name', 'x')
      .field('company_id', String(acme.id))
      .field('document_type', 'url')
      .field('url', 'javascript:alert(1)')
      .expect(422);
    expect(badUrl.body.errors.url).toEqual(['The url must be a valid http or https address.']);
    const noFile = await upload(acmeBm)
      .field('name', 'x')
      .field('company_id', String(acme.id))
      .field('document_type', 'file')
      .expect(422);
    expect(noFile.body.errors.file).toEqual(['The file field is required.']);
    const text = await upload(acmeBm)
      .field('name', 'x')
      .field('company_id', String(acme.id))
      .field('document_type', 'file')
      .attach('file', Buffer.from('hello'), 'notes.txt')
      .expect(422);
    expect(text.body.errors.file[0]).toMatch(/xls, xlsx, doc, docx, pdf, jpg, jpeg, png/);
    const disguised = await upload(acmeBm)
      .field('name', 'x')
      .field('company_id', String(acme.id))
      .field('document_type', 'file')
      .attach('file', Buffer.from('MZ\x90\x00 program'), 'report.pdf')
      .expect(422);
    expect(disguised.body.errors.file[0]).toMatch(/does not match/);
    // The group's two documents and the three shared above.
    const before = await emOf(api).count(GroupDocument, { community: group.storage });
    expect(before).toBe(5);
    expect(await staged()).toEqual([]);
  });

  it('answers 413 with the limit, 403 for another company and 404 for a foreign group', async () => {
    const large = await upload(acmeBm)
      .field('name', 'Big')
      .field('company_id', String(acme.id))
      .field('document_type', 'file')
      .attach('file', Buffer.concat([PDF, Buffer.alloc(LIMIT)]), 'big.pdf')
      .expect(413);
    expect(large.body.error).toBe('Unable to upload your file. That max file size allowed is 4KB');
    await upload(acmeBm)
      .field('name', 'Spoof')
      .field('company_id', String(globex.id))
      .field('document_type', 'url')
      .field('url', 'https://globex.test')
      .expect(403);
    await upload(acmeBm, group.cloud)
      .field('name', 'x')
      .field('company_id', String(acme.id))
      .field('document_type', 'url')
      .field('url', 'https://acme.test')
      .expect(404);
    expect(await staged()).toEqual([]);
  });

  it('deletes only the company’s own documents', async () => {
    const docs = await emOf(api).find(GroupDocument, { community: group.storage }, { populate: ['company'] });
    const globexDoc = docs.find((doc) => doc.company.id === globex.id)!;
    const acmeDoc = docs.find((doc) => doc.company.id === acme.id && doc.filePath)!;
    const path = (id: number) => `admin/company/partner_groups/${group.storage}/documents/${id}/delete`;
    await get(path(globexDoc.id), acmeBm).expect(403);
    await get(path(acmeDoc.id), globexBm).expect(403);
    expect((await get(path(acmeDoc.id), acmeBm).expect(200)).body.message).toBe('The document has been deleted.');
    expect(await emOf(api).findOne(GroupDocument, acmeDoc.id)).toBeNull();
    await get(path(acmeDoc.id), acmeBm).expect(404);
  });

  it('manages which users reach a group limited to some users', async () => {
    const vault = group.vault;
    const listed = (await get(`admin/company/partner_groups/${vault}/users`, acmeBm).expect(200)).body;
    expect(listed.user_access_flag).toBe('limit');
    expect(listed.users.map((user: { email: string }) => user.email).sort()).toEqual(
      [users.caller.email, users.pm.email].sort(),
    );
    const search = (term: string) =>
      api.http().post(`/api/admin/company/partner_groups/${vault}/users/search`).set(bearer(acmeBm)).send({
        search_term: term,
      });
    const found = (await search(domainOf(acme)).expect(200)).body.users as { email: string; group_access: boolean }[];
    expect(found.find((user) => user.email === users.bm.email)?.group_access).toBe(false);
    expect(found.find((user) => user.email === users.pm.email)?.group_access).toBe(true);
    expect(found.every((user) => user.email.endsWith(`@${domainOf(acme)}`))).toBe(true);
    expect((await search('a').expect(422)).body.errors.search_term).toBeDefined();
    // Names find their users as e-mails do: first name, last name, or both (issue 17).
    const emailsFor = async (term: string) =>
      ((await search(term).expect(200)).body.users as { email: string }[]).map((user) => user.email);
    expect(await emailsFor('martinez')).toEqual([users.pm.email]);
    expect(await emailsFor('Carl')).toEqual([users.caller.email]);
    expect(await emailsFor('Alice Car')).toEqual([users.bm.email]);
    expect(await emailsFor('Integration')).toEqual([users.api.email]);

    const { bm, caller, globexCaller: globexUser } = users;
    await get(`admin/partner_groups/${vault}/users/add/${bm.id}`, acmeBm).expect(200);
    await get(`admin/partner_groups/${vault}/users/add/${globexUser.id}`, acmeBm).expect(404);
    const removed = await get(`admin/company/partner_groups/${vault}/users/${caller.id}/delete`, acmeBm).expect(200);
    expect(removed.body.message).toBe(`Access removed for ${caller.fullName}.`);
    await get(`admin/company/partner_groups/${vault}/users/${caller.id}/delete`, acmeBm).expect(404);
    const relation = await emOf(api).findOneOrFail(
      CompanyGroupRelation,
      { community: vault, company: acme.id },
      { populate: ['users'] },
    );
    expect(
      relation.users
        .getItems()
        .map((user) => user.email)
        .sort(),
    ).toEqual([users.bm.email, users.pm.email].sort());
  });

  it('refuses user changes where everyone has access, for limited members and across companies', async () => {
    const { bm } = users;
    await get(`admin/partner_groups/${group.storage}/users/add/${bm.id}`, acmeBm).expect(409);
    const all = (await get(`admin/company/partner_groups/${group.storage}/users`, acmeBm).expect(200)).body;
    expect(all.user_access_flag).toBe('all');
    expect(all.users.length).toBeGreaterThan(2);
    const blocked = await get(`admin/company/partner_groups/${group.cloud}/users`, initechBm).expect(403);
    expect(blocked.body.error).toBe(MESSAGES.membershipBlocked);
    await get(`admin/company/partner_groups/${group.cloud}/users`, acmeBm).expect(404);
    await get(`admin/partner_groups/${group.cloud}/users/add/${bm.id}`, acmeBm).expect(404);
  });
});
