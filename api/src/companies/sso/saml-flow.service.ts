import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { MESSAGES, routePath, SSO_ERROR_QUERY, type SsoErrorCode } from '@casebridge/contracts';
import { Company } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { generateServiceProviderMetadata, SAML, ValidateInResponseTo, type Profile } from '@node-saml/node-saml';
import { EntityManager } from '@mikro-orm/postgresql';
import { DOMParser } from '@xmldom/xmldom';
import type { Redis } from 'ioredis';
import { OneTimeTokens } from '../../accounts/sessions/one-time-tokens.service';
import { signInRefusal } from '../../accounts';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { REDIS } from '../../platform/redis/redis.module';
import { splitCertificates } from './idp-metadata';
import { consumeAssertionId, RedisSamlRequestCache } from './saml-redis';
import { spUrls } from './sp-urls';
import { SsoAccountsService } from './sso-accounts.service';

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
/** Clocks of identity providers drift a little; a response is not accepted much beyond its window. */
const CLOCK_SKEW_MS = 30_000;
/** The hand-over from the assertion consumer to the web app is immediate; its token need not live long. */
const HANDOFF_TOKEN_MS = 2 * 60_000;
const MAX_REPLAY_WINDOW_MS = 24 * 3600_000;
/** RelayState carries a route name of the web app (auto_login's redir), nothing else. */
const ROUTE_NAME = /^[A-Za-z0-9._-]{1,100}$/;

const REFUSAL_CODES: Record<string, SsoErrorCode> = {
  [MESSAGES.userPendingApproval]: 'pending_approval',
  [MESSAGES.userInactive]: 'inactive',
  [MESSAGES.companyInactive]: 'company_inactive',
};

/**
 * The SAML side of single sign-on: our metadata, the AuthnRequest redirect, the assertion consumer and the
 * logout continuation. A verified assertion ends in the app's own one-time auto-login token, so SSO opens
 * exactly the same kind of session as every other way in.
 */
