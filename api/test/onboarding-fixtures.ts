import type { OnboardingSessionView } from '@casebridge/contracts';
import { OnboardingSession } from '@casebridge/db';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import type { Response, Test } from 'supertest';
import { OnboardingSessionsService } from '../src/onboarding/onboarding-sessions.service';
import type { ApiHarness } from '../../test/kit/api-harness';

/**
 * The session as the applicant's pages see it (the api's view of it), read by the session's own token: the only
 * public read, the restore link, works once.
 */
export async function sessionView(api: ApiHarness, token: string): Promise<OnboardingSessionView> {
  const em = api.app.get(MikroORM).em.fork();
  return RequestContext.create(em, async () => {
    const session = await em.findOneOrFail(OnboardingSession, { token }, { populate: ['company', 'community'] });
    return api.app.get(OnboardingSessionsService).view(session);
  });
}

export const NEW_PASSWORD = 'Str0ng!Pass';

/** A complete contact step for an applicant; `company.country_id` must be a seeded country. */
export function contactBody(token: string, email: string, countryId: number) {
  return {
    session_token: token,
    company: {
      name: 'Hooli Networks',
      address: '1 Main Street',
      city: 'Austin',
      state: 'TX',
      zipcode: '73301',
      country_id: countryId,
      url: 'https://hooli.test',
    },
    user: {
      first_name: 'Nina',
      last_name: 'Brooks',
      email,
      phone: '5125550100',
      phone_country_code: 'US',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    },
  };
}

export const PROCESS_DOCUMENT = {
  support_hours: '24x7',
  product_supported: 'Hooli storage gateways',
  support_email: 'support@hooli.test',
  manager_first_name: 'Gavin',
  manager_last_name: 'Belson',
  manager_email: 'gavin@hooli.test',
  support_phone: '5125550199',
  support_country_code: 'US',
};

/**
 * The onboarding calls of one vhost, recording every answer so a test can check that none ever carried a
 * password hash.
 */
export class OnboardingClient {
  readonly answers: unknown[] = [];
  group!: { id: number; name: string };
  countryId!: number;

  constructor(
    private readonly api: ApiHarness,
    readonly vhost: string,
  ) {}

  async load(): Promise<this> {
    const answer = await this.get('group').expect(200);
    this.group = answer.body.group;
    this.countryId = answer.body.countries[0].id;
    return this;
  }

  post(call: string, body: object) {
    return this.track(this.api.http().post(`/api/onboarding/${this.vhost}/${call}`).send(body));
  }

  get(path: string) {
    return this.track(this.api.http().get(`/api/onboarding/${this.vhost}/${path}`));
  }

  restore(token: string) {
    return this.track(this.api.http().get(`/api/onboarding/restore/${encodeURIComponent(token)}`));
  }

  /** verify_email for the address; the new session. */
  async start(email: string): Promise<OnboardingSessionView> {
    const answer = await this.post('verify_email', { partner_group_id: this.group.id, email }).expect(200);
    if (!answer.body.valid) throw new Error(`verify_email refused ${email}: ${answer.body.message}`);
    return answer.body.session;
  }

  /** verify_email and a complete contact step. */
  async startWithContact(email: string): Promise<OnboardingSessionView> {
    const session = await this.start(email);
    await this.post('validate_contact', contactBody(session.token, email, this.countryId)).expect(200);
    return session;
  }

  /** Every answer body and raw text so far, as one string. */
  transcript(): string {
    return this.answers.map((answer) => JSON.stringify(answer)).join('\n');
  }

  private track(test: Test): Test {
    test.on('response', (response: Response) => this.answers.push(response.body, response.text));
    return test;
  }
}
