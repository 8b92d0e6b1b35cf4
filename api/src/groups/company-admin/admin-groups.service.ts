import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { CompanyGroupRelation, groupPartnersQuery, type GroupPartnerRecord } from '@casebridge/db';
import { type ServerConfig, type FileStorage } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { AdminGroupDetail, MembershipType, MyGroupRelation, PartnerCompanyRow } from '@casebridge/contracts';
import { basename } from 'node:path';
import type { Actor } from '../../platform/access/actor';
import { openStoredFile, type StoredFileDownload } from '../../platform/common/stored-files';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { toAdminGroup, toMyRelation } from './admin-groups.mappers';
import { GroupAccessService, type GroupMembership } from './group-access.service';
import { partnersVisible } from './group-partners';
import { FILE_STORAGE } from '../../platform/storage/storage.module';

export type GroupFileKind = 'addendum' | 'current_license' | 'code_of_conduct';

const FILE_LABELS: Record<GroupFileKind, string> = {
  addendum: 'addendum',
  current_license: 'current license',
  code_of_conduct: 'code of conduct',
};

/** Partner tables are not paged; the exports carry every row. */
const PARTNERS_SHOWN_MAX = 5000;

function toPartner(record: GroupPartnerRecord) {
  return {
    company: { id: record.company_id, name: record.company },
    department: record.department_id === null ? null : { id: record.department_id, name: record.department ?? '' },
    document: record.document_id === null ? null : { id: record.document_id, name: record.process ?? '' },
    membership: record.membership as MembershipType,
  };
}

/** Partner groups of the admin's company: the list, one group with its partners, its agreements, My Partners. */
@Injectable()
export class AdminGroupsService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly em: EntityManager,
    private readonly access: GroupAccessService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async list(actor: Actor): Promise<{ groups: MyGroupRelation[] }> {
    const relations = await this.em.find(
      CompanyGroupRelation,
      { company: this.access.companyOf(actor), isActive: true, community: { status: 'active' } },
      {
        populate: ['community.sponsorCompany', 'department', 'document'],
        orderBy: { community: { name: 'asc' }, id: 'asc' },
      },
    );
    return { groups: relations.map(toMyRelation) };
  }

  async detail(actor: Actor, groupId: number): Promise<z.infer<typeof AdminGroupDetail>> {
    const membership = await this.access.membership(actor, groupId);
    const visible = partnersVisible(membership.relation.community, membership.companyId);
    return {
      group: toAdminGroup(membership.relation),
      partners: visible ? await this.partnersOf(membership) : [],
      partners_visible: visible,
    };
  }

  async group(actor: Actor, groupId: number) {
    const membership = await this.access.membership(actor, groupId);
    return { group: toAdminGroup(membership.relation) };
  }

  async file(actor: Actor, groupId: number, kind: GroupFileKind): Promise<StoredFileDownload> {
    const { relation } = await this.access.membership(actor, groupId);
    const group = relation.community;
    const stored = {
      addendum: group.addendumPath,
      current_license: group.currentLicensePath,
      code_of_conduct: group.codeOfConductPath,
    }[kind];
    const file = stored && (await openStoredFile(this.storage, stored, basename(stored), 'agreement'));
    if (!file) throw new NotFoundException(`This group has no ${FILE_LABELS[kind]}.`);
    return file;
  }

  /** My Partners: the members each group of the company lets it see (libs/db groupPartnersQuery). */
  async partnerCompanies(actor: Actor): Promise<{ partners: z.infer<typeof PartnerCompanyRow>[] }> {
    const records = await this.partnerRecords(this.access.companyOf(actor), null);
    const rows: z.infer<typeof PartnerCompanyRow>[] = [];
    const seen = new Set<string>();
    for (const record of records) {
      // A partner present through several departments with the same process is listed once per group.
      const key = `${record.group_id}:${record.company_id}:${record.document_id ?? 0}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const partner = toPartner(record);
      rows.push({
        company: partner.company,
        group: { id: record.group_id, name: record.group_name },
        membership: partner.membership,
        collaboration_process: partner.document,
      });
    }
    rows.sort((a, b) => a.company.name.localeCompare(b.company.name) || a.group.name.localeCompare(b.group.name));
    return { partners: rows };
  }

  private async partnersOf({ companyId, relation }: GroupMembership) {
    const records = await this.partnerRecords(companyId, relation.community.id);
    return records.map(toPartner).sort((a, b) => a.company.name.localeCompare(b.company.name));
  }

  private async partnerRecords(companyId: number, groupId: number | null): Promise<GroupPartnerRecord[]> {
    const query = groupPartnersQuery({ companyId, groupId, limit: PARTNERS_SHOWN_MAX });
    return this.em.execute<GroupPartnerRecord[]>(query.sql, query.params);
  }
}