@Injectable()
export class SamlFlowService {
  private readonly logger = new Logger(SamlFlowService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly accounts: SsoAccountsService,
    private readonly tokens: OneTimeTokens,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** SP metadata of a company that uses or prepares single sign-on; 404 otherwise. */
  async metadata(slug: string): Promise<string> {
    const company = await this.company(slug);
    if (company.loginMethod !== 'sso' && !company.ssoIdpFederationUrl) throw new NotFoundException('Not found.');
    const urls = spUrls(this.config, slug);
    return generateServiceProviderMetadata({
      issuer: urls.entityId,
      callbackUrl: urls.acs,
      identifierFormat: EMAIL_FORMAT,
      wantAssertionsSigned: true,
    });
  }

  /** Where the browser goes to sign in: the identity provider with an AuthnRequest, or back with a reason. */
  async loginRedirect(slug: string, redir: string | undefined): Promise<string> {
    const company = await this.company(slug);
    const saml = this.samlFor(company);
    if (!saml) return this.landing(slug, 'not_configured');
    const relayState = redir && ROUTE_NAME.test(redir) ? redir : '';
    return saml.getAuthorizeUrlAsync(relayState, undefined, {});
  }

  /** The assertion consumer: verifies the response and answers where the browser continues. */
  async consume(slug: string, form: Record<string, unknown>): Promise<string> {
    const company = await this.company(slug);
    const saml = this.samlFor(company);
    if (!saml) return this.landing(slug, 'not_configured');
    const samlResponse = typeof form.SAMLResponse === 'string' ? form.SAMLResponse : '';
    const relayState = typeof form.RelayState === 'string' ? form.RelayState : '';

    let profile: Profile | null;
    try {
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse, RelayState: relayState }));
    } catch (error) {
      this.logger.warn(`SAML response for ${slug} refused: ${error instanceof Error ? error.message : String(error)}`);
      return this.landing(slug, 'invalid_response');
    }
    const checked = profile ? this.checkAddressing(profile, spUrls(this.config, slug).acs) : null;
    if (!profile || !checked) {
      this.logger.warn(`SAML response for ${slug} refused: wrong destination or recipient`);
      return this.landing(slug, 'invalid_response');
    }
    const ttl = Math.min(Math.max(checked.validUntil - Date.now() + CLOCK_SKEW_MS, 60_000), MAX_REPLAY_WINDOW_MS);
    if (!(await consumeAssertionId(this.redis, company.id, checked.assertionId, ttl))) {
      return this.landing(slug, 'replayed');
    }

    const account = await this.accounts.resolve(company, profile);
    if ('refusal' in account) return this.landing(slug, account.refusal);
    const user = account.user;
    await this.em.populate(user, ['company']);
    const refusal = signInRefusal(user, 'sso');
    if (refusal) return this.landing(slug, REFUSAL_CODES[refusal] ?? 'inactive');

    const { raw, token } = this.tokens.issue(user, 'auto_login');
    token.expiresAt = new Date(Date.now() + HANDOFF_TOKEN_MS);
    await this.em.flush();
    const path = routePath('auto_login', { token: raw });
    return relayState && ROUTE_NAME.test(relayState) ? `${path}?redir=${encodeURIComponent(relayState)}` : path;
  }

  /**
   * After the app ended its own session: the identity provider's logout page when one is configured (it ends the
   * IdP session), else the company page. No SAML LogoutRequest is sent (see docs/decisions.md).
   */
  async logoutRedirect(slug: string): Promise<string> {
    const company = await this.company(slug);
    if (company.loginMethod === 'sso' && company.ssoIdpLogoutUrl) return company.ssoIdpLogoutUrl;
    return routePath('home-with-slug', { slug });
  }

  private async company(slug: string): Promise<Company> {
    const company = await this.em.findOne(Company, { slug });
    if (!company) throw new NotFoundException('Company not found.');
    return company;
  }

  /** node-saml for a company that signs in by sso with a federation URL and a known signing certificate. */
  private samlFor(company: Company): SAML | null {
    const certificates = splitCertificates(company.ssoIdpCertificate);
    if (company.loginMethod !== 'sso' || !company.ssoIdpFederationUrl || !certificates.length) return null;
    const urls = spUrls(this.config, company.slug);
    return new SAML({
      issuer: urls.entityId,
      audience: urls.entityId,
      callbackUrl: urls.acs,
      entryPoint: company.ssoIdpFederationUrl,
      idpCert: certificates,
      identifierFormat: EMAIL_FORMAT,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      disableRequestedAuthnContext: true,
      validateInResponseTo: ValidateInResponseTo.ifPresent,
      cacheProvider: new RedisSamlRequestCache(this.redis, company.id),
      signatureAlgorithm: 'sha256',
    });
  }

  /**
   * node-saml checks signature, audience and time but not where the response was addressed: the Response
   * Destination and the SubjectConfirmationData Recipient, when present, must be our assertion consumer.
   */
  private checkAddressing(profile: Profile, acsUrl: string): { assertionId: string; validUntil: number } | null {
    const response = parseXml(profile.getSamlResponseXml?.() ?? '');
    const assertion = parseXml(profile.getAssertionXml?.() ?? '');
    if (!response || !assertion) return null;
    const destination = response.documentElement.getAttribute('Destination');
    if (destination && destination !== acsUrl) return null;
    const confirmations = assertion.getElementsByTagNameNS(ASSERTION_NS, 'SubjectConfirmationData');
    for (let index = 0; index < confirmations.length; index++) {
      const recipient = confirmations.item(index)!.getAttribute('Recipient');
      if (recipient && recipient !== acsUrl) return null;
    }
    const assertionId = assertion.documentElement.getAttribute('ID');
    if (!assertionId) return null;
    const notOnOrAfter = assertion
      .getElementsByTagNameNS(ASSERTION_NS, 'Conditions')
      .item(0)
      ?.getAttribute('NotOnOrAfter');
    const validUntil = notOnOrAfter ? Date.parse(notOnOrAfter) : NaN;
    return { assertionId, validUntil: Number.isNaN(validUntil) ? Date.now() + 3600_000 : validUntil };
  }

  private landing(slug: string, code: SsoErrorCode): string {
    return `${routePath('home-with-slug', { slug })}?${SSO_ERROR_QUERY}=${code}`;
  }
}

function parseXml(xml: string): Document | null {
  if (!xml) return null;
  try {
    const document = new DOMParser({ errorHandler: { warning: () => undefined } }).parseFromString(xml, 'text/xml');
    return (document as unknown as Document)?.documentElement ? (document as unknown as Document) : null;
  } catch {
    return null;
  }
}
