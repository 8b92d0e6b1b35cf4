import { Inject, Injectable, NotFoundException, StreamableFile } from '@nestjs/common';
import { isLimitedMembership, type ConnectPartner, type DirectoryEntry } from '@casebridge/contracts';
import { Company, Department } from '@casebridge/db';
import { type ServerConfig, type FileStorage } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { basename } from 'node:path';
import type { Actor } from '../platform/access/actor';
import { toCompanySummary } from '../accounts';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { openStoredFile, storedFileAnswer } from '../platform/common/stored-files';
import { readRows } from '../platform/common/prepared-reads';
import { CachedReads } from '../platform/read-cache/cached-reads.service';
import { readTags } from '../platform/read-cache/read-cache';
import {
  NETWORK_DIRECTORY_SQL,
  VIEWER_GROUPS_QUERY,
  type NetworkDirectoryRecord,
  type ViewerGroupsRecord,
} from './directory.sql';
import { MemberContextService } from './member-context.service';
import { directoryEntries, type DirectoryEntryWithDocuments } from './directory-entries';
import type { ViewerAccess } from './partner-access';
import { FILE_STORAGE } from '../platform/storage/storage.module';

/** The partner directory, company pages and logos. */
@Injectable()
export class DirectoryService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly em: EntityManager,
    private readonly members: MemberContextService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    private readonly reads: CachedReads,
  ) {}

  /**
   * Every active company (limited ones included) and its active departments, except the viewer's own company.
   * Tags are those of the entry's approved documents; has_access tells whether one of them is open to the viewer.
   * A company entry covers all the company's documents, a department entry its contact document and the documents
   * linked to it. Read in one statement (directory.sql.ts), no entity hydrated.
   */
  async directory(actor: Actor): Promise<DirectoryEntry[]> {
    return (await this.entries(actor)).map(({ entry }) => entry);
  }

  /**
   * The directory searched by a connector (GET /v1/partners): entries whose company, department or a tag contains
   * `q` (any case), each with the documents the caller may submit to, at most `limit`.
   */
  async partners(actor: Actor, q: string | undefined, limit: number): Promise<ConnectPartner[]> {
    const needle = q?.trim().toLowerCase() ?? '';
    const matches = (entry: DirectoryEntry) =>
      !needle ||
      [entry.company_name, entry.department_name ?? '', ...entry.tags.map(({ tag }) => tag)].some((text) =>
        text.toLowerCase().includes(needle),
      );
    return (await this.entries(actor))
      .filter(({ entry }) => matches(entry))
      .slice(0, limit)
      .map(({ entry, openDocuments }) => ({
        label: entry.department_name ? `${entry.company_name} - ${entry.department_name}` : entry.company_name,
        company_id: entry.company_id,
        company_name: entry.company_name,
        department_id: entry.department_id,
        department_name: entry.department_name,
        document_id: openDocuments[0]?.id ?? null,
        documents: openDocuments,
        tags: entry.tags,
      }));
  }

  /**
   * Every active company (limited ones included) and its active departments, except the viewer's own company, with
   * the documents the viewer may submit to (directory-entries.ts). The network is the same for every viewer and kept
   * in memory; only the viewer's groups are read each time. No entity hydrated.
   */
  private async entries(actor: Actor): Promise<DirectoryEntryWithDocuments[]> {
    const ownId = actor.companyId ?? -1;
    const [[network], [viewer]] = await Promise.all([
      this.reads.rows<NetworkDirectoryRecord>(this.em, { sql: NETWORK_DIRECTORY_SQL, params: [] }, () => [
        readTags.directory,
      ]),
      readRows<ViewerGroupsRecord>(this.em, { sql: VIEWER_GROUPS_QUERY, params: [ownId, actor.userId] }),
    ]);
    return directoryEntries(network, ownId, viewerAccess(actor, viewer.groups));
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
      ? await openStoredFile(this.storage, company.logoPath, basename(company.logoPath), 'image')
      : null;
    if (logo) return storedFileAnswer(logo, 'inline');
    const svg = Buffer.from(initialsSvg(company.name), 'utf8');
    return new StreamableFile(svg, { type: 'image/svg+xml', length: svg.length });
  }
}

/** What the viewer's company may reach (see partner-access.ts); null for super admins, who reach no document. */
export function viewerAccess(actor: Actor, groups: { id: number; wide: boolean }[]): ViewerAccess | null {
  if (actor.companyId === null) return null;
  return {
    companyId: actor.companyId,
    limited: isLimitedMembership(actor.membershipType),
    groups: new Map(
      groups.map((group) => [group.id, { relationship: group.wide ? 'many_to_many' : 'one_to_many' }] as const),
    ),
  };
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
