import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { GROUP_DELETED, GROUP_NOT_FOUND, type SuperAdminGroupRow } from '@casebridge/contracts';
import { Community, GroupDocument } from '@casebridge/db';
import { type ServerConfig, type FileStorage } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { removeStoredFiles } from '../../platform/common/staged-files';
import { openStoredFile, type StoredFileDownload } from '../../platform/common/stored-files';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { registrationPageOf, toSuperAdminGroup } from './super-admin-groups.mappers';
import { FILE_STORAGE } from '../../platform/storage/storage.module';

interface ListRecord {
  id: number;
  name: string;
  type: SuperAdminGroupRow['type'];
  status: SuperAdminGroupRow['status'];
  vhost: string | null;
  host_id: number | null;
  host_name: string | null;
  companies: string | number;
}

interface Dependants {
  partners: string | number;
  cases: string | number;
  applications: string | number;
  processes: string | number;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The back office's groups: lookup, list, one group, search, delete and the addendum file. */
@Injectable()
export class GroupsService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly em: EntityManager,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** The group a call names by id; 404 when there is none (id 0 included). */
  async group(id: number): Promise<Community> {
    const group = id > 0 ? await this.em.findOne(Community, { id }) : null;
    if (!group) throw new NotFoundException(GROUP_NOT_FOUND);
    return group;
  }

  /** Companies are the distinct companies of active relations (as groups.xlsx counts them). */
  async list(): Promise<{ groups: SuperAdminGroupRow[] }> {
    const records = await this.em.execute<ListRecord[]>(
      `select g.id, g.name, g.type, g.status, g.vhost, h.id as host_id, h.name as host_name,
          (select count(distinct r.company_id) from company_group_relations r
            where r.community_id = g.id and r.is_active) as companies
        from communities g left join companies h on h.id = g.sponsor_company_id
        order by g.name, g.id`,
    );
    return {
      groups: records.map((record) => ({
        id: record.id,
        name: record.name,
        type: record.type,
        status: record.status,
        host: record.host_id === null ? null : { id: record.host_id, name: record.host_name ?? '' },
        companies: Number(record.companies),
        registration_page: registrationPageOf(record, this.config.PUBLIC_URL),
      })),
    };
  }

  async get(id: number) {
    const group = await this.group(id);
    await this.em.populate(group, ['sponsorCompany', 'department', 'document']);
    return { group: toSuperAdminGroup(group, this.config.PUBLIC_URL) };
  }

  async search(term: string) {
    const escaped = term.replace(/[\\%_]/g, (char) => `\\${char}`);
    const groups = await this.em.find(
      Community,
      { name: { $ilike: `%${escaped}%` } },
      { orderBy: { name: 'asc', id: 'asc' }, limit: 20 },
    );
    return { groups: groups.map((group) => ({ id: group.id, name: group.name, type: group.type })) };
  }

  /**
   * Deletes a group with what belongs only to it (inactive relations, its shared documents, registration
   * defaults; the database cascades) and its stored files. Refused with 409 while others depend on it: active
   * partners, cases routed through it (its process, processes offered to it, departments it serves), onboarding
   * applications (payments stay traceable) and processes offered to it (they would become open to everyone).
   */
  async delete(id: number) {
    const group = await this.group(id);
    await this.assertDeletable(group);
    const documents = await this.em.find(GroupDocument, { community: group, filePath: { $ne: null } });
    const files = [
      group.bannerPath,
      group.logoPath,
      group.addendumPath,
      group.codeOfConductPath,
      group.currentLicensePath,
      ...documents.map((doc) => doc.filePath),
    ];
    await this.em.transactional((em) => em.nativeDelete(Community, { id: group.id }));
    this.em.clear();
    // Rows first: a file left behind by a failed delete is unreachable, never a dangling row.
    await removeStoredFiles(this.storage, files).catch(() => undefined);
    return { success: true, message: GROUP_DELETED };
  }

  private async assertDeletable(group: Community): Promise<void> {
    const [counts] = await this.em.execute<Dependants[]>(
      `select
          (select count(distinct r.company_id) from company_group_relations r
            where r.community_id = g.id and r.is_active) as partners,
          (select count(*) from cases c
            where c.document_id = g.document_id
              or c.document_id in (select dg.document_id from document_groups dg where dg.community_id = g.id)
              or c.receiver_department_id in (select d.id from departments d where d.community_id = g.id)) as cases,
          (select count(*) from onboarding_sessions s where s.community_id = g.id) as applications,
          (select count(*) from document_groups dg where dg.community_id = g.id) as processes
        from communities g where g.id = ?`,
      [group.id],
    );
    const reasons: string[] = [];
    const partners = Number(counts.partners);
    const cases = Number(counts.cases);
    const applications = Number(counts.applications);
    const processes = Number(counts.processes);
    if (partners) reasons.push(`has ${plural(partners, 'active partner', 'active partners')}`);
    if (cases) reasons.push(`has ${plural(cases, 'case', 'cases')} routed through it`);
    if (applications) reasons.push(`has ${plural(applications, 'onboarding application', 'onboarding applications')}`);
    if (processes) reasons.push(`has ${plural(processes, 'process', 'processes')} offered to it`);
    if (reasons.length) {
      throw new ConflictException(
        `${group.name} cannot be deleted: it ${reasons.join(', ')}. Set the group inactive instead.`,
      );
    }
  }

  /** The addendum as a download: application/pdf when its content is a PDF, an octet-stream otherwise. */
  async addendum(id: number): Promise<StoredFileDownload> {
    const group = await this.group(id);
    const fileName = `${(group.addendumName || 'addendum').replace(/\.pdf$/i, '')}.pdf`;
    const file = await openStoredFile(this.storage, group.addendumPath, fileName, 'agreement');
    if (!file) throw new NotFoundException('This group has no addendum.');
    return file;
  }
}
