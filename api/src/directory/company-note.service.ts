import { ForbiddenException, Injectable } from '@nestjs/common';
import { isCompanyAdminRole, MESSAGES, type CompanyNoteBody } from '@casebridge/contracts';
import type { User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../access/actor';
import { isBlankRichText, sanitizeRichText } from '../common/rich-text';
import { MemberContextService } from './member-context.service';

/** Users of type admin, or business and program managers, of the company edit its note (spec 1 §6). */
export function mayEditCompanyNote(user: Pick<User, 'type' | 'role'>): boolean {
  return user.type === 'admin' || isCompanyAdminRole(user.role);
}

/** The company-wide note on the dashboard; its contracts refuse limited memberships (the note is hidden for them). */
@Injectable()
export class CompanyNoteService {
  constructor(
    private readonly em: EntityManager,
    private readonly members: MemberContextService,
  ) {}

  async get(actor: Actor) {
    const member = await this.members.loadCompanyMember(actor);
    return { note: member.company.note, can_edit: mayEditCompanyNote(member.user) };
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
