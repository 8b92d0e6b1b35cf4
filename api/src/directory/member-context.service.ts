import { ForbiddenException, Injectable } from '@nestjs/common';
import { isLimitedMembership, MESSAGES } from '@casebridge/contracts';
import { Company, CompanyGroupRelation, type ContactDocument, User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../platform/access/actor';
import { documentAccess, type AccessVerdict, type DocumentAccessFacts, type ViewerAccess } from './partner-access';

/** The signed-in member as the dashboard and submit screens need it. */
export interface MemberContext {
  user: User;
  /** Null for super admins. */
  company: Company | null;
  /** Null for super admins: they reach no partner document. */
  access: ViewerAccess | null;
}

export interface CompanyMember extends MemberContext {
  company: Company;
  access: ViewerAccess;
}

/** Relations a ContactDocument needs loaded for documentFacts(). */
export const DOCUMENT_ACCESS_POPULATE = ['company', 'currentVersion', 'groupRelations.community'] as const;

/** Loads the member and decides what its company may reach (see partner-access.ts). */
@Injectable()
export class MemberContextService {
  constructor(private readonly em: EntityManager) {}

  async load(actor: Actor): Promise<MemberContext> {
    const user = await this.em.findOneOrFail(User, actor.userId, { populate: ['company'] });
    const company = user.company;
    if (!company) return { user, company: null, access: null };
    const relations = await this.em.find(
      CompanyGroupRelation,
      {
        company,
        isActive: true,
        community: { status: 'active' },
        $or: [{ userAccessFlag: 'all' }, { users: { id: user.id } }],
      },
      { fields: ['id', 'memberRelationship', 'community'] },
    );
    const groups = new Map<number, { relationship: CompanyGroupRelation['memberRelationship'] }>();
    for (const relation of relations) {
      const known = groups.get(relation.community.id);
      // A company in a group twice (e.g. per department) keeps its widest relationship.
      if (!known || known.relationship === 'one_to_many')
        groups.set(relation.community.id, { relationship: relation.memberRelationship });
    }
    return {
      user,
      company,
      access: { companyId: company.id, limited: isLimitedMembership(company.membershipType), groups },
    };
  }

  /** The member of a company; super admins (no company) are refused. */
  async loadCompanyMember(actor: Actor): Promise<CompanyMember> {
    const member = await this.load(actor);
    if (!member.company || !member.access) throw new ForbiddenException(MESSAGES.noAccess);
    return member as CompanyMember;
  }

  verdict(doc: ContactDocument, member: MemberContext): AccessVerdict {
    return documentAccess(documentFacts(doc), member.access);
  }

  /** Throws the right refusal when the member may not submit to the document. */
  assertMaySubmit(doc: ContactDocument, member: MemberContext): void {
    const verdict = this.verdict(doc, member);
    if (verdict === 'open') return;
    throw refusalFor(verdict);
  }
}

export function refusalFor(verdict: Exclude<AccessVerdict, 'open'>): ForbiddenException {
  switch (verdict) {
    case 'membership':
      return new ForbiddenException(MESSAGES.membershipBlocked);
    case 'own':
      return new ForbiddenException('Your company cannot submit requests to its own processes.');
    default:
      return new ForbiddenException(MESSAGES.noAccess);
  }
}

/** The facts the access rule reads, from a document loaded with DOCUMENT_ACCESS_POPULATE. */
export function documentFacts(doc: ContactDocument): DocumentAccessFacts {
  return {
    companyId: doc.company.id,
    companyActive: doc.company.status === 'active',
    approved: doc.currentVersion?.status === 'approved',
    deleted: doc.deletedAt !== null,
    groups: doc.groupRelations.getItems().map((relation) => ({
      id: relation.community.id,
      active: relation.community.status === 'active',
      sponsorCompanyId: relation.community.sponsorCompany?.id ?? null,
    })),
  };
}
