import { Injectable } from '@nestjs/common';
import {
  INTERNAL_NOTE_PREVIEW_LENGTH,
  membershipLevel,
  routeRefusal,
  type AdminCompanyResponse,
  type RouteName,
} from '@casebridge/contracts';
import { Department, DocumentNote, User, type Company, PICKABLE_USER } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../../platform/access/actor';
import { htmlToOneLine } from '../../platform/common/rich-text';
import { groupOptions, toAdminCompanyInfo, toDepartmentRow, toRegistrationSettings } from './admin-company.mappers';
import { AdminScopeService } from './admin-scope.service';

/** The company page of the admin area: info box, departments, internal notes and relations. */
@Injectable()
export class CompanyInfoService {
  constructor(
    private readonly em: EntityManager,
    private readonly scope: AdminScopeService,
  ) {}

  async company(actor: Actor): Promise<AdminCompanyResponse> {
    const company = await this.scope.company(actor);
    await this.em.populate(company, ['signupManager', 'altSignupManager', 'registrationCommunities']);
    const relations = await this.scope.relations(company);
    // A link is offered exactly to those its page's guard lets in (company admins, not for limited membership).
    const visitor = { signedIn: true, role: actor.role, level: membershipLevel(company.membershipType) };
    const opens = (route: RouteName) => routeRefusal(route, visitor) === null;
    return {
      company: toAdminCompanyInfo(company),
      links: {
        registration: opens('admin.company.registration'),
        sso: opens('admin.company.sso'),
        change_request: true,
      },
      registration: toRegistrationSettings(company),
      signup_managers: await this.signupManagers(company),
      groups: groupOptions(relations),
    };
  }

  /** Who may be a signup manager: the company's active, approved users (also offered by the back office). */
  async signupManagers(company: Company) {
    const users = await this.em.find(
      User,
      { company, ...PICKABLE_USER },
      { orderBy: { lastName: 'asc', firstName: 'asc', id: 'asc' } },
    );
    return users.map((user) => ({
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
    }));
  }

  async departments(actor: Actor, companyId: number) {
    const company = await this.scope.ownCompany(actor, companyId);
    return { departments: (await this.departmentsOf(company)).map(toDepartmentRow) };
  }

  /** The company's departments by name, as the admin page and the back office list them. */
  departmentsOf(company: Company, populate: readonly ('community' | 'contactDocument')[] = []) {
    return this.em.find(Department, { company }, { populate, orderBy: { name: 'asc', id: 'asc' } });
  }

  async internalNotes(actor: Actor) {
    const company = await this.scope.company(actor);
    const notes = await this.em.find(
      DocumentNote,
      { company },
      { populate: ['document', 'document.company'], orderBy: { updatedAt: 'desc', id: 'desc' } },
    );
    return {
      notes: notes.map((note) => ({
        id: note.id,
        member: note.document.company.name,
        process: note.document.name,
        document_id: note.document.id,
        note: preview(note.note),
        updated_at: note.updatedAt.toISOString(),
      })),
    };
  }

  async relations(actor: Actor) {
    const company = await this.scope.company(actor);
    const relations = await this.scope.relations(company);
    return {
      relations: relations.map((relation) => ({
        id: relation.id,
        community: {
          id: relation.community.id,
          name: relation.community.name,
          type: relation.community.type,
          // The host company (sponsor), as the partner groups' Host column names it.
          host_name: relation.community.sponsorCompany?.name ?? null,
        },
        department: relation.department ? { id: relation.department.id, name: relation.department.name } : null,
        user_access_flag: relation.userAccessFlag,
        document: relation.document ? { id: relation.document.id, name: relation.document.name } : null,
      })),
    };
  }
}

/** Plain text cut at INTERNAL_NOTE_PREVIEW_LENGTH characters, with an ellipsis when cut. */
function preview(html: string): string {
  const text = htmlToOneLine(html);
  if (text.length <= INTERNAL_NOTE_PREVIEW_LENGTH) return text;
  return `${text.slice(0, INTERNAL_NOTE_PREVIEW_LENGTH - 1).trimEnd()}…`;
}
