import { MESSAGES } from '@casebridge/contracts';
import { User, type Company } from '@casebridge/db';
import type { Response } from 'supertest';
import { startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aUser, domainOf, FACTORY_PASSWORD } from '../../../../test/kit/factories';
import { orm, registrationBody } from '../../../../test/kit/member-fixtures';

/**
 * Rate limits hold against requests sent all at once (issue 15, point 2): every attempt is counted before the
 * work it guards, so a burst of 30 checks at most the limit's worth of passwords or mails and answers the rest
 * 429 Too Many Requests. Each burst comes from 30 different addresses, so only the per-account counter bites.
 */

const LOGIN_LIMIT = 10;
const BURST = 30;

describe('rate limits under parallel requests (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  // Takes registrations (password sign-in), like every company aCompany makes.
  let company: Company;
  const at = (local: string) => `${local}@${domainOf(company)}`;

  beforeAll(async () => {
    api = await startApi({ LOGIN_RATE_LIMIT: String(LOGIN_LIMIT), LOGIN_RATE_WINDOW: '60' });
    company = await aCompany(api);
  });
  afterAll(() => api.close());

  /** Sends the same call BURST times at once, each from its own client address; the answers' statuses. */
  async function burst(path: string, body: (i: number) => object, addressBlock: number): Promise<Response[]> {
    return Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        api
          .http()
          .post(`/api/${path}`)
          .set('X-Forwarded-For', `10.${addressBlock}.0.${i + 1}`)
          .send(body(i)),
      ),
    );
  }

  function tally(responses: Response[]): Record<number, number> {
    const counts: Record<number, number> = {};
    for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }

  function expectRefusalsCarryTheSpecText(responses: Response[]): void {
    for (const refused of responses.filter(({ status }) => status === 429)) {
      expect(refused.body).toEqual({ error: MESSAGES.tooManyRequests });
    }
  }

  const mailsTo = async (to: string, template: string) =>
    (await api.mailJobs()).filter((job) => job.to.includes(to) && job.template === template).length;

  it(`login: ${BURST} parallel wrong passwords for one account check ${LOGIN_LIMIT}, the rest answer 429`, async () => {
    const { email } = await aUser(api, { company, role: 'caller' });
    const responses = await burst('auth/login', () => ({ email, password: 'Wrong1!pass' }), 1);
    // Every checked password answers 401: exactly the limit's worth were checked.
    expect(tally(responses)).toEqual({ 401: LOGIN_LIMIT, 429: BURST - LOGIN_LIMIT });
    expectRefusalsCarryTheSpecText(responses);
    // The account stays locked for the window, whatever the password.
    await api
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', '10.1.1.1')
      .send({ email, password: FACTORY_PASSWORD })
      .expect(429);
  });

  it('login: a successful sign-in gives its attempt back, so a shared address is not locked by successes', async () => {
    // Five times the account limit is the address limit; more successes than that from one address still pass.
    const { email } = await aUser(api, { company, role: 'business_manager' });
    for (let i = 0; i < LOGIN_LIMIT * 5 + 2; i++) {
      await api
        .http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', '10.9.9.9')
        .send({ email, password: FACTORY_PASSWORD })
        .expect(200);
    }
  });

  it(`forgot password: ${BURST} parallel requests for one account queue at most 5 reset mails`, async () => {
    const { email } = await aUser(api, { company, role: 'caller' });
    const responses = await burst('auth/forgot_password', () => ({ email }), 2);
    expect(tally(responses)).toEqual({ 200: 5, 429: BURST - 5 });
    expectRefusalsCarryTheSpecText(responses);
    expect(await mailsTo(email, 'password-reset')).toBe(5);
  });

  it(`verification: ${BURST} parallel resends for one account queue at most 5 mails`, async () => {
    const applicant = registrationBody(at('burst.verify'));
    await api
      .http()
      .post(`/api/caller/register/${company.slug}`)
      .set('X-Forwarded-For', '10.3.9.9')
      .send(applicant)
      .expect(200);
    const before = await mailsTo(applicant.email, 'account-verification');
    const responses = await burst('auth/verify_account', () => ({ email: applicant.email }), 3);
    expect(tally(responses)).toEqual({ 200: 5, 429: BURST - 5 });
    expectRefusalsCarryTheSpecText(responses);
    expect((await mailsTo(applicant.email, 'account-verification')) - before).toBe(5);
  });

  it(`registration: ${BURST} parallel sign-ups from one address create at most 20 accounts`, async () => {
    const addresses = Array.from({ length: BURST }, (_, i) => at(`burst.${i}`));
    const responses = await Promise.all(
      addresses.map((address) =>
        api
          .http()
          .post(`/api/caller/register/${company.slug}`)
          .set('X-Forwarded-For', '10.4.0.1')
          .send(registrationBody(address)),
      ),
    );
    expect(tally(responses)).toEqual({ 200: 20, 429: BURST - 20 });
    expectRefusalsCarryTheSpecText(responses);
    // Counted in our own company: the refused sign-ups wrote nothing.
    expect(await orm(api).count(User, { company: company.id, email: { $in: addresses } })).toBe(20);
  });
});
