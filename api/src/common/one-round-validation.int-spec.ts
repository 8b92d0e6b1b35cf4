import { CHECK_ONLY, MESSAGES, SLUG_TAKEN, type ContactDocumentShape } from '@casebridge/contracts';
import { User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';
import { allFields, countryId, globexCaseSubmission, type FormFields } from '../../test/collaboration-form';
import { countRows, demoIds, documentsOf, orm, type DemoIds } from '../../test/member-fixtures';

const checkOnly = { [CHECK_ONLY.header]: CHECK_ONLY.value };

/** A new user whose only problem is the e-mail, which bm@acme.test already has. */
const userWithTakenEmail = {
  first_name: 'Dana',
  last_name: 'Duplicate',
  email: 'bm@acme.test',
  role: 'caller',
  type: 'basic',
  password: 'Str0ng!Pass',
  password_confirmation: 'Str0ng!Pass',
};

/**
 * Issue 17, point 6: one Submit shows every error. The rules that need the database (a taken e-mail or slug, a
 * missing password) are answered in the same 422 as the schema's, and a check-only request (CHECK_ONLY) runs every
 * check without doing anything, so the web can show the server's findings next to its own.
 */
describe('validation in one round', () => {
  let api: ApiHarness;
  let acmeBm: string;
  let admin: string;
  let caller: string;
  let ids: DemoIds;

  const post = (path: string, token: string, body: object, headers: Record<string, string> = {}) =>
    api.http().post(`/api${path}`).set(bearer(token)).set(headers).send(body);
  const errorsOf = (response: { body: { errors?: Record<string, string[]> } }) => response.body.errors ?? {};
  const usersNamed = (lastName: string) => orm(api).count(User, { lastName });

  beforeAll(async () => {
    api = await startApi();
    acmeBm = await api.login('bm@acme.test');
    admin = await api.login('admin@casebridge.test');
    caller = await api.login('caller@acme.test');
    ids = await demoIds(api);
  });
  afterAll(() => api.close());

  it("the company admin's user form names the taken e-mail and the missing password with the empty names", async () => {
    const answer = await post('/admin/company/users/0', acmeBm, {
      ...userWithTakenEmail,
      first_name: '',
      last_name: '',
      password: '',
      password_confirmation: '',
    }).expect(422);
    expect(Object.keys(errorsOf(answer)).sort()).toEqual(['email', 'first_name', 'last_name', 'password']);
    expect(errorsOf(answer).email).toEqual([MESSAGES.emailTaken]);
  });

  it("the back office's user form names the taken e-mail with the empty names", async () => {
    const answer = await post('/super_admin/users/0', admin, {
      ...userWithTakenEmail,
      company_id: ids.acme,
      first_name: '',
      last_name: '',
    }).expect(422);
    expect(Object.keys(errorsOf(answer)).sort()).toEqual(['email', 'first_name', 'last_name']);
    expect(errorsOf(answer).email).toEqual([MESSAGES.emailTaken]);
  });

  it('the company form names the taken slug with the empty name', async () => {
    const answer = await api
      .http()
      .post('/api/super_admin/companies/0')
      .set(bearer(admin))
      .field('name', '')
      .field('slug', 'acme')
      .expect(422);
    expect(errorsOf(answer)).toEqual({ name: [expect.any(String)], slug: [SLUG_TAKEN] });
  });

  it('a field the schema refuses is not checked against the database as well', async () => {
    const answer = await post('/admin/company/users/0', acmeBm, { ...userWithTakenEmail, email: 'not-an-address' });
    expect(answer.status).toBe(422);
    expect(errorsOf(answer).email).toHaveLength(1);
    expect(errorsOf(answer).email).not.toContain(MESSAGES.emailTaken);
  });

  describe('check only', () => {
    it('answers 204 for a valid user and creates nobody; a problem is the usual 422', async () => {
      const valid = { ...userWithTakenEmail, email: 'checked.only@acme.test', last_name: 'Checked-Only' };
      await post('/admin/company/users/0', acmeBm, valid, checkOnly).expect(204);
      await post('/super_admin/users/0', admin, { ...valid, company_id: ids.acme }, checkOnly).expect(204);
      expect(await usersNamed('Checked-Only')).toBe(0);

      const taken = await post('/admin/company/users/0', acmeBm, userWithTakenEmail, checkOnly).expect(422);
      expect(errorsOf(taken)).toEqual({ email: [MESSAGES.emailTaken] });
    });

    it('answers 204 for a valid company and stores none', async () => {
      const before = await countRows(api, 'companies');
      await api
        .http()
        .post('/api/super_admin/companies/0')
        .set(bearer(admin))
        .set(checkOnly)
        .field('name', 'Checked Only Inc')
        .field('slug', 'checked-only')
        .expect(204);
      expect(await countRows(api, 'companies')).toBe(before);
    });

    describe('case submission', () => {
      let collaboration: ContactDocumentShape;
      let fields: FormFields;
      let canada: string;

      beforeAll(async () => {
        const documents = await documentsOf(api, caller, 'company', ids.globex);
        collaboration = documents.documents.find((doc) => doc.name === 'Globex Storage Collaboration')!;
        fields = allFields(collaboration);
        canada = await countryId(api, caller, 'Canada');
      });

      const collaborate = (body: object) => post(`/caller/collaborate/${collaboration.id}`, caller, body, checkOnly);

      it("names the empty base fields and the process's required fields together", async () => {
        const answer = await collaborate({ collaborate_type: 'company', collaborate_entity: ids.globex }).expect(422);
        const named = Object.keys(errorsOf(answer));
        expect(named).toEqual(
          expect.arrayContaining(['first_name', 'internal_case_number', 'problem_summary', 'problem_description']),
        );
        // The process's own required fields (some are required only once another field is answered).
        expect(named.filter((field) => field.startsWith('custom_')).length).toBeGreaterThan(3);
      });

      it('answers 204 for a complete submission and opens no case', async () => {
        const before = await countRows(api, 'cases');
        await collaborate(globexCaseSubmission(ids.globex, fields, canada)).expect(204);
        expect(await countRows(api, 'cases')).toBe(before);
      });
    });
  });
});
