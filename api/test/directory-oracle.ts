import type { DirectoryEntry, Favorite as FavoriteShape } from '@casebridge/contracts';
import { Company, ContactDocument, Department, Favorite } from '@casebridge/db';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../src/platform/access/actor';
import { companyLogoUrl } from '../src/accounts/account.mappers';
import { mayEditCompanyNote } from '../src/directory/company-note.service';
import {
  DOCUMENT_ACCESS_POPULATE,
  documentFacts,
  type MemberContextService,
} from '../src/directory/member-context.service';
import { maySubmit } from '../src/directory/partner-access';

/**
 * The dashboard reads as the api built them from hydrated entities before they were read in SQL; kept as the
 * reference the SQL reads are compared with (directory-reads.int-spec.ts).
 */

export async function oracleDirectory(
  em: EntityManager,
  members: MemberContextService,
  actor: Actor,
): Promise<DirectoryEntry[]> {
  const member = await members.load(actor);
  const ownId = member.company?.id ?? null;
  const companies = await em.find(
    Company,
    { status: 'active', ...(ownId !== null ? { id: { $ne: ownId } } : {}) },
    { orderBy: { name: 'asc', id: 'asc' } },
  );
  if (companies.length === 0) return [];
  const companyIds = companies.map((company) => company.id);
  const departments = await em.find(
    Department,
    { company: { $in: companyIds }, status: 'active' },
    { orderBy: { name: 'asc', id: 'asc' } },
  );
  const documents = await em.find(
    ContactDocument,
    { company: { $in: companyIds }, deletedAt: null, currentVersion: { status: 'approved' } },
    { populate: [...DOCUMENT_ACCESS_POPULATE, 'tags', 'departments'], strategy: 'select-in' },
  );
  const byCompany = new Map<number, ContactDocument[]>();
  const byDepartment = new Map<number, ContactDocument[]>();
  const documentsById = new Map(documents.map((doc) => [doc.id, doc]));
  const add = (map: Map<number, ContactDocument[]>, key: number, doc: ContactDocument) => {
    const list = map.get(key) ?? [];
    if (!list.includes(doc)) list.push(doc);
    map.set(key, list);
  };
  for (const doc of documents) {
    add(byCompany, doc.company.id, doc);
    for (const department of doc.departments.getItems()) add(byDepartment, department.id, doc);
  }
  for (const department of departments) {
    const contact = department.contactDocument ? documentsById.get(department.contactDocument.id) : undefined;
    if (contact) add(byDepartment, department.id, contact);
  }
  const entryFacts = (docs: ContactDocument[] = []) => ({
    has_access: docs.some((doc) => maySubmit(documentFacts(doc), member.access)),
    tags: [...new Set(docs.flatMap((doc) => doc.tags.getItems().map((tag) => tag.tag)))]
      .sort((a, b) => a.localeCompare(b))
      .map((tag) => ({ tag })),
  });
  const entries: DirectoryEntry[] = [];
  for (const company of companies) {
    const logo = companyLogoUrl(company);
    entries.push({
      type: 'company',
      company_id: company.id,
      company_name: company.name,
      department_id: null,
      department_name: null,
      logo,
      ...entryFacts(byCompany.get(company.id)),
    });
    for (const department of departments.filter((candidate) => candidate.company.id === company.id)) {
      entries.push({
        type: 'department',
        company_id: company.id,
        company_name: company.name,
        department_id: department.id,
        department_name: department.name,
        logo,
        ...entryFacts(byDepartment.get(department.id)),
      });
    }
  }
  return entries;
}

export async function oracleFavorites(em: EntityManager, actor: Actor): Promise<FavoriteShape[]> {
  const favorites = await em.find(
    Favorite,
    { user: actor.userId, company: { status: 'active' } },
    { populate: ['company', 'department', 'document'], orderBy: { company: { name: 'asc' }, id: 'asc' } },
  );
  return favorites
    .filter((favorite) => !favorite.department || favorite.department.status === 'active')
    .map((favorite) => ({
      id: favorite.id,
      company_id: favorite.company.id,
      department_id: favorite.department?.id ?? null,
      company: { name: favorite.company.name, slug: favorite.company.slug },
      department: favorite.department ? { name: favorite.department.name } : null,
      document:
        favorite.document && favorite.document.deletedAt === null
          ? { id: favorite.document.id, name: favorite.document.name }
          : null,
    }));
}

/** The company note, or null where the api answered 403 (no company). */
export async function oracleCompanyNote(
  members: MemberContextService,
  actor: Actor,
): Promise<{ note: string | null; can_edit: boolean } | null> {
  const member = await members.load(actor);
  if (!member.company) return null;
  return { note: member.company.note, can_edit: mayEditCompanyNote(member.user) };
}
