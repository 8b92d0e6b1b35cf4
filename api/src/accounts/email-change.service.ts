import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { MESSAGES, PROFILE_MESSAGES, routePath } from '@casebridge/contracts';
import { normalizeEmail, OneTimeToken, User } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../platform/access/actor';
import { OneTimeTokens } from './sessions/one-time-tokens.service';
import { ValidationException } from '../platform/common/errors';
import { flushUnique } from '../platform/common/unique-flush';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { companyDomains, emailMatchesCompanyDomain } from './landing/company-domains';
import { accountMails } from './account-mails';
import { MailProducer } from '../platform/mail/mail.producer';
import { CurrentPasswordCheck } from './current-password.service';
import { RegistrationService } from './registration.service';

/** A checked e-mail change whose link is issued (saved with the profile's flush) and not yet mailed. */
export interface PendingEmailChange {
  user: User;
  email: string;
  rawToken: string;
  token: OneTimeToken;
}

/**
 * Changing the address a user signs in with: asked on the profile (current password, an address of the user's
 * company, not taken), it takes effect only when the link mailed to the new address is opened, and the old
 * address is told at once. So neither a stolen session nor a typo moves the account to a mailbox its owner
 * does not control, and nobody can take another company's address.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    private readonly em: EntityManager,
    private readonly tokens: OneTimeTokens,
    private readonly mail: MailProducer,
    private readonly registration: RegistrationService,
    private readonly currentPassword: CurrentPasswordCheck,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** Checks the change and issues its link; the caller flushes, then calls `announce`. */
  async prepare(
    actor: Actor,
    user: User,
    email: string,
    currentPassword: string | null | undefined,
  ): Promise<PendingEmailChange> {
    if (actor.impersonatorId !== null) {
      throw new ForbiddenException('This is not possible while logged in as another user.');
    }
    if (user.company?.loginMethod === 'sso' && user.role !== 'api') {
      throw ValidationException.forField('email', PROFILE_MESSAGES.emailFromSso);
    }
    this.assertCompanyAddress(user, email);
    await this.registration.assertEmailFree(email, user.id);
    await this.currentPassword.assert(user, currentPassword);
    // Only the newest request counts: an older link would otherwise still move the account.
    await this.tokens.voidOutstanding(user, 'email_change');
    const { raw, token } = this.tokens.issue(user, 'email_change', { email });
    return { user, email, rawToken: raw, token };
  }

  /** Mails the link to the new address and the notice to the old one; answers the profile's message. */
  async announce({ user, email, rawToken, token }: PendingEmailChange): Promise<string> {
    const link = this.link(routePath('confirm_email', { token: rawToken }));
    await this.mail.send(accountMails.emailChangeConfirm(user, email, link, token.id));
    const home = this.link(user.company ? routePath('home-with-slug', { slug: user.company.slug }) : '/');
    await this.mail.send(accountMails.emailChangeNotice(user, email, home, token.id));
    return PROFILE_MESSAGES.emailChangeSent(email);
  }

  /** The link was opened: the address changes, once, if it is still free and still the company's. */
  async confirm(rawToken: string): Promise<{ message: string; email: string }> {
    const token = await this.tokens.find(rawToken, ['email_change']);
    const email = typeof token?.data?.email === 'string' ? normalizeEmail(token.data.email) : null;
    if (!token || !email) throw ValidationException.forField('token', PROFILE_MESSAGES.emailChangeInvalid);
    const user = token.user;
    this.assertCompanyAddress(user, email);
    await this.registration.assertEmailFree(email, user.id);
    if (!(await this.tokens.claim(token))) {
      throw ValidationException.forField('token', PROFILE_MESSAGES.emailChangeInvalid);
    }
    user.email = email;
    // Opening the link proves the new mailbox.
    user.emailVerifiedAt = new Date();
    await flushUnique(this.em, { field: 'email', message: MESSAGES.emailTaken, clearOnConflict: false });
    return { message: PROFILE_MESSAGES.emailChanged(email), email };
  }

  private assertCompanyAddress(user: User, email: string): void {
    const domains = user.company ? companyDomains(user.company) : [];
    if (user.company && domains.length > 0 && !emailMatchesCompanyDomain(email, user.company)) {
      throw ValidationException.forField('email', PROFILE_MESSAGES.emailOutsideDomains(domains));
    }
  }

  private link(path: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}${path}`;
  }
}
