import {
  MESSAGES,
  ONBOARDING_MESSAGES,
  SERVER_EVENTS,
  SOCKET_PATH,
  type QueueChangedMessage,
} from '@casebridge/contracts';
import { OnboardingPayment, OnboardingSession } from '@casebridge/db';
import { io } from 'socket.io-client';
import { startApi, tokenFromLink, type ApiHarness } from '../../../test/kit/api-harness';
import { aSuperAdmin, signedIn } from '../../../test/kit/factories';
import { orm } from '../../../test/kit/member-fixtures';
import { contactBody, OnboardingClient, PROCESS_DOCUMENT, sessionView } from '../../test/onboarding-fixtures';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';

const ALL_AGREEMENTS = { code_of_conduct: true, database_license: true, addendum: true };

describe('onboarding: a new company joins the priced partner program and pays by card', () => {
  let api: ApiHarness;
  let stripe: StripeStandIn;
  let alliance: OnboardingClient;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    api = await startApi({
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_API_BASE: stripe.url,
    });
    alliance = await new OnboardingClient(api, 'storage-alliance').load();
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await stripe?.close();
  });

  it('answers the group with its prices, agreements and the Stripe settings of the card field', async () => {
    const { group, countries } = (await alliance.get('group').expect(200)).body;
    expect(group).toMatchObject({
      name: 'Storage Alliance',
      vhost: 'storage-alliance',
      type: 'partner_program',
      sponsor_name: 'Globex Storage',
      price: 1200,
      price_three_years: 3240,
      free: false,
      has_code_of_conduct: true,
      has_database_license: true,
      has_addendum: true,
      force_addendum: true,
      banner_url: '/resources/group_banner/storage-alliance',
      stripe_publishable_key: 'pk_test_standin',
      stripe_js_url: 'https://js.stripe.com/v3/',
    });
    expect(countries.length).toBeGreaterThan(10);
  });

  it('takes a new company through contact, agreements, a one-year payment and its process to review', async () => {
    const email = 'nina@hooli-networks.test';
    const session = await alliance.start(email);
    expect(session).toMatchObject({
      step: 'contact',
      status: 'in_progress',
      company: null,
      membership_type: null,
      user_known: false,
      names_known: false,
      agreements_required: ALL_AGREEMENTS,
      payment_required: true,
      paid: false,
    });
    const token = session.token;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    // Out of order: nothing before the contact step.
    await alliance.post('agreements', { session_token: token, agreements: ALL_AGREEMENTS }).expect(409);
    await alliance.post('register', { session_token: token, document: PROCESS_DOCUMENT }).expect(409);

    // Contact: field errors with dotted keys, a password for the new account, the session's own address.
    const contact = contactBody(token, email, alliance.countryId);
    const invalid = await alliance
      .post('validate_contact', {
        ...contact,
        company: { ...contact.company, name: '' },
        user: { ...contact.user, email: 'x' },
      })
      .expect(422);
    expect(Object.keys(invalid.body.errors)).toEqual(expect.arrayContaining(['company.name', 'user.email']));
    const noPassword = await alliance
      .post('validate_contact', { ...contact, user: { ...contact.user, password: null, password_confirmation: null } })
      .expect(422);
    expect(noPassword.body.errors['user.password']).toEqual(['The password field is required.']);
    const mismatch = await alliance
      .post('validate_contact', { ...contact, user: { ...contact.user, password_confirmation: 'Other1!pass' } })
      .expect(422);
    expect(mismatch.body.errors['user.password_confirmation']).toEqual([MESSAGES.passwordConfirmation]);
    const otherAddress = await alliance
      .post('validate_contact', { ...contact, user: { ...contact.user, email: 'someone@else.test' } })
      .expect(422);
    expect(Object.keys(otherAddress.body.errors)).toEqual(['user.email']);
    const contacted = await alliance.post('validate_contact', contact).expect(200);
    expect(contacted.body).toMatchObject({ valid: true, next: 'agreements', session: { step: 'agreements' } });
    expect(contacted.body.session.data.company.name).toBe('Hooli Networks');
    expect(contacted.body.session.names_known).toBe(true);

    // Agreements: every one ticked, then the payment modal on the process page.
    const missing = await alliance
      .post('agreements', { session_token: token, agreements: { ...ALL_AGREEMENTS, addendum: false } })
      .expect(422);
    expect(missing.body).toEqual({
      message: MESSAGES.acceptAllAgreements,
      errors: { agreements: [MESSAGES.acceptAllAgreements] },
    });
    const agreed = await alliance.post('agreements', { session_token: token, agreements: ALL_AGREEMENTS }).expect(200);
    expect(agreed.body).toMatchObject({ valid: true, next: 'payment', session: { step: 'process', paid: false } });
    const unpaid = await alliance.post('register', { session_token: token, document: PROCESS_DOCUMENT }).expect(409);
    expect(unpaid.body).toEqual({ error: ONBOARDING_MESSAGES.paymentRequired });

    // Payment: the name on the card is required; a declined card pays nothing; a good one is charged once.
    const noName = await alliance
      .post('payment', { session_token: token, name_on_card: ' ', card_token: 'tok_visa' })
      .expect(422);
    expect(Object.keys(noName.body.errors)).toEqual(['name_on_card']);
    const declined = await alliance
      .post('payment', { session_token: token, name_on_card: 'Nina Brooks', card_token: 'tok_chargeDeclined' })
      .expect(402);
    expect(declined.body).toEqual({ error: 'Your card was declined.' });
    expect((await sessionView(api, token)).paid).toBe(false);

    const paid = await alliance
      .post('payment', { session_token: token, name_on_card: 'Nina Brooks', card_token: 'tok_visa' })
      .expect(200);
    expect(paid.body).toEqual({ success: true, message: ONBOARDING_MESSAGES.paymentSucceeded, next: 'process' });
    const charge = stripe.charges.filter((candidate) => candidate.metadata.onboarding_session === token);
    expect(
      charge.map(({ amount, currency, source, status, description }) => ({
        amount,
        currency,
        source,
        status,
        description,
      })),
    ).toEqual([
      {
        amount: 120000,
        currency: 'usd',
        source: 'tok_chargeDeclined',
        status: 'failed',
        description: 'Storage Alliance membership (One Year)',
      },
      {
        amount: 120000,
        currency: 'usd',
        source: 'tok_visa',
        status: 'succeeded',
        description: 'Storage Alliance membership (One Year)',
      },
    ]);
    const again = await alliance
      .post('payment', { session_token: token, name_on_card: 'Nina Brooks', card_token: 'tok_visa' })
      .expect(409);
    expect(again.body.error).toBeTruthy();
    const payments = await orm(api).find(OnboardingPayment, { session: { token } }, { orderBy: { id: 'asc' } });
    expect(payments.map((row) => [row.status, row.amountCents, row.stripeChargeId])).toEqual([
      ['failed', 120000, null],
      ['paid', 120000, charge[1].id],
    ]);

    // The process: validated field by field, then sent for review with a mail and a live queue push.
    const badDocument = await alliance
      .post('register', {
        session_token: token,
        document: { ...PROCESS_DOCUMENT, support_email: 'nope', support_hours: '' },
      })
      .expect(422);
    expect(Object.keys(badDocument.body.errors).sort()).toEqual(['document.support_email', 'document.support_hours']);

    const admin = io(api.url, {
      path: SOCKET_PATH,
      auth: { token: await signedIn(api, await aSuperAdmin(api)) },
      transports: ['websocket'],
      forceNew: true,
    });
    try {
      await new Promise((resolve) => admin.once('connect', () => resolve(null)));
      const pushed = new Promise<QueueChangedMessage>((resolve) =>
        admin.on(SERVER_EVENTS.queueChanged, (message) => message.queue === 'onboarding' && resolve(message)),
      );
      const submitted = await alliance
        .post('register', { session_token: token, document: PROCESS_DOCUMENT })
        .expect(200);
      expect(submitted.body).toMatchObject({
        valid: true,
        message: ONBOARDING_MESSAGES.submitted,
        next: 'success',
        session: { status: 'pending_review', step: 'success', paid: true, save_for_later: false },
      });
      await expect(pushed).resolves.toEqual({
        queue: 'onboarding',
        removed: false,
        row: expect.objectContaining({ company_name: 'Hooli Networks', status: 'pending_review' }),
      });
    } finally {
      admin.close();
    }
    const received = await api.lastMailTo(email, 'onboarding-received');
    expect(received.variables).toMatchObject({
      first_name: 'Nina',
      company: 'Hooli Networks',
      group: 'Storage Alliance',
    });
    expect(received.variables.link).toBe('https://alliance.globex.test/registration-status');

    // A submitted session takes no further step, but can still be looked at.
    for (const [call, body] of [
      ['validate_contact', contact],
      ['agreements', { session_token: token, agreements: ALL_AGREEMENTS }],
      ['payment', { session_token: token, name_on_card: 'Nina Brooks', card_token: 'tok_visa' }],
      ['register', { session_token: token, document: PROCESS_DOCUMENT }],
      ['register/existing', { session_token: token, document_id: 0 }],
    ] as const) {
      const refused = await alliance.post(call, body).expect(409);
      expect(refused.body).toEqual({ error: ONBOARDING_MESSAGES.alreadySubmitted });
    }
    const submitted = await sessionView(api, token);
    expect(submitted).toMatchObject({ status: 'pending_review', step: 'success' });
    expect(submitted.data.document).toEqual(PROCESS_DOCUMENT);

    // The chosen password is kept as a hash for the review, and never answered.
    const stored = await orm(api).findOneOrFail(OnboardingSession, { token });
    expect(stored.data.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.paymentStatus).toBe('paid');
    expect(alliance.transcript()).not.toMatch(/argon2|password_hash|Str0ng!Pass/);
  });

  it('charges the three-year price once, even when the same payment is sent twice at once', async () => {
    const email = 'ops@three-years.test';
    const { token } = await alliance.startWithContact(email);
    await alliance.post('agreements', { session_token: token, agreements: ALL_AGREEMENTS }).expect(200);
    const body = {
      session_token: token,
      name_on_card: 'Ops Team',
      card_token: 'tok_visa',
      contract_length: 'three_years',
    };
    const answers = await Promise.all([alliance.post('payment', body), alliance.post('payment', body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const charges = stripe.charges.filter((charge) => charge.metadata.onboarding_session === token);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      amount: 324000,
      status: 'succeeded',
      description: 'Storage Alliance membership (Three Years (10% discount))',
      idempotencyKey: expect.stringMatching(/^onboarding-\d+-three_years$/),
    });
    expect(await sessionView(api, token)).toMatchObject({
      paid: true,
      data: { payment: { contract_length: 'three_years', payment_type: 'credit_card' } },
    });
  });

  it('saves a started application for later and mails the link that restores it at its step', async () => {
    const email = 'later@hooli-networks.test';
    const session = await alliance.start(email);
    const saved = await alliance
      .post('validate_contact', { ...contactBody(session.token, email, alliance.countryId), save_for_later: true })
      .expect(200);
    expect(saved.body).toMatchObject({
      valid: true,
      message: ONBOARDING_MESSAGES.savedForLater,
      session: { step: 'contact', status: 'saved_for_later', save_for_later: true },
    });
    const mail = await api.lastMailTo(email, 'onboarding-saved');
    expect(mail.variables.link).toMatch(/^http:\/\/casebridge\.test\/onboarding\/restore\/[A-Za-z0-9_-]{43}$/);
    expect(mail.variables.group).toBe('Storage Alliance');

    const restored = (await alliance.restore(tokenFromLink(mail.variables.link)).expect(200)).body;
    expect(restored.session).toMatchObject({ step: 'contact', status: 'saved_for_later', save_for_later: true });
    expect(restored.session.data.user).toMatchObject({ first_name: 'Nina', email });
    expect(restored.company).toBeNull();
    expect(restored.countries.length).toBeGreaterThan(10);

    // Continuing normally puts the session back in progress.
    await alliance.post('validate_contact', contactBody(session.token, email, alliance.countryId)).expect(200);
    const saving = await alliance
      .post('agreements', { session_token: session.token, agreements: { code_of_conduct: true }, save_for_later: true })
      .expect(200);
    expect(saving.body.session).toMatchObject({ step: 'agreements', status: 'saved_for_later' });
    expect(saving.body.session.data.agreements).toMatchObject({ code_of_conduct: true });
    const second = await api.lastMailTo(email, 'onboarding-saved');
    expect(second.dedupeKey).not.toBe(mail.dedupeKey);
  });
});
