import { Inject, Injectable } from '@nestjs/common';
import { LIMITS, routePath, type SsoErrorCode } from '@casebridge/contracts';
import { normalizeEmail, User, type Company } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import type { Profile } from '@node-saml/node-saml';
import { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { RegistrationService } from '../../accounts/registration.service';
import { OneTimeTokens } from '../../accounts/sessions/one-time-tokens.service';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { accountMails } from '../../accounts';
import { MailProducer } from '../../platform/mail/mail.producer';

/** Attribute names identity providers commonly use (plain, OID and WS-Federation claim URIs). */
const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'emailAddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];
const FIRST_NAME_ATTRIBUTES = [
  'firstName',
  'givenName',
  'urn:oid:2.5.4.42',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
];
const LAST_NAME_ATTRIBUTES = [
  'lastName',
  'surname',
  'sn',
  'urn:oid:2.5.4.4',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
];

const email = z.email().max(LIMITS.emailMax);

/** The user an assertion names, or why there is none to sign in. */
export type SsoAccount = { user: User } | { refusal: SsoErrorCode };

/**
 * Who a verified SAML assertion signs in: the company's user with that e-mail, or a new caller created on the
 * first single sign-on of an sso company (registration_type sso, default group access, approval when required).
 */
@Injectable()
export class SsoAccountsService {
  constructor(
    private readonly em: EntityManager,
    private readonly registration: RegistrationService,
    private readonly tokens: OneTimeTokens,
    private readonly mail: MailProducer,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async resolve(company: Company, profile: Profile): Promise<SsoAccount> {
    const address = emailOf(profile);
    if (!address) return { refusal: 'no_email' };
    const existing = await this.em.findOne(User, { email: normalizeEmail(address) }, { populate: ['company'] });
    if (existing) return existing.company?.id === company.id ? { user: existing } : { refusal: 'unknown_user' };
    if (company.loginMethod !== 'sso') return { refusal: 'unknown_user' };
    return { user: await this.register(company, address, profile) };
  }

  private async register(company: Company, address: string, profile: Profile): Promise<User> {
    const firstName = attribute(profile, FIRST_NAME_ATTRIBUTES)?.slice(0, LIMITS.nameMax) ?? '';
    const lastName = attribute(profile, LAST_NAME_ATTRIBUTES)?.slice(0, LIMITS.nameMax) ?? '';
    const needsApproval = company.requiresApproval;
    const user = this.em.create(User, {
      firstName,
      lastName,
      email: address,
      company,
      role: 'caller',
      type: 'basic',
      registrationType: 'sso',
      approvalStatus: needsApproval ? 'pending' : 'approved',
      // The identity provider vouches for the address.
      emailVerifiedAt: new Date(),
      forceUpdateProfile: !firstName || !lastName,
    });
    await this.registration.grantDefaultGroupAccess(company, user);
    const approval = needsApproval ? this.tokens.issue(user, 'registration_approval') : null;
    await this.em.flush();
    if (approval) await this.requestApproval(company, user, approval.raw, approval.token.id);
    return user;
  }

  /** The same approval request a self-registration sends: the signup managers decide by link or queue. */
  private async requestApproval(company: Company, user: User, rawToken: string, tokenId: number): Promise<void> {
    this.registration.announceQueueChange(user);
    const approveLink = this.link(routePath('account_approval', { token: rawToken, action: 'approve' }));
    const rejectLink = this.link(routePath('account_approval', { token: rawToken, action: 'reject' }));
    for (const manager of await this.registration.signupManagers(company)) {
      await this.mail.send(accountMails.approvalRequest(manager, user, approveLink, rejectLink, tokenId));
    }
  }

  private link(path: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}${path}`;
  }
}

/** The e-mail of an assertion: the NameID when it is an address, else the first e-mail attribute. */
export function emailOf(profile: Profile): string | null {
  const candidates = [profile.nameID, ...EMAIL_ATTRIBUTES.map((name) => firstValue(profile[name]))];
  for (const candidate of candidates) {
    const value = candidate?.trim();
    if (value && email.safeParse(value).success) return value.toLowerCase();
  }
  return null;
}

function attribute(profile: Profile, names: string[]): string | null {
  for (const name of names) {
    const value = firstValue(profile[name])?.trim();
    if (value) return value;
  }
  return null;
}

function firstValue(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return null;
}
