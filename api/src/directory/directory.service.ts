import { Inject, Injectable, NotFoundException, StreamableFile } from '@nestjs/common';
import type { DirectoryEntry } from '@casebridge/contracts';
import { Company, ContactDocument, Department, type ServerConfig } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { basename } from 'node:path';
import type { Actor } from '../access/actor';
import { companyLogoUrl, toCompanySummary } from '../accounts/account.mappers';
import { SERVER_CONFIG } from '../config/config.module';
import { openStoredFile, storedFileAnswer } from '../common/stored-files';
import { DOCUMENT_ACCESS_POPULATE, documentFacts, MemberContextService } from './member-context.service';
import { maySubmit } from './partner-access';

/** The partner directory, company pages and logos. */
@Injectable()
export class DirectoryService {
  constructor(
    private readonly em: EntityManager,
    private readonly members: MemberContextService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /**
   * Every active company (limited ones included) and its active departments, except the viewer's own company.
   * Tags are those of the entry's approved documents; has_access tells whether one of them is open to the viewer.
   * A company entry covers all the company's documents, a department entry its contact document and the documents
   * linked to it.
   */
  async directory(actor: Actor): Promise<DirectoryEntry[]> {
    const member = await this.members.load(actor);
    const ownId = member.company?.id ?? null;
    const companies = await this.em.find(
      Company,
      { status: 'active', ...(ownId !== null ? { id: { $ne: ownId } } : {}) },
      { orderBy: { name: 'asc', id: 'asc' } },
    );
    if (companies.length === 0) return [];
    const companyIds = companies.map((company) => company.id);
    const [departments, documents] = await Promise.all([
      this.em.find(
        Department,
        { company: { $in: companyIds }, status: 'active' },
        { orderBy: { name: 'asc', id: 'asc' } },
      ),
      this.em.find(
        ContactDocument,
        { company: { $in: companyIds }, deletedAt: null, currentVersion: { status: 'approved' } },
        { populate: [...DOCUMENT_ACCESS_POPULATE, 'tags', 'departments'], strategy: 'select-in' },
      ),
    ]);

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

  /** An active company of the network with its active departments; its note only for its own members. */
  async company(actor: Actor, id: number) {
    const member = await this.members.load(actor);
    const company = await this.em.findOne(Company, { id, status: 'active' });
    if (!company) throw new NotFoundException('Company not found.');
    const departments = await this.em.find(
      Department,
      { company, status: 'active' },
      { orderBy: { name: 'asc', id: 'asc' } },
    );
    return {
      company: {
        ...toCompanySummary(company),
        note: member.company?.id === company.id ? company.note : null,
        departments: departments.map((department) => ({
          id: department.id,
          name: department.name,
          description: department.description,
          status: department.status,
        })),
      },
    };
  }

  /**
   * The uploaded logo of a company, with the type its content proves (png, jpeg, gif; anything else is an
   * octet-stream download), or an SVG of its initials, drawn here from letters and digits only, when there is none.
   */
  async logo(slug: string): Promise<StreamableFile> {
    const company = await this.em.findOne(Company, { slug });
    if (!company) throw new NotFoundException('Company not found.');
    const logo = company.logoPath
      ? await openStoredFile(this.config.STORAGE_DIR, company.logoPath, basename(company.logoPath), 'image')
      : null;
    if (logo) return storedFileAnswer(logo, 'inline');
    const svg = Buffer.from(initialsSvg(company.name), 'utf8');
    return new StreamableFile(svg, { type: 'image/svg+xml', length: svg.length });
  }
}

/** Up to two initials of a company name: "Acme Systems" → "AS", "globex" → "G". */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => word.charAt(0).toUpperCase())
      .join('') || '?'
  );
}

const PALETTE = ['#1f6feb', '#8250df', '#bf3989', '#cf222e', '#bc4c00', '#4d2d00', '#1a7f37', '#0a3069'];

export function initialsSvg(name: string): string {
  const initials = initialsOf(name);
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const color = PALETTE[hash % PALETTE.length];
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img">',
    `<rect width="128" height="128" rx="16" fill="${color}"/>`,
    '<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" ',
    `font-size="52" font-weight="bold" fill="#ffffff">${escapeXml(initials)}</text>`,
    '</svg>',
  ].join('');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
