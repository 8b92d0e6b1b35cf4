import { CHECK_ONLY, MESSAGES, SLUG_TAKEN, type ContactDocumentShape } from '@casebridge/contracts';
import { Case, Company, User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  allFields,
  countryId,
  FULL_FORM,
  globexCaseSubmission,
  type FormFields,
} from '../../../test/collaboration-form';
import { aCompany, aProcess, aSuperAdmin, aUser, domainOf, signedIn, uniqueName } from '../../../../test/kit/factories';
import { documentsOf, orm } from '../../../../test/kit/member-fixtures';

const checkOnly = { [CHECK_ONLY.header]: CHECK_ONLY.value };

/** A new user whose only problem is the e-mail, which our business manager already has (set once it exists). */
const userWithTakenEmail = {
  first_name: 'Dana',
  last_name: 'Duplicate',
  email: '',
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
  let ourBm: string;
  let admin: string;
  let caller: string;
  let ours: Company;
  let callerUser: User;

  const post = (path: string, token: string, body: object, headers: Record<string, string> = {}) =>
    api.http().post(`/api${path}`).set(bearer(token)).set(headers).send(body);
  const errorsOf = (response: { body: { errors?: Record<string, string[]> } }) => response.body.errors ?? {};
  const usersWithEmail = (email: string) => orm(api).count(User, { email });

  beforeAll(async () => {
    api = await startApi();
    ours = await aCompany(api);
    const bm = await aUser(api, { company: ours, role: 'business_manager' });
    userWithTakenEmail.email = bm.email;
    ourBm = await signedIn(api, bm);
    admin = await signedIn(api, await aSuperAdmin(api));
    callerUser = await aUser(api, { company: ours, role: 'caller' });
    caller = await signedIn(api, callerUser);
  });
  afterAll(() => api.close());

  it("the company admin's user form names the taken e-mail and the missing password with the empty names", async () => {
    const answer = await post('/admin/company/users/0', ourBm, {
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
      company_id: ours.id,
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
      .field('slug', ours.slug)
      .expect(422);
    expect(errorsOf(answer)).toEqual({ name: [expect.any(String)], slug: [SLUG_TAKEN] });
  });

  it('a field the schema refuses is not checked against the database as well', async () => {
    const answer = await post('/admin/company/users/0', ourBm, { ...userWithTakenEmail, email: 'not-an-address' });
    expect(answer.status).toBe(422);
    expect(errorsOf(answer).email).toHaveLength(1);
    expect(errorsOf(answer).email).not.toContain(MESSAGES.emailTaken);
  });

  describe('check only', () => {
    it('answers 204 for a valid user and creates nobody; a problem is the usual 422', async () => {
      const valid = { ...userWithTakenEmail, email: `checked.only@${domainOf(ours)}`, last_name: 'Checked-Only' };
      await post('/admin/company/users/0', ourBm, valid, checkOnly).expect(204);
      await post('/super_admin/users/0', admin, { ...valid, company_id: ours.id }, checkOnly).expect(204);
      expect(await usersWithEmail(valid.email)).toBe(0);

      const taken = await post('/admin/company/users/0', ourBm, userWithTakenEmail, checkOnly).expect(422);
      expect(errorsOf(taken)).toEqual({ email: [MESSAGES.emailTaken] });
    });

    it('answers 204 for a valid company and stores none', async () => {
      const slug = uniqueName('checked-only');
      const name = `Checked Only ${slug}`;
      await api
        .http()
        .post('/api/super_admin/companies/0')
        .set(bearer(admin))
        .set(checkOnly)
        .field('name', name)
        .field('slug', slug)
        .expect(204);
      expect(await orm(api).count(Company, { $or: [{ slug }, { name }] })).toBe(0);
    });

    describe('case submission', () => {
      let collaboration: ContactDocumentShape;
      let fields: FormFields;
      let canada: string;
      // A partner whose process asks for every kind of field, eight of them required.
      let partner: Company;

      beforeAll(async () => {
        partner = await aCompany(api);
        const process = await aProcess(api, { company: partner, fields: FULL_FORM });
        const documents = await documentsOf(api, caller, 'company', partner.id);
        collaboration = documents.documents.find((doc) => doc.id === process.id)!;
        fields = allFields(collaboration);
        canada = await countryId(api, caller, 'Canada');
      });

      const collaborate = (body: object) => post(`/caller/collaborate/${collaboration.id}`, caller, body, checkOnly);

      it("names the empty base fields and the process's required fields together", async () => {
        const answer = await collaborate({ collaborate_type: 'company', collaborate_entity: partner.id }).expect(422);
        const named = Object.keys(errorsOf(answer));
        expect(named).toEqual(
          expect.arrayContaining(['first_name', 'internal_case_number', 'problem_summary', 'problem_description']),
        );
        // The process's own required fields.
        expect(named.filter((field) => field.startsWith('custom_')).length).toBeGreaterThan(3);
      });

      it('answers 204 for a complete submission and opens no case', async () => {
        const ourCases = () => orm(api).count(Case, { submitterCompany: ours.id });
        const before = await ourCases();
        const submission = globexCaseSubmission(partner.id, fields, canada, {
          first_name: callerUser.firstName,
          last_name: callerUser.lastName,
          email: callerUser.email,
        });
        await collaborate(submission).expect(204);
        expect(await ourCases()).toBe(before);
      });
    });
  });
});
