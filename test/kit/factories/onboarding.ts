import { randomBytes } from 'node:crypto';
import { Community, OnboardingSession } from '@casebridge/db';
import type { RequiredEntityData } from '@mikro-orm/core';
import { emOf, settle, uniqueName, type FactoryTarget } from './world';

export interface OnboardingSessionSpec {
  /** The partner group applied to (it needs a vhost for the applicant's pages). */
  group: Community;
  overrides?: Partial<RequiredEntityData<OnboardingSession>>;
}

/**
 * A new company's application to a partner group, saved for later at the agreements step (as the applicant's
 * pages store one after the contact step), with a unique applicant address and company name.
 */
export async function anOnboardingSession(
  target: FactoryTarget,
  spec: OnboardingSessionSpec,
): Promise<OnboardingSession> {
  const em = emOf(target);
  const name = uniqueName('applicant');
  const email = `it-partners@${name}.test`;
  const session = em.create(OnboardingSession, {
    token: randomBytes(24).toString('base64url'),
    community: em.getReference(Community, spec.group.id),
    email,
    step: 'agreements',
    status: 'saved_for_later',
    saveForLater: true,
    data: {
      company: {
        name: `Applicant ${name}`,
        address: '1 Infinite Loop',
        city: 'Palo Alto',
        state: 'CA',
        zipcode: '94301',
        url: `https://${name}.test`,
      },
      user: { first_name: 'Nina', last_name: 'Brooks', email, phone: '6505550111', phone_country_code: 'US' },
    },
    ...spec.overrides,
  });
  await em.flush();
  await settle(target);
  return session;
}
