import { Injectable, NotFoundException } from '@nestjs/common';
import type {
  Favorite as FavoriteShape,
  FavoriteToggleBody,
  ResultToSearchBody,
  SaveSearchBody,
} from '@casebridge/contracts';
import { Company, ContactDocument, Department, Favorite, SavedSearch, SearchResultPick, User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../platform/access/actor';
import { ValidationException } from '../platform/common/errors';
import { CachedReads } from '../platform/read-cache/cached-reads.service';
import { readTags } from '../platform/read-cache/read-cache';
import { FAVORITES_SQL, type FavoriteRecord } from './directory.sql';
import { MemberContextService } from './member-context.service';

/** The user's favourite partners and the searches logged on the dashboard. Only the user's own rows. */
@Injectable()
export class FavoritesService {
  constructor(
    private readonly em: EntityManager,
    private readonly members: MemberContextService,
    private readonly reads: CachedReads,
  ) {}

  /** One statement, no entity hydrated (directory.sql.ts). */
  async list(actor: Actor): Promise<FavoriteShape[]> {
    const records = await this.reads.rows<FavoriteRecord>(
      this.em,
      { sql: FAVORITES_SQL, params: [actor.userId] },
      () => [readTags.user(actor.userId)],
    );
    return records
      .filter((favorite) => favorite.department_id === null || favorite.department_status === 'active')
      .map((favorite) => ({
        id: favorite.id,
        company_id: favorite.company_id,
        department_id: favorite.department_id,
        company: { name: favorite.company_name, slug: favorite.company_slug },
        department: favorite.department_name === null ? null : { name: favorite.department_name },
        document:
          favorite.document_id !== null && favorite.document_deleted === false
            ? { id: favorite.document_id, name: favorite.document_name as string }
            : null,
      }));
  }

  /**
   * Sets the favourite of a company (type company) or one of its departments to the asked state. One row per user
   * and partner: asking true twice keeps one row (pointing at the last document given), false removes it.
   */
  async toggle(actor: Actor, body: z.output<typeof FavoriteToggleBody>): Promise<{ is_favorite: boolean }> {
    const member = await this.members.load(actor);
    const company = await this.em.findOne(Company, { id: body.company_id, status: 'active' });
    if (!company) throw new NotFoundException('Company not found.');
    if (member.company?.id === company.id)
      throw ValidationException.forField('company_id', 'Your own company cannot be a favourite partner.');

    let department: Department | null = null;
    if (body.type === 'department') {
      if (!body.department_id) throw ValidationException.forField('department_id', 'The department is required.');
      department = await this.em.findOne(Department, { id: body.department_id, company, status: 'active' });
      if (!department) throw new NotFoundException('Department not found.');
    }
    let document: ContactDocument | null = null;
    if (body.document_id) {
      document = await this.em.findOne(ContactDocument, { id: body.document_id, company, deletedAt: null });
      if (!document) throw ValidationException.forField('document_id', 'The process does not belong to this partner.');
    }

    const existing = await this.em.findOne(Favorite, { user: actor.userId, company, department });
    if (!body.is_favorite) {
      if (existing) await this.em.remove(existing).flush();
      return { is_favorite: false };
    }
    if (existing) {
      if (document) existing.document = document;
    } else {
      this.em.create(Favorite, { user: member.user, company, department, document });
    }
    try {
      await this.em.flush();
    } catch (error) {
      // Two concurrent "add" clicks: the unique index kept one row, which is what was asked.
      if ((error as { name?: string }).name !== 'UniqueConstraintViolationException') throw error;
    }
    return { is_favorite: true };
  }

  /** Searches and their results are refused to limited memberships by their contracts (no partner search). */
  async saveSearch(actor: Actor, body: z.output<typeof SaveSearchBody>) {
    const user = this.em.getReference(User, actor.userId);
    const search = this.em.create(SavedSearch, { user, term: body.term, location: body.location });
    await this.em.flush();
    return { search: { id: search.id } };
  }

  /** Records the result a search led to, on the user's own search only (another's answers 404). */
  async resultToSearch(actor: Actor, body: z.output<typeof ResultToSearchBody>) {
    const search = await this.em.findOne(SavedSearch, { id: body.search_id, user: actor.userId });
    if (!search) throw new NotFoundException('Search not found.');
    this.em.create(SearchResultPick, { search, member: body.member });
    await this.em.flush();
    return { success: true };
  }
}
