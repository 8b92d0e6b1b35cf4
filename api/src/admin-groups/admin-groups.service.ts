import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { CompanyGroupRelation, type ServerConfig } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { AdminGroupDetail, MyGroupRelation, PartnerCompanyRow } from '@casebridge/contracts';
import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Actor } from '../access/actor';
import { storedFilePath } from '../common/stored-files';
import { SERVER_CONFIG } from '../config/config.module';
import { toAdminGroup, toMyRelation } from './admin-groups.mappers';
import { GroupAccessService, type GroupMembership } from './group-access.service';
import { partnerScope, partnersVisible } from './group-partners';

export type GroupFileKind = 'addendum' | 'current_license' | 'code_of_conduct';

export interface StoredDownload {
  stream: ReadStream;
  fileName: string;
  size: number;
}

const FILE_LABELS: Record<GroupFileKind, string> = {
  addendum: 'addendum',
  current_license: 'current license',
  code_of_conduct: 'code of conduct',
};

/** Partner groups of the admin's company: the list, one group with its partners, its agreements, My Partners. */
@Injectable()
export class AdminGroupsService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: GroupAccessService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async list(actor: Actor): Promise<{ groups: MyGroupRelation[] }> {
    const relations = await this.em.find(
      CompanyGroupRelation,
      { company: this.access.companyOf(actor), isActive: true, community: { status: 'active' } },
      { populate: ['community', 'department', 'document'], orderBy: { community: { name: 'asc' }, id: 'asc' } },
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

  async file(actor: Actor, groupId: number, kind: GroupFileKind): Promise<StoredDownload> {
    const { relation } = await this.access.membership(actor, groupId);
    const group = relation.community;
    const stored = {
      addendum: group.addendumPath,
      current_license: group.currentLicensePath,
      code_of_conduct: group.codeOfConductPath,
    }[kind];
    const missing = new NotFoundException(`This group has no ${FILE_LABELS[kind]}.`);
    const path = stored ? storedFilePath(this.config.STORAGE_DIR, stored) : null;
    if (!path) throw missing;
    const size = await stat(path).then(
      (info) => (info.isFile() ? info.size : null),
      () => null,
    );
    if (size === null) throw missing;
    return { stream: createReadStream(path), fileName: basename(path), size };
  }

  /** My Partners: for each group of the company, the members it sees as partners (see partnerScope). */
  async partnerCompanies(actor: Actor): Promise<{ partners: z.infer<typeof PartnerCompanyRow>[] }> {
    const companyId = this.access.companyOf(actor);
    const mine = await this.em.find(
      CompanyGroupRelation,
      { company: companyId, isActive: true, community: { status: 'active' } },
      { populate: ['community.sponsorCompany'], orderBy: { id: 'asc' } },
    );
    const rows: z.infer<typeof PartnerCompanyRow>[] = [];
    const seen = new Set<string>();
    for (const relation of mine) {
      for (const partner of await this.partnersOf({ companyId, relation })) {
        const key = `${relation.community.id}:${partner.company.id}:${partner.document?.id ?? 0}`;
        if (seen.has(key)) continue;
        seen.add(key);
        rows.push({
          company: partner.company,
          group: { id: relation.community.id, name: relation.community.name },
          membership: partner.membership,
          collaboration_process: partner.document,
        });
      }
    }
    rows.sort((a, b) => a.company.name.localeCompare(b.company.name) || a.group.name.localeCompare(b.group.name));
    return { partners: rows };
  }

  private async partnersOf({ companyId, relation }: GroupMembership) {
    const community = relation.community;
    const scope = partnerScope(community, relation, companyId);
    const others = await this.em.find(
      CompanyGroupRelation,
      {
        community,
        isActive: true,
        company: {
          id: scope === 'sponsor' ? (community.sponsorCompany?.id ?? -1) : { $ne: companyId },
          status: 'active',
        },
      },
      { populate: ['company', 'department', 'document'], orderBy: { company: { name: 'asc' }, id: 'asc' } },
    );
    return others.map((other) => ({
      company: { id: other.company.id, name: other.company.name },
      department: other.department ? { id: other.department.id, name: other.department.name } : null,
      document:
        other.document && !other.document.deletedAt ? { id: other.document.id, name: other.document.name } : null,
      membership: other.company.membershipType,
    }));
  }
}
