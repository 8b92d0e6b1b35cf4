import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { routePath, type InviteBody, type MailJob, type MissingPartnerBody } from '@casebridge/contracts';
import { Company, HelpHint, type User } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Actor } from '../platform/access/actor';
import { ValidationException } from '../platform/common/errors';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { MailProducer } from '../platform/mail/mail.producer';
import { MemberContextService } from './member-context.service';

export const INVITE_SENT =
  'Thank you. The membership team will reach out to invite this member to collaborate with you.';
export const MISSING_PARTNER_SENT =
  'Thank you. The membership team has been told about the missing partner and will reach out to them.';

/** A stable key of one request's content, so the same request is mailed once (job id = dedupe key). */
function requestKey(...parts: (string | number | null | undefined)[]): string {
  return createHash('sha256')
    .update(parts.map((part) => String(part ?? '')).join('\u0000'))
    .digest('hex')
    .slice(0, 24);
}

/** The membership team's mails (invite, missing partner) and the help hints. */
@Injectable()
export class OutreachService {
  constructor(
    private readonly em: EntityManager,
    private readonly members: MemberContextService,
    private readonly mail: MailProducer,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** Asks the membership team to invite a member company the user would like to collaborate with. */
  async invite(actor: Actor, body: z.output<typeof InviteBody>) {
    const member = await this.members.loadCompanyMember(actor);
    const invited = await this.em.findOne(Company, { id: body.company_id, status: 'active' });
    if (!invited) throw new NotFoundException('Company not found.');
    if (invited.id === member.company.id)
      throw ValidationException.forField('company_id', 'Choose a company other than your own.');
    await this.mail.send(inviteMail(member.user, member.company, invited, body.comments, this.config));
    return { success: true, message: INVITE_SENT };
  }

  async missingPartner(actor: Actor, body: z.output<typeof MissingPartnerBody>) {
    const member = await this.members.loadCompanyMember(actor);
    await this.mail.send(missingPartnerMail(member.user, member.company, body, this.config));
    return { message: MISSING_PARTNER_SENT, error: null };
  }

  /**
   * A help hint with its placeholders filled. Supported in title and content:
   * - {content.product}: PRODUCT_NAME
   * - {content.company}: the user's company name (empty for super admins)
   * - {content.membership_email}: MEMBERSHIP_EMAIL
   * - {content.public_url}: PUBLIC_URL
   * - {content.first_name}, {content.last_name}, {content.full_name}: the signed-in user
   * Unknown placeholders are left as written, so an editor sees what did not match.
   */
  async helpHint(actor: Actor, flag: string) {
    const hint = await this.em.findOne(HelpHint, { flag });
    if (!hint) throw new NotFoundException('Help hint not found.');
    const member = await this.members.load(actor);
    const values: Record<string, string> = {
      product: this.config.PRODUCT_NAME,
      company: member.company?.name ?? '',
      membership_email: this.config.MEMBERSHIP_EMAIL,
      public_url: this.config.PUBLIC_URL,
      first_name: member.user.firstName,
      last_name: member.user.lastName,
      full_name: member.user.fullName,
    };
    return { title: fillHintPlaceholders(hint.title, values), content: fillHintPlaceholders(hint.content, values) };
  }
}

export function fillHintPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{content\.([a-z_]+)\}/g, (placeholder, name: string) =>
    name in values ? values[name] : placeholder,
  );
}

function publicLink(config: ServerConfig, path: string): string {
  return `${config.PUBLIC_URL.replace(/\/$/, '')}${path}`;
}

export function inviteMail(
  user: User,
  company: Company,
  invited: Company,
  comments: string | null,
  config: ServerConfig,
): MailJob {
  const note = [
    `${user.fullName} (${user.email}) of ${company.name} would like to collaborate with ${invited.name}.`,
    comments ? `Comments: ${comments}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    template: 'collaborate-invite',
    to: [config.MEMBERSHIP_EMAIL],
    variables: {
      first_name: invited.name,
      company: company.name,
      invited_company: invited.name,
      requester_name: user.fullName,
      requester_email: user.email,
      note,
      link: publicLink(config, routePath('home-with-slug', { slug: invited.slug })),
    },
    dedupeKey: `collaborate-invite-${user.id}-${invited.id}-${requestKey(comments)}`,
  };
}

export function missingPartnerMail(
  user: User,
  company: Company,
  body: z.output<typeof MissingPartnerBody>,
  config: ServerConfig,
): MailJob {
  const partner = body.company_website ? `${body.company_name} (${body.company_website})` : body.company_name;
  const note = [
    `Contact: ${body.contact_name} <${body.contact_email}>`,
    `Reported by: ${user.fullName} <${user.email}>`,
    body.comment ? `Comment: ${body.comment}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    template: 'missing-partner',
    to: [config.MEMBERSHIP_EMAIL],
    variables: {
      first_name: user.fullName,
      company: company.name,
      partner,
      partner_website: body.company_website ?? '',
      contact_name: body.contact_name,
      contact_email: body.contact_email,
      note,
    },
    dedupeKey: `missing-partner-${user.id}-${requestKey(
      body.company_name.toLowerCase(),
      body.company_website,
      body.contact_name,
      body.contact_email,
      body.comment,
    )}`,
  };
}
