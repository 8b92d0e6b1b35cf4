import { ConflictException, Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_PHONE_COUNTRY_CODE,
  DOCUMENT_DEFAULTS,
  memberApprovedMessage,
  ONBOARDING_ALREADY_MEMBER,
  ONBOARDING_EMAIL_TAKEN,
  routePath,
  type MembershipType,
  type OnboardingDocument,
} from '@casebridge/contracts';
import {
  Company,
  CompanyGroupRelation,
  ContactDocument,
  Country,
  DocumentGroup,
  DocumentVersion,
  normalizeEmail,
  User,
  type OnboardingSession,
} from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ValidationException } from '../../platform/common/errors';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { MailProducer } from '../../platform/mail/mail.producer';
import { applicantKind, storedData } from '../onboarding-rules';
import { OnboardingReviewService, type ReviewForm } from './onboarding-review.service';
import { reviewMails } from './review-mails';
import { uniqueSlug } from './company-slug';

const APPROVAL_RACE = 'Another change took the same company or e-mail meanwhile. Please try again.';

/** A new member company's membership until a super admin changes it: standard, the default of a new company. */
export const ONBOARDED_MEMBERSHIP: MembershipType = 'standard';

interface Admitted {
  session: OnboardingSession;
  company: Company;
  user: User;
}

/**
 * Approve (onboarding session review): the reviewed form is saved and the member admitted in one transaction: a new
 * company gets its company, its business manager (with the password chosen during onboarding) and its process; an
 * existing member keeps its own and uses the process it chose. Then the group relation, the mail and the push.
 */
