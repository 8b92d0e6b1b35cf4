import { MESSAGES, ONBOARDING_MESSAGES } from '@casebridge/contracts';
import { ContactDocument, OnboardingSession, type Company, type User } from '@casebridge/db';
import { startApi, tokenFromLink, type ApiHarness } from '../../../test/kit/api-harness';
import { aCompany, aGroup, aProcess, aUser, uniqueName, type GroupMember } from '../../../test/kit/factories';
import { orm } from '../../../test/kit/member-fixtures';
import { contactBody, OnboardingClient } from '../../test/onboarding-fixtures';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';

const NONE = { code_of_conduct: false, database_license: false, addendum: false };

/** The contact step of a member with an account: no password. */
function memberContact(token: string, email: string, countryId: number) {
  const body = contactBody(token, email, countryId);
  return { ...body, user: { ...body.user, password: undefined, password_confirmation: undefined } };
}

describe('onboarding: existing members (limited, basic, elite) and the group rules', () => {
  let api: ApiHarness;
  let stripe: StripeStandIn;
  let alliance: OnboardingClient;
  let cloud: OnboardingClient;
  // A priced program with its agreements and a forced addendum, sponsored by an elite member, with a premium member
  // ("acme"); a free program sponsored by a basic member, with a limited member ("initech"), "Only Sponsor".
  let acme: Company;
  let globex: Company;
  let initech: Company;
  let users: Record<'acmeBm' | 'globexBm' | 'initechBm' | 'umbrellaCaller', User>;

  /** A partner program with a landing page on its own vhost (free unless priced), its files named. */
  const program = (sponsor: Company, members: GroupMember[], priced: boolean) => {
    const vhost = uniqueName(priced ? 'alliance' : 'cloud');
    const files = {
      codeOfConductPath: `groups/${vhost}/code-of-conduct.pdf`,
      currentLicensePath: `groups/${vhost}/license.pdf`,
    };
    const price = {
      price: 1200,
      priceThreeYears: 3240,
      addendumPath: `groups/${vhost}/addendum.pdf`,
      addendumName: 'Data Processing Addendum',
      forceAddendum: true,
    };
    return aGroup(api, { sponsor, members, overrides: { vhost, ...files, ...(priced ? price : {}) } });
  };

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    api = await startApi({ STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_API_BASE: stripe.url });
    acme = await aCompany(api, { membershipType: 'premium' });
    globex = await aCompany(api, { membershipType: 'elite' });
    initech = await aCompany(api, { membershipType: 'limited' });
    const umbrella = await aCompany(api, { membershipType: 'basic' });
    await aProcess(api, { company: acme });
    await aProcess(api, { company: globex });
    await aProcess(api, { company: globex });
    users = {
      acmeBm: await aUser(api, { company: acme, role: 'business_manager' }),
      globexBm: await aUser(api, { company: globex, role: 'business_manager' }),
      initechBm: await aUser(api, { company: initech, role: 'business_manager' }),
      umbrellaCaller: await aUser(api, { company: umbrella, role: 'caller' }),
    };
    const priced = await program(globex, [{ company: globex }, { company: acme }], true);
    const free = await program(
      umbrella,
      [{ company: umbrella }, { company: initech, relationship: 'one_to_many' }],
      false,
    );
    alliance = await new OnboardingClient(api, priced.vhost!).load();
    cloud = await new OnboardingClient(api, free.vhost!).load();
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await stripe?.close();
  });

  async function liveDocuments(companyId: number): Promise<{ id: number; name: string }[]> {
    const documents = await orm(api).find(
      ContactDocument,
      { company: companyId, deletedAt: null, currentVersion: { $ne: null } },
      { orderBy: { name: 'asc', id: 'asc' } },
    );
    return documents.map((document) => ({ id: document.id, name: document.name }));
  }

  it('refuses unknown groups, a group id of another page, and companies that are already members', async () => {
    await new OnboardingClient(api, 'nowhere').get('group').expect(404);
    const unknown = await new OnboardingClient(api, 'nowhere')
      .post('verify_email', { partner_group_id: alliance.group.id, email: 'a@b.test' })
      .expect(404);
    expect(unknown.body.error).toBeTruthy();
    // "restore" is never a vhost: the restore route is matched first, and the word is refused as a group.
    await new OnboardingClient(api, 'restore')
      .post('verify_email', { partner_group_id: 1, email: 'a@b.test' })
      .expect(404);
    const notSession = await api.http().get('/api/onboarding/restore/group').expect(404);
    expect(notSession.body).toEqual({ error: ONBOARDING_MESSAGES.sessionNotFound });

    const wrongGroup = await alliance
      .post('verify_email', { partner_group_id: cloud.group.id, email: 'a@b.test' })
      .expect(422);
    expect(Object.keys(wrongGroup.body.errors)).toEqual(['partner_group_id']);
    const badEmail = await alliance
      .post('verify_email', { partner_group_id: alliance.group.id, email: 'x' })
      .expect(422);
    expect(Object.keys(badEmail.body.errors)).toEqual(['email']);

    const member = await alliance
      .post('verify_email', { partner_group_id: alliance.group.id, email: users.acmeBm.email.toUpperCase() })
      .expect(200);
    expect(member.body).toEqual({
      valid: false,
      message: ONBOARDING_MESSAGES.alreadyMember,
      session: null,
      redirect: null,
    });

    // A new session every time; an unknown token (or one of another group) is not found.
    const fresh = `${uniqueName('fresh')}@startup.test`;
    const first = await cloud.start(fresh);
    const second = await cloud.start(fresh);
    expect(second.token).not.toBe(first.token);
    const foreign = await alliance.post('agreements', { session_token: first.token, agreements: NONE }).expect(404);
    expect(foreign.body).toEqual({ error: ONBOARDING_MESSAGES.sessionNotFound });
    await cloud.post('agreements', { session_token: 'no-such-token', agreements: NONE }).expect(404);
    await cloud.restore('no-such-token').expect(404);
  });

  it('registers a limited member without agreements or payment', async () => {
    const email = users.initechBm.email;
    const session = await alliance.start(email);
    expect(session).toMatchObject({
      company: { id: initech.id, name: initech.name },
      membership_type: 'limited',
      user_known: true,
      names_known: true,
      agreements_required: NONE,
      payment_required: false,
      data: { company: { name: initech.name }, user: { email } },
    });
    expect(session.data.user?.first_name).toBeTruthy();

    const contacted = await alliance
      .post('validate_contact', memberContact(session.token, email, alliance.countryId))
      .expect(200);
    expect(contacted.body.next).toBe('agreements');
    const agreed = await alliance.post('agreements', { session_token: session.token, agreements: NONE }).expect(200);
    expect(agreed.body).toMatchObject({ valid: true, next: 'register-limited', session: { step: 'agreements' } });
    expect(agreed.body.session.data.agreements).toEqual({
      code_of_conduct: true,
      database_license: true,
      addendum: true,
    });

    const noPayment = await alliance
      .post('payment', { session_token: session.token, name_on_card: 'Bill', card_token: 'tok_visa' })
      .expect(409);
    expect(noPayment.body).toEqual({ error: ONBOARDING_MESSAGES.paymentNotRequired });
    await alliance.post('register', { session_token: session.token, document: {} }).expect(422);
    await alliance.post('register/existing', { session_token: session.token, document_id: 0 }).expect(409);
    await alliance.post('register/limited', { session_token: session.token, company_id: acme.id }).expect(403);
    await alliance.post('register/limited', { session_token: session.token, company_id: 'x' }).expect(422);

    const registered = await alliance
      .post('register/limited', { session_token: session.token, company_id: initech.id })
      .expect(200);
    expect(registered.body).toMatchObject({ valid: true, next: 'success', session: { status: 'pending_review' } });
    await api.lastMailTo(email, 'onboarding-received');
    await alliance.post('register/limited', { session_token: session.token, company_id: initech.id }).expect(409);
    expect(stripe.charges).toHaveLength(0);
  });

  it('lets an elite member of a free group choose one of its own processes', async () => {
    const email = users.globexBm.email;
    const session = await cloud.start(email);
    expect(session).toMatchObject({
      company: { id: globex.id },
      membership_type: 'elite',
      agreements_required: NONE,
      payment_required: false,
    });
    await cloud.post('register/existing', { session_token: session.token, document_id: 0 }).expect(409);
    const contacted = await cloud
      .post('validate_contact', memberContact(session.token, email, cloud.countryId))
      .expect(200);
    expect(contacted.body).toMatchObject({ next: 'basic-premium', session: { step: 'basic-premium' } });

    // Only the session's own company's processes are listed.
    const own = await liveDocuments(globex.id);
    const listed = await cloud
      .get(`documents/${globex.id}?session_token=${encodeURIComponent(session.token)}`)
      .expect(200);
    expect(listed.body).toEqual(own);
    await cloud.get(`documents/${acme.id}?session_token=${encodeURIComponent(session.token)}`).expect(403);
    await cloud.get(`documents/${globex.id}`).expect(422);
    await cloud.get(`documents/${globex.id}?session_token=unknown`).expect(404);

    const free = await cloud
      .post('payment', { session_token: session.token, name_on_card: 'Globex', card_token: 'tok_visa' })
      .expect(409);
    expect(free.body).toEqual({ error: ONBOARDING_MESSAGES.paymentNotRequired });
    const [acmeDocument] = await liveDocuments(acme.id);
    const foreign = await cloud
      .post('register/existing', { session_token: session.token, document_id: acmeDocument.id })
      .expect(422);
    expect(Object.keys(foreign.body.errors)).toEqual(['document_id']);
    await cloud
      .post('register/existing', { session_token: session.token, document_id: own[0].id, user_access: 'everyone' })
      .expect(422);

    const registered = await cloud
      .post('register/existing', { session_token: session.token, document_id: own[0].id })
      .expect(200);
    expect(registered.body).toMatchObject({ valid: true, session: { status: 'pending_review', step: 'success' } });
    const stored = await orm(api).findOneOrFail(OnboardingSession, { token: session.token });
    expect(stored.data).toMatchObject({ document_id: own[0].id, user_access: 'open' });
  });

  it('asks a basic member of a priced group to accept the forced addendum and to pay before choosing', async () => {
    const email = users.umbrellaCaller.email;
    const session = await alliance.start(email);
    expect(session).toMatchObject({
      membership_type: 'basic',
      agreements_required: { code_of_conduct: false, database_license: false, addendum: true },
      payment_required: true,
    });
    await alliance.post('validate_contact', memberContact(session.token, email, alliance.countryId)).expect(200);
    const unticked = await alliance
      .post('register/existing', { session_token: session.token, document_id: 0, agreements: NONE })
      .expect(422);
    expect(unticked.body.message).toBe(MESSAGES.acceptAllAgreements);
    const unpaid = await alliance
      .post('register/existing', {
        session_token: session.token,
        document_id: 0,
        user_access: 'restricted',
        agreements: { ...NONE, addendum: true },
      })
      .expect(409);
    expect(unpaid.body).toEqual({ error: ONBOARDING_MESSAGES.paymentRequired });
    // Nothing of the refused call was kept: the basic-premium page accepts the agreements, then pays.
    const storedAgreements = (await orm(api).findOneOrFail(OnboardingSession, { token: session.token })).data;
    expect(storedAgreements.agreements ?? null).toBeNull();
    const agreed = await alliance
      .post('agreements', { session_token: session.token, agreements: { ...NONE, addendum: true } })
      .expect(200);
    expect(agreed.body).toMatchObject({ next: 'payment', session: { step: 'choose-process' } });
    const paid = await alliance
      .post('payment', { session_token: session.token, name_on_card: 'Umbrella', card_token: 'tok_visa' })
      .expect(200);
    expect(paid.body.next).toBe('choose-process');
    // The stored agreements count; none need to be sent again.
    const registered = await alliance
      .post('register/existing', { session_token: session.token, document_id: 0, user_access: 'restricted' })
      .expect(200);
    expect(registered.body.session).toMatchObject({
      status: 'pending_review',
      data: { agreements: { addendum: true } },
    });
    const stored = await orm(api).findOneOrFail(OnboardingSession, { token: session.token });
    expect(stored.data).toMatchObject({ document_id: 0, user_access: 'restricted' });
  });

  it('takes a new company through a free group without payment, saving the process for later', async () => {
    const email = `${uniqueName('team')}@free-rider.test`;
    const session = await cloud.startWithContact(email);
    const agreed = await cloud
      .post('agreements', {
        session_token: session.token,
        agreements: { code_of_conduct: true, database_license: true },
      })
      .expect(200);
    expect(agreed.body).toMatchObject({ next: 'process', session: { payment_required: false, step: 'process' } });
    await cloud
      .post('payment', { session_token: session.token, name_on_card: 'Free', card_token: 'tok_visa' })
      .expect(409);

    const draft = await cloud
      .post('register', { session_token: session.token, document: { support_hours: '9-5' }, save_for_later: true })
      .expect(200);
    expect(draft.body).toMatchObject({
      message: ONBOARDING_MESSAGES.savedForLater,
      session: { status: 'saved_for_later' },
    });
    const mail = await api.lastMailTo(email, 'onboarding-saved');
    const linkToken = tokenFromLink(mail.variables.link as string);
    // The link is not the session's own token: the session's bearer never travels in a mail.
    expect(linkToken).not.toBe(session.token);
    // A second save while the mailed link is unused sends no new mail.
    await cloud
      .post('register', { session_token: session.token, document: { support_hours: '9-5' }, save_for_later: true })
      .expect(200);
    expect(
      (await api.mailJobs()).filter((job) => job.template === 'onboarding-saved' && job.to.includes(email)),
    ).toHaveLength(1);
    await cloud.restore(session.token).expect(404);
    // Opened twice at once, the link restores the session once.
    const [first, second] = await Promise.all([cloud.restore(linkToken), cloud.restore(linkToken)]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    const restored = (first.status === 200 ? first : second).body;
    expect(restored.session).toMatchObject({ step: 'process', data: { document: { support_hours: '9-5' } } });
    expect(restored.session.token).toBe(session.token);
    expect(restored.group.free).toBe(true);
    await cloud.restore(linkToken).expect(404);

    const incomplete = await cloud
      .post('register', { session_token: session.token, document: { support_hours: '9-5' } })
      .expect(422);
    expect(Object.keys(incomplete.body.errors)).toEqual(
      expect.arrayContaining(['document.support_email', 'document.manager_email']),
    );
    expect(cloud.transcript()).not.toMatch(/argon2|password_hash/);
  });
});
