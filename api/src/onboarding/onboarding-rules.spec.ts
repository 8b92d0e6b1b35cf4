import type { MembershipType } from '@casebridge/contracts';
import type { Community, Company, OnboardingSession } from '@casebridge/db';
import {
  acceptedAgreements,
  answeredData,
  isFreeGroup,
  nextAfterAgreements,
  paymentRequired,
  requiredAgreements,
  stepAfterAgreements,
  stepAfterContact,
} from './onboarding-rules';

const pricedGroup = {
  price: 1200,
  priceThreeYears: 3240,
  codeOfConductPath: 'c.pdf',
  currentLicensePath: 'l.pdf',
  addendumPath: 'a.pdf',
  forceAddendum: true,
} as Community;

function sessionOf(membership: MembershipType | null): OnboardingSession {
  return {
    company: membership ? ({ id: 1, name: 'Member' } as Company) : null,
    membershipType: membership,
    data: {},
  } as OnboardingSession;
}

describe('onboarding rules', () => {
  it('asks new members for every agreement the group publishes', () => {
    expect(requiredAgreements(pricedGroup, sessionOf(null))).toEqual({
      code_of_conduct: true,
      database_license: true,
      addendum: true,
    });
    const withoutFiles = { ...pricedGroup, codeOfConductPath: null, addendumPath: null } as Community;
    expect(requiredAgreements(withoutFiles, sessionOf(null))).toEqual({
      code_of_conduct: false,
      database_license: true,
      addendum: false,
    });
  });

  it.each<[MembershipType, boolean]>([
    ['basic', true],
    ['premium', true],
    ['standard', false],
    ['elite', false],
    ['limited', false],
  ])('forces the addendum on a %s member only for basic and premium (%s)', (membership, forced) => {
    expect(requiredAgreements(pricedGroup, sessionOf(membership))).toEqual({
      code_of_conduct: false,
      database_license: false,
      addendum: forced,
    });
    const notForced = { ...pricedGroup, forceAddendum: false } as Community;
    expect(requiredAgreements(notForced, sessionOf(membership)).addendum).toBe(false);
  });

  it('accepts what is not required and keeps what must be ticked', () => {
    const required = { code_of_conduct: true, database_license: false, addendum: true };
    expect(acceptedAgreements(required, { addendum: true })).toEqual({
      code_of_conduct: false,
      database_license: true,
      addendum: true,
    });
  });

  it('charges every member but a limited one, and nobody in a free group', () => {
    const free = { ...pricedGroup, price: 0, priceThreeYears: 0 } as Community;
    expect(isFreeGroup(free)).toBe(true);
    expect(isFreeGroup({ ...free, priceThreeYears: 100 } as Community)).toBe(false);
    expect(paymentRequired(pricedGroup, sessionOf(null))).toBe(true);
    expect(paymentRequired(pricedGroup, sessionOf('elite'))).toBe(true);
    expect(paymentRequired(pricedGroup, sessionOf('limited'))).toBe(false);
    expect(paymentRequired(free, sessionOf(null))).toBe(false);
  });

  it('routes each kind of applicant through its pages', () => {
    expect([stepAfterContact('new'), stepAfterContact('limited'), stepAfterContact('existing')]).toEqual([
      'agreements',
      'agreements',
      'basic-premium',
    ]);
    expect([stepAfterAgreements('new'), stepAfterAgreements('limited'), stepAfterAgreements('existing')]).toEqual([
      'process',
      'agreements',
      'choose-process',
    ]);
    expect(nextAfterAgreements('new', true)).toBe('payment');
    expect(nextAfterAgreements('new', false)).toBe('process');
    expect(nextAfterAgreements('limited', false)).toBe('register-limited');
    expect(nextAfterAgreements('existing', false)).toBe('choose-process');
  });

  it('never answers the password hash or internal markers of the stored data', () => {
    const answered = answeredData({ user: { email: 'a@b.test' }, password_hash: '$argon2id$x', agreements_done: true });
    expect(JSON.stringify(answered)).not.toMatch(/argon2|agreements_done/);
    expect(answered.user).toEqual({ email: 'a@b.test' });
  });
});