@Injectable()
export class OnboardingApprovalService {
  constructor(
    private readonly em: EntityManager,
    private readonly review: OnboardingReviewService,
    private readonly mail: MailProducer,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async approve(id: number, form: ReviewForm) {
    const { session, company, user } = await this.em
      .transactional(async (): Promise<Admitted> => {
        const session = await this.review.lockPending(id);
        this.review.applyForm(session, form);
        const kind = applicantKind(session);
        const admitted = kind === 'new' ? await this.admitNew(session) : await this.admitMember(session);
        session.status = 'approved';
        return { session, ...admitted };
      })
      .catch((error: unknown) => {
        // Another approval took the same slug or e-mail between the checks and the insert: nothing was written.
        if (error instanceof UniqueConstraintViolationException) throw new ConflictException(APPROVAL_RACE);
        throw error;
      });
    const signIn = this.review.link(routePath('home-with-slug', { slug: company.slug }));
    await this.mail.send(reviewMails.approved(session, user.email, company.name, signIn));
    this.review.announce(session);
    return { success: true, message: memberApprovedMessage(this.config.PRODUCT_NAME), company_id: company.id };
  }

  /** A new company with its first user (business manager) and its process, all from the session's data. */
  private async admitNew(session: OnboardingSession): Promise<Omit<Admitted, 'session'>> {
    const data = storedData(session);
    const typed = { company: data.company!, user: data.user!, document: data.document as OnboardingDocument };
    const email = normalizeEmail(typed.user.email!);
    if (await this.em.count(User, { email })) throw ValidationException.forField('user.email', ONBOARDING_EMAIL_TAKEN);
    const country = typed.company.country_id ? await this.em.findOne(Country, typed.company.country_id) : null;
    if (!country) throw ValidationException.forField('company.country_id', 'The selected country is invalid.');

    const company = this.em.create(Company, {
      name: typed.company.name!,
      slug: await uniqueSlug(this.em, typed.company.name!),
      url: typed.company.url ?? null,
      membershipType: ONBOARDED_MEMBERSHIP,
      status: 'active',
      loginMethod: 'requires_registration',
    });
    const now = new Date();
    const user = this.em.create(User, {
      firstName: typed.user.first_name!,
      lastName: typed.user.last_name!,
      email,
      phone: typed.user.phone ?? null,
      phoneCountryCode: typed.user.phone_country_code || DEFAULT_PHONE_COUNTRY_CODE,
      country,
      city: typed.company.city ?? null,
      company,
      role: 'business_manager',
      type: 'admin',
      status: 'active',
      approvalStatus: 'approved',
      // The review vouches for the address the applicant gave; the agreements were accepted in the flow.
      emailVerifiedAt: now,
      agreementDate: now,
      registrationType: 'onboarding',
      passwordHash: data.password_hash ?? null,
    });
    const document = this.createProcess(company, user, typed.document);
    await this.relate(session, company, document, user, 'open');
    return { company, user };
  }

  /** An existing member: its company and the applicant's account; the chosen process, or a new one (0). */
  private async admitMember(session: OnboardingSession): Promise<Omit<Admitted, 'session'>> {
    const company = session.company!;
    const user = await this.em.findOne(User, { email: session.email, company });
    if (!user) throw new ConflictException('The applicant no longer has an account at this company.');
    const data = storedData(session);
    let document: ContactDocument | null;
    if (data.document_id === undefined) {
      // Limited members choose no process: the group uses the company's first live one.
      document = await this.em.findOne(
        ContactDocument,
        { company, deletedAt: null, currentVersion: { $ne: null } },
        { orderBy: { id: 'asc' } },
      );
    } else if (data.document_id === 0) {
      document = this.createProcess(company, user, { support_email: user.email });
    } else {
      document = await this.em.findOne(ContactDocument, {
        id: data.document_id,
        company,
        deletedAt: null,
        currentVersion: { $ne: null },
      });
      if (!document) throw ValidationException.forField('document_id', 'The chosen process no longer exists.');
    }
    await this.relateMember(session, company, document, user, data.user_access ?? 'open');
    return { company, user };
  }

  /**
   * The member's collaborative process: a ticket document with the support hours, products and support e-mail it
   * gave. The support manager is the escalation contact when it is the applicant; otherwise the manager's name and
   * address are kept in the admin note for the super admin to turn into a user (no account is made for them).
   */
  private createProcess(company: Company, user: User, part: Partial<OnboardingDocument>): ContactDocument {
    const document = this.em.create(ContactDocument, { company, name: `${company.name} Collaboration` });
    const managerIsApplicant = !!part.manager_email && normalizeEmail(part.manager_email) === user.email;
    const version = this.em.create(DocumentVersion, {
      document,
      versionNumber: 1,
      status: 'approved',
      documentType: 'ticket',
      title: document.name,
      supportHours: part.support_hours || DOCUMENT_DEFAULTS.support_hours,
      productSupported: part.product_supported || DOCUMENT_DEFAULTS.product_supported,
      collaborateEmail: part.support_email ?? null,
      escalationUser: managerIsApplicant ? user : null,
      adminNote: part.manager_email && !managerIsApplicant ? managerNote(part) : null,
    });
    document.currentVersion = version;
    return document;
  }

  private async relateMember(
    session: OnboardingSession,
    company: Company,
    document: ContactDocument | null,
    user: User,
    access: 'open' | 'restricted',
  ): Promise<void> {
    const existing = await this.em.findOne(CompanyGroupRelation, {
      company,
      community: session.community,
      department: null,
    });
    if (existing?.isActive) throw new ConflictException(ONBOARDING_ALREADY_MEMBER);
    if (existing) {
      // A former member comes back: its relation is switched on with the new choices.
      existing.isActive = true;
      existing.document = document;
      existing.userAccessFlag = access === 'open' ? 'all' : 'limit';
      if (access === 'restricted' && !existing.users.contains(user)) existing.users.add(user);
      await this.offerDocument(session, document);
      return;
    }
    await this.relate(session, company, document, user, access);
  }

  /** The group relation, with a new relation's defaults: in a partner program it does not sponsor, Only Sponsor. */
  private async relate(
    session: OnboardingSession,
    company: Company,
    document: ContactDocument | null,
    user: User,
    access: 'open' | 'restricted',
  ): Promise<void> {
    const group = session.community;
    const sponsored = group.sponsorCompany?.id === company.id;
    const relation = this.em.create(CompanyGroupRelation, {
      community: group,
      company,
      document,
      isActive: true,
      userAccessFlag: access === 'open' ? 'all' : 'limit',
      memberRelationship: group.type === 'partner_program' && !sponsored ? 'one_to_many' : 'many_to_many',
    });
    if (access === 'restricted') relation.users.add(user);
    await this.offerDocument(session, document);
  }

  /** The process is offered in the group (its Applies To), once. */
  private async offerDocument(session: OnboardingSession, document: ContactDocument | null): Promise<void> {
    if (!document) return;
    const offered = document.id ? await this.em.count(DocumentGroup, { document, community: session.community }) : 0;
    if (!offered) this.em.create(DocumentGroup, { document, community: session.community });
  }
}

function managerNote(part: Partial<OnboardingDocument>): string {
  const name = `${part.manager_first_name ?? ''} ${part.manager_last_name ?? ''}`.trim();
  const phone = part.support_phone ? ` Support phone: ${part.support_country_code ?? ''} ${part.support_phone}.` : '';
  return `Support manager from onboarding: ${escapeHtml(name)} &lt;${escapeHtml(part.manager_email ?? '')}&gt;.${escapeHtml(phone)}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
