import { ForbiddenException, Injectable } from '@nestjs/common';
import { isCompanyAdminRole, MESSAGES, type CompanyNoteBody } from '@casebridge/contracts';
import type { User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../platform/access/actor';
import { isBlankRichText, sanitizeRichText } from '../platform/common/rich-text';
import { CachedReads } from '../platform/read-cache/cached-reads.service';
import { readTags } from '../platform/read-cache/read-cache';
import { COMPANY_NOTE_SQL } from './directory.sql';
import { MemberContextService } from './member-context.service';

/** Users of type admin, or business and program managers, of the company edit its note. */
export function mayEditCompanyNote(user: Pick<User, 'type' | 'role'>): boolean {
  return user.type === 'admin' || isCompanyAdminRole(user.role);
}

/** The company-wide note on the dashboard; its contracts refuse limited memberships (the note is hidden for them). */
@Injectable()
export class CompanyNoteService {
  constructor(
    private readonly em: EntityManager,
    private readonly members: MemberContextService,
    private readonly reads: CachedReads,
  ) {}

  /** One indexed row (directory.sql.ts); a viewer without a company (super admin) has no note to read. */
  async get(actor: Actor) {
    const [record] = await this.reads.rows<{ note: string | null; type: User['type']; role: User['role'] }>(
      this.em,
      { sql: COMPANY_NOTE_SQL, params: [actor.userId] },
      () => [readTags.user(actor.userId)],
    );
    if (!record) throw new ForbiddenException(MESSAGES.noAccess);
    return { note: record.note, can_edit: mayEditCompanyNote(record) };
  }

  async save(actor: Actor, body: z.output<typeof CompanyNoteBody>) {
    const member = await this.members.loadCompanyMember(actor);
    if (!mayEditCompanyNote(member.user)) throw new ForbiddenException(MESSAGES.noAccess);
    const note = sanitizeRichText(body.note);
    member.company.note = isBlankRichText(note) ? null : note;
    await this.em.flush();
    return { note: member.company.note, can_edit: true };
  }
}
