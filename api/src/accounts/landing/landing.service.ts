import { ForbiddenException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { MESSAGES, routePath, type LandingResponse, type LoginLinkBody } from '@casebridge/contracts';
import { Community, Company, normalizeEmail, User, PICKABLE_USER } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { companyLogoUrl, toCompanySummary } from '../account.mappers';
import { ProfileService } from '../profile/profile.service';
import { AuthService } from '../sessions/auth.service';
import { OneTimeTokens } from '../sessions/one-time-tokens.service';
import { signInRefusal } from '../sessions/sign-in-rules';
import { ValidationException } from '../../platform/common/errors';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { accountMails } from '../account-mails';
import { MailProducer } from '../../platform/mail/mail.producer';
import { RateLimiter } from '../../platform/redis/rate-limiter.service';
import { emailMatchesCompanyDomain } from './company-domains';

const SEARCH_RESULTS = 20;

/** The public company pages: search, landing data, e-mail login links and automatic login. */
@Injectable()
export class LandingService {
  constructor(
    private readonly em: EntityManager,
    private readonly profile: ProfileService,
    private readonly auth: AuthService,
    private readonly tokens: OneTimeTokens,
    private readonly mail: MailProducer,
    private readonly rateLimiter: RateLimiter,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async search(term: string) {
    const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const companies = await this.em.find(
      Company,
      { name: { $ilike: pattern }, status: 'active', showInPublicWeb: true },
      { orderBy: { name: 'asc' }, limit: SEARCH_RESULTS },
    );
    return companies.map((company) => ({
      id: company.id,
      name: company.name,
      slug: company.slug,
      logo: companyLogoUrl(company),
    }));
  }

  async landing(slug: string): Promise<LandingResponse> {
    const company = await this.em.findOne(Company, { slug });
    if (!company) throw new NotFoundException('Company not found.');
    const [managers, keyContacts, countries, group] = await Promise.all([
      this.em.find(User, { company, role: 'business_manager', ...PICKABLE_USER }, { orderBy: { lastName: 'asc' } }),
      this.em.find(
        User,
        { company, isKeyContact: true, status: 'active' },
        { populate: ['country'], orderBy: { lastName: 'asc' } },
      ),
      this.profile.countries(),
      this.em.findOne(
        Community,
        { sponsorCompany: company, type: 'partner_program', status: 'active', vhost: { $ne: null } },
        { orderBy: { id: 'asc' } },
      ),
    ]);
    return {
      company: {
        ...toCompanySummary(company),
        sso_login_section: company.ssoLoginSection,
        sso_registration_section: company.ssoRegistrationSection,
        requires_approval: company.requiresApproval,
      },
      manager: managers.map((user) => ({ first_name: user.firstName, last_name: user.lastName })),
      key_contacts: keyContacts.map((user) => ({
        first_name: user.firstName,
        last_name: user.lastName,
        city: user.city,
        country: user.country ? { country_code: user.country.countryCode } : null,
      })),
      countries,
      group: group
        ? {
            id: group.id,
            name: group.name,
            vhost: group.vhost,
            logo: group.logoPath ? `/resources/group_banner/${group.vhost}` : null,
            instructions: group.instructions,
            links: group.links ?? [],
          }
        : null,
    };
  }

  /** Mails a login link to an address of an email_link company, creating the account on first use. */
  async sendLoginLink(body: z.output<typeof LoginLinkBody>, ip: string): Promise<{ message: string }> {
    await this.rateLimiter.hit([`link:ip:${ip}`, `link:account:${body.email}`], 5, 15 * 60);
    const company = await this.em.findOne(Company, body.company_id);
    if (!company) throw ValidationException.forField('company_id', 'The selected company is invalid.');
    if (company.status !== 'active') throw new ForbiddenException(MESSAGES.companyDisabled);
    if (company.loginMethod !== 'email_link')
      throw new ForbiddenException('This company does not sign in by e-mail link.');
    if (!emailMatchesCompanyDomain(body.email, company))
      throw ValidationException.forField('email', MESSAGES.loginLinkWrongDomain);

    let user = await this.em.findOne(User, { email: normalizeEmail(body.email) }, { populate: ['company'] });
    if (user && user.company?.id !== company.id)
      throw ValidationException.forField('email', MESSAGES.loginLinkWrongDomain);
    user ??= this.em.create(User, {
      firstName: '',
      lastName: '',
      email: body.email,
      company,
      role: 'caller',
      registrationType: 'email_link',
      forceUpdateProfile: true,
    });
    if (user.status !== 'active') throw new ForbiddenException(MESSAGES.userInactive);
    const { raw, token } = this.tokens.issue(user, 'login_link', { agreed_at: new Date().toISOString() });
    await this.em.flush();
    await this.mail.send(accountMails.loginLink(user, this.link(routePath('auto_login', { token: raw })), token.id));
    return { message: MESSAGES.loginLinkSent };
  }

  async autoLogin(rawToken: string, ip: string) {
    const token = await this.tokens.find(rawToken, ['login_link', 'auto_login']);
    if (!token || !(await this.tokens.claim(token))) throw new UnauthorizedException(MESSAGES.invalidToken);
    const user = token.user;
    // Opening the mailed link proves the address; the privacy tick was given when the link was asked for.
    user.emailVerifiedAt ??= new Date();
    if (token.data?.agreed_at && !user.agreementDate) user.agreementDate = new Date();
    const refusal = signInRefusal(user, 'link');
    if (refusal) {
      await this.em.flush();
      throw new ForbiddenException(refusal);
    }
    return this.auth.signIn(user, ip);
  }

  private link(path: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}${path}`;
  }
}
